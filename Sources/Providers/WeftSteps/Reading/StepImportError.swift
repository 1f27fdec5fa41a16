/// Why a step export could not be imported.
public enum StepImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The file has no header line.
    case empty(file: String)
    /// No known layout matches the header.
    case unknownFormat(file: String, header: [String])
    /// The header lacks a column the (chosen) format needs.
    case missingColumn(file: String, line: Int, format: String, column: String)
    /// A format override names no known format.
    case unknownFormatName(String)
    /// A date layout contains letters that are not date fields.
    case badDateFormat(format: String)
    /// More than the tolerated share of rows were bad; `first` holds up to ten of them.
    case tooManyBadRows(file: String, bad: Int, total: Int, first: [StepIssue])
    /// A per-day Google Fit file whose name carries no date.
    case noDateInFileName(file: String)

    /// The file the error is about, when it is about one.
    public var file: String? {
        switch self {
        case .unreadable(let file, _), .empty(let file), .unknownFormat(let file, _), .missingColumn(let file, _, _, _),
            .tooManyBadRows(let file, _, _, _), .noDateInFileName(let file):
            file
        case .unknownFormatName, .badDateFormat: nil
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): return "\(file): cannot read the file: \(reason)"
        case .empty(let file): return "\(file): the file is empty; expected a CSV header line"
        case .unknownFormat(let file, let header):
            return "\(file):1: unknown step export layout (header: \(header.joined(separator: ","))); "
                + "set format = \"…\" or a generic column mapping"
        case .missingColumn(let file, let line, let format, let column):
            return "\(file):\(line): the \(format) layout needs a column \"\(column)\", which the header lacks"
        case .unknownFormatName(let name):
            return "unknown step format \"\(name)\"; known: \(StepFormat.allNames.joined(separator: ", "))"
        case .badDateFormat(let format):
            return "date format \"\(format)\" has letters that are not date fields (use yyyy MM dd HH mm ss SSS Z a)"
        case .tooManyBadRows(let file, let bad, let total, let first):
            let examples = first.prefix(3).map(\.description).joined(separator: "; ")
            return "\(file): \(bad) of \(total) rows are bad (more than 1%), so the file was not imported "
                + "(set lenient = true to import the good rows): \(examples)"
        case .noDateInFileName(let file):
            return "\(file): a Google Fit per-day file must be named YYYY-MM-DD.csv; its rows carry times only"
        }
    }
}
