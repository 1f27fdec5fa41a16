/// Why a habit export could not be imported.
public enum HabitImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The file has no header line.
    case empty(file: String)
    /// The header is not identitybuilder's and no column mapping was given.
    case unknownFormat(file: String, header: [String])
    /// The header lacks a column the layout needs.
    case missingColumn(file: String, format: String, column: String)
    /// Every data row was bad, so nothing would be imported.
    case noGoodRows(file: String, first: HabitIssue)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): return "\(file): cannot read the file: \(reason)"
        case .empty(let file): return "\(file): the file is empty; expected a CSV header line"
        case .unknownFormat(let file, let header):
            return "\(file):1: unknown habit export layout (header: \(header.joined(separator: ","))); expected "
                + "identitybuilder's Habit,Identity,Experiments,Schedule,CompletionDate, or set habit_column and "
                + "date_column (--habit-column, --date-column)"
        case .missingColumn(let file, let format, let column):
            return "\(file):1: the \(format) layout needs a column \"\(column)\", which the header lacks"
        case .noGoodRows(let file, let first):
            return "\(file): no row could be imported; first: \(first)"
        }
    }
}

/// A row that was skipped, with where it is and why.
public struct HabitIssue: Sendable, Equatable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The 1-based line the row starts on.
    public var line: Int
    /// What is wrong with it.
    var reason: String

    public var description: String { "\(file):\(line): \(reason)" }
}
