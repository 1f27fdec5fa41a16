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
    /// A zip archive without Apple Health's `apple_health_export/export.xml`.
    case notAppleHealthArchive(file: String)
    /// A zip archive that cannot be opened or inflated (damaged or cut short).
    case damagedArchive(file: String, reason: String)
    /// An XML document whose root element is not Apple Health's `HealthData`.
    case notAppleHealthXML(file: String, root: String)
    /// An Apple Health export that ends before its document does (cut short while copying or exporting).
    case truncatedExport(file: String, records: Int, byteOffset: Int, reason: String)
    /// An Apple Health export that is not well-formed XML at `line`.
    case malformedExport(file: String, line: Int, records: Int, byteOffset: Int, reason: String)

    /// The file the error is about, when it is about one.
    public var file: String? {
        switch self {
        case .unreadable(let file, _), .empty(let file), .unknownFormat(let file, _), .missingColumn(let file, _, _, _),
            .tooManyBadRows(let file, _, _, _), .noDateInFileName(let file), .notAppleHealthArchive(let file),
            .damagedArchive(let file, _), .notAppleHealthXML(let file, _), .truncatedExport(let file, _, _, _),
            .malformedExport(let file, _, _, _, _):
            file
        case .unknownFormatName, .badDateFormat: nil
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let file, let reason): return "\(file): cannot read the file: \(reason)"
        case .empty(let file): return "\(file): the file is empty; expected a CSV header line"
        case .unknownFormat(let file, let header):
            let text = header.joined(separator: ",")
            // Bytes that are not text (an executable, an image, a database) are never echoed to the terminal.
            if text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0xFFFD }) {
                return "\(file): a binary file that is not a step export weft knows (a CSV, Apple Health's "
                    + "export.zip or export.xml)"
            }
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
        case .notAppleHealthArchive(let file):
            return "\(file): a zip archive without apple_health_export/export.xml; give the export.zip that Health → "
                + "profile → Export All Health Data makes, or the export.xml inside it"
        case .damagedArchive(let file, let reason):
            return "\(file): a zip archive that cannot be read (\(reason)); nothing of it was imported, so export again"
        case .notAppleHealthXML(let file, let root):
            let found = root.isEmpty ? "" : " (its root element is <\(Self.printable(root))>, not <HealthData>)"
            return "\(file): XML that is not an Apple Health export\(found)"
        case .truncatedExport(let file, let records, let offset, let reason):
            return "\(file): the export stops short after record \(records) (byte \(offset) of the XML: \(reason)); "
                + "nothing of this file was imported and the history is unchanged; export again from the Health app"
        case .malformedExport(let file, let line, let records, let offset, let reason):
            return "\(file):\(line): the export is not well-formed XML after record \(records) (byte \(offset): "
                + "\(Self.printable(reason))); nothing of this file was imported and the history is unchanged"
        }
    }

    /// At most 60 characters, control characters shown as `?`: an element name or parser message from a damaged
    /// file never puts binary bytes on the terminal.
    static func printable(_ text: String) -> String {
        let cleaned = String(
            text.unicodeScalars.prefix(60).map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        return text.unicodeScalars.count > 60 ? cleaned + "…" : cleaned
    }
}
