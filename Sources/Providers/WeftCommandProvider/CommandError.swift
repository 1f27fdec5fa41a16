import Foundation
import WeftPrimitives
import WeftSpawn

/// Why a `command` provider's run failed; each message names the command.
enum CommandError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotStart(SpawnError)
    case exited(command: String, status: Int32, stderr: String)
    case signalled(command: String, signal: Int32)
    case timedOut(command: String, seconds: Double)
    case outputTooLarge(command: String, limit: Int)
    case notJSON(command: String, reason: String, excerpt: String)
    case notAnObject(command: String, found: String)
    case unsupportedValue(command: String, key: String, found: String)

    var description: String {
        switch self {
        case .cannotStart(let error):
            return "\(error)"
        case .exited(let command, let status, let stderr):
            return "`\(command)` exited with status \(status)" + (stderr.isEmpty ? "" : ": \(stderr)")
        case .signalled(let command, let signal):
            return "`\(command)` was killed by signal \(signal)"
        case .timedOut(let command, let seconds):
            return "`\(command)` did not finish within \(NumberText.trimmed(seconds, maxDecimals: 1) + " s"); it was stopped"
        case .outputTooLarge(let command, let limit):
            return "`\(command)` printed more than \(limit) bytes (max_output); it was stopped"
        case .notJSON(let command, let reason, let excerpt):
            return "`\(command)` printed something that is not JSON (\(reason)): \"\(excerpt)\""
        case .notAnObject(let command, let found):
            return "`\(command)` printed JSON that is \(found), not an object; it must print one JSON object of string "
                + "or number values, such as {\"load\": 0.4, \"state\": \"ok\"}"
        case .unsupportedValue(let command, let key, let found):
            return "`\(command)` printed \(found) for \"\(key)\"; values must be strings or numbers (or null)"
        }
    }
}
