/// Why a calendar could not be loaded at all; the caller should keep its last good snapshot.
public enum CalendarError: Error, Sendable, Equatable, CustomStringConvertible {
    /// libical could not make a calendar of the text: empty, garbage, no VCALENDAR, or truncated.
    case unparseable(file: String, reason: String)
    /// The file or directory could not be read.
    case unreadable(file: String, reason: String)

    /// The file concerned.
    public var file: String {
        switch self {
        case .unparseable(let file, _), .unreadable(let file, _): return file
        }
    }

    /// A message naming the file and what to check.
    public var description: String { "\(file): \(problem)" }

    /// What is wrong, without the file.
    var problem: String {
        switch self {
        case .unparseable(_, let reason): return "not a usable iCalendar file: \(reason)"
        case .unreadable(_, let reason): return "cannot read: \(reason)"
        }
    }
}
