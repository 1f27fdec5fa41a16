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
    /// No reader understands the file; `found` says what it looks like ("an SQLite database without …").
    case unrecognised(file: String, found: String)
    /// The file ends in the middle of a record (`record` says which), so none of it was imported.
    case truncated(file: String, line: Int, record: String)
    /// The file is not well-formed where a reader needs it to be (JSON syntax, a database that cannot be read).
    case malformed(file: String, line: Int, message: String)

    /// The file the error is about, when it is about one.
    public var file: String? {
        switch self {
        case .unreadable(let file, _), .empty(let file), .unknownFormat(let file, _), .missingColumn(let file, _, _, _),
            .tooManyBadRows(let file, _, _, _), .noDateInFileName(let file), .unrecognised(let file, _),
            .truncated(let file, _, _), .malformed(let file, _, _):
            file
        case .unknownFormatName, .badDateFormat: nil
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): return "\(file): cannot read the file: \(reason)"
        case .empty(let file): return "\(file): the file is empty; expected a CSV header line"
        case .unknownFormat(let file, let header):
            return "\(file):1: unknown step export layout (header: \(Self.printable(header.joined(separator: ",")))); "
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
        case .unrecognised(let file, let found):
            return
                "\(file): not a step export weft reads: \(found) (see `weft steps import --help` for the ones it does)"
        case .truncated(let file, let line, let record):
            return "\(file):\(line): the file ends in the middle of \(record) (cut off while copying or exporting?); "
                + "nothing of it was imported, export it again"
        case .malformed(let file, let line, let message):
            return "\(file)\(line > 0 ? ":\(line)" : ""): \(message); nothing of the file was imported"
        }
    }

    /// Text from a file made safe for a terminal: control characters and invalid UTF-8 shown as `\u{…}` / `?`,
    /// and at most 200 characters, so a binary file read as CSV cannot write escape sequences or pages of noise.
    static func printable(_ text: String) -> String {
        var result = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= 200 {
                result += "…"
                break
            }
            switch scalar.properties.generalCategory {
            case .control, .format, .privateUse, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator:
                result += scalar == "\u{FFFD}" ? "?" : "\\u{\(String(scalar.value, radix: 16))}"
            default:
                result.unicodeScalars.append(scalar == "\u{FFFD}" ? "?" : scalar)
            }
            count += 1
        }
        return result
    }
}
