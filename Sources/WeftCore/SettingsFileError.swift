import Foundation

/// A problem in a consumer's settings file (`bar.toml`, `notify.toml`), placed on its line where one is known.
public enum SettingsFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file cannot be read: `what` names it for the message (`the bar file`), `hint` says what to do, if anything.
    case unreadable(file: String, what: String, reason: String, hint: String? = nil)
    case malformed(file: String, line: Int, column: Int, message: String)
    case invalid(file: String, line: Int?, message: String)

    /// Why `path` could not be read, in words (`error` is what reading it threw): never a Foundation error dump.
    public static func reason(reading path: String, _ error: Error) -> String {
        FileManager.default.fileExists(atPath: path) ? (error as NSError).localizedDescription : "no such file"
    }

    /// The file it is about.
    public var file: String {
        switch self {
        case .unreadable(let file, _, _, _), .malformed(let file, _, _, _), .invalid(let file, _, _): file
        }
    }

    /// The line it is about, when known.
    public var line: Int? {
        switch self {
        case .unreadable: nil
        case .malformed(_, let line, _, _): line
        case .invalid(_, let line, _): line
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let file, let what, let reason, let hint):
            "\(file): cannot read \(what): \(reason)" + (hint.map { "; " + $0 } ?? "")
        case .malformed(let file, let line, let column, let message):
            "\(file):\(line):\(column): malformed TOML: \(message)"
        case .invalid(let file, let line, let message): "\(line.map { "\(file):\($0)" } ?? file): \(message)"
        }
    }
}
