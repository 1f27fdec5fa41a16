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
    public var description: String {
        switch self {
        case .unparseable(let file, let reason): return "\(file): not a usable iCalendar file: \(reason)"
        case .unreadable(let file, let reason): return "\(file): cannot read: \(reason)"
        }
    }
}
