import Foundation
import WeftCore

/// Why an alarm or timer command could not do what it was asked, in words a user can act on.
public enum AlarmError: EditRefusal, Sendable, Equatable {
    /// No alarm or timer has that label or id; `closest` are names to offer, `known` all of them.
    case notFound(what: String, name: String, closest: [String], known: [String])
    /// The bound on how many there may be.
    case tooMany(what: String, limit: Int)
    /// Two have that label, so it names neither.
    case ambiguous(what: String, name: String, ids: [String])
    /// The alarm is neither ringing nor snoozed.
    case notRinging(label: String, next: String?)
    /// A one-time alarm whose moment is past.
    case inThePast(String)
    /// It has no next occurrence to skip.
    case nothingToSkip(label: String)
    /// A timer that cannot do this in its state (`pause` a paused one).
    case timerState(label: String, state: String, wanted: String)
    /// A schedule that cannot be made (a one-time alarm with --days, an --every that is not 1w…52w).
    case badSchedule(String)
    /// None exist when one was asked for without a name.
    case noneYet(what: String, hint: String)

    public var description: String {
        switch self {
        case .notFound(let what, let name, let closest, let known):
            var text = "no \(what) \"\(name)\""
            if !closest.isEmpty {
                text += "; did you mean \(closest.map { "\"\($0)\"" }.joined(separator: " or "))?"
            } else if !known.isEmpty {
                text += "; known: \(known.joined(separator: ", "))"
            }
            return text
        case .tooMany(let what, let limit):
            return "there are already \(limit) \(what)s, the most weft keeps; remove one first"
        case .ambiguous(let what, let name, let ids):
            return "\(ids.count) \(what)s are called \"\(name)\"; name one by its id: \(ids.joined(separator: ", "))"
        case .notRinging(let label, let next):
            return "\(label) is not ringing or snoozed" + (next.map { " (next: \($0))" } ?? "")
                + "; `weft alarm skip-next` skips its next time"
        case .inThePast(let when): return "\(when) is in the past"
        case .nothingToSkip(let label): return "\(label) has no time left to skip"
        case .timerState(let label, let state, let wanted):
            return "timer \(label) is \(state), so it cannot be \(wanted)"
        case .noneYet(let what, let hint): return "there is no \(what); \(hint)"
        case .badSchedule(let why): return why
        }
    }
}
