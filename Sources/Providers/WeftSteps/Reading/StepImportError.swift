import WeftPrimitives

/// Where a user set up the import an error is shown for, so its message names a setting that exists there.
public enum StepSettingPlace: Sendable {
    /// `weft steps import` (flags).
    case commandLine
    /// A steps provider file's refresh (TOML keys).
    case providerFile
}

/// Why a step export could not be imported.
public enum StepImportError: Error, Sendable, Equatable, CustomStringConvertible, CatalogText {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The file has no header line.
    case empty(file: String)
    /// No known layout matches the header.
    case unknownFormat(file: String, line: Int, header: [String])
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
    /// A zip archive whose export unzips to more than `limit` bytes.
    case unzipsTooLarge(file: String, limit: Int)
    /// An Apple Health export with a start tag (from `line`) longer than `limit` bytes, refused before it is parsed.
    case tagTooLong(file: String, line: Int, limit: Int)
    /// No reader understands the file; `found` says what it looks like ("an SQLite database without …").
    case unrecognised(file: String, found: String)
    /// The file ends in the middle of a record (`record` says which), so none of it was imported.
    case truncated(file: String, line: Int, record: String)
    /// The file names `adding` sources the history does not keep yet, beside the `kept` it does: more than `limit`.
    case tooManySources(file: String, adding: Int, kept: Int, limit: Int)
    /// The file is not well-formed where a reader needs it to be (JSON syntax, a database that cannot be read).
    case malformed(file: String, line: Int, message: String)

    /// The file the error is about, when it is about one.
    public var file: String? {
        switch self {
        case .unreadable(let file, _), .empty(let file), .unknownFormat(let file, _, _),
            .missingColumn(let file, _, _, _),
            .tooManyBadRows(let file, _, _, _), .noDateInFileName(let file), .notAppleHealthArchive(let file),
            .damagedArchive(let file, _), .notAppleHealthXML(let file, _), .truncatedExport(let file, _, _, _),
            .malformedExport(let file, _, _, _, _), .tagTooLong(let file, _, _), .unzipsTooLarge(let file, _),
            .unrecognised(let file, _),
            .truncated(let file, _, _), .malformed(let file, _, _), .tooManySources(let file, _, _, _):
            file
        case .unknownFormatName, .badDateFormat: nil
        }
    }

    /// English, for logs and `--json`; ``text(in:for:)`` says it in the reader's language.
    public var description: String { text(in: .english, for: .providerFile) }

    /// The error in `catalog`'s language, as a provider file's refresh meets it.
    public func text(in catalog: Catalog) -> String { text(in: catalog, for: .providerFile) }

    /// The message in `catalog`'s language for a user who imports from `place`: the settings it names are spelled as
    /// they are set there (`--lenient` on the command line, `lenient = true` in a provider file). What the file
    /// holds (a header, a reason from a parser) is quoted as it is.
    public func text(in catalog: Catalog, for place: StepSettingPlace) -> String {
        let commandLine = place == .commandLine
        switch self {
        case .unreadable(let file, let reason):
            return catalog.text("{file}: cannot read the file: {reason}", ["file": file, "reason": reason])
        case .empty(let file):
            return catalog.text("{file}: the file is empty; expected a CSV header line", ["file": file])
        case .unknownFormat(let file, let line, let header):
            let args = ["place": "\(file):\(line)", "header": Self.printable(header.joined(separator: ","))]
            return commandLine
                ? catalog.text(
                    "{place}: unknown step export layout (header: {header}); give --format NAME, or --format generic with --date-column and --steps-column",
                    args)
                : catalog.text(
                    "{place}: unknown step export layout (header: {header}); set format = \"…\" or a generic column mapping in the steps provider file",
                    args)
        case .missingColumn(let file, let line, let format, let column):
            return catalog.text(
                "{place}: the {format} layout needs a column \"{column}\", which the header lacks",
                ["place": "\(file):\(line)", "format": format, "column": column])
        case .unknownFormatName(let name):
            return catalog.text(
                "unknown step format \"{name}\"; known: {known}",
                ["name": name, "known": StepFormat.allNames.joined(separator: ", ")])
        case .badDateFormat(let format):
            return catalog.text(
                "date format \"{format}\" has letters that are not date fields (use yyyy MM dd HH mm ss SSS Z a)",
                ["format": format])
        case .tooManyBadRows(let file, let bad, let total, let first):
            let args = [
                "file": file, "total": String(total), "lenient": commandLine ? "--lenient" : "lenient = true",
                "examples": first.prefix(3).map(\.description).joined(separator: "; "),
            ]
            return catalog.plural(
                "{file}: {count} of {total} rows is bad (more than 1%), so the file was not imported ({lenient} imports the good rows): {examples}",
                "{file}: {count} of {total} rows are bad (more than 1%), so the file was not imported ({lenient} imports the good rows): {examples}",
                count: bad, args)
        case .noDateInFileName(let file):
            return catalog.text(
                "{file}: a Google Fit per-day file must be named YYYY-MM-DD.csv; its rows carry times only",
                ["file": file])
        case .notAppleHealthArchive(let file):
            return catalog.text(
                "{file}: a zip archive without apple_health_export/export.xml; give the export.zip that Health → profile → Export All Health Data makes, or the export.xml inside it",
                ["file": file])
        case .damagedArchive(let file, let reason):
            return catalog.text(
                "{file}: a zip archive that cannot be read: {reason}; nothing of it was imported, download or export it again",
                ["file": file, "reason": reason])
        case .notAppleHealthXML(let file, let root):
            if root.isEmpty {
                return catalog.text("{file}: XML that is not an Apple Health export", ["file": file])
            }
            return catalog.text(
                "{file}: XML that is not an Apple Health export (its root element is <{root}>, not <HealthData>)",
                ["file": file, "root": Self.printable(root)])
        case .truncatedExport(let file, let records, let offset, let reason):
            return catalog.text(
                "{file}: the export stops short after record {records} (byte {offset} of the XML: {reason}); nothing of this file was imported and the history is unchanged; export again from the Health app",
                ["file": file, "records": String(records), "offset": String(offset), "reason": reason])
        case .malformedExport(let file, let line, let records, let offset, let reason):
            return catalog.text(
                "{place}: the export is not well-formed XML after record {records} (byte {offset}: {reason}); nothing of this file was imported and the history is unchanged",
                [
                    "place": "\(file):\(line)", "records": String(records), "offset": String(offset),
                    "reason": Self.printable(reason),
                ])
        case .unzipsTooLarge(let file, let limit):
            return catalog.text(
                "{file}: the export in this zip unzips to more than {limit} MiB, refused (a zip bomb?); nothing of it was imported. A real export this large: raise max_unzipped_mib in the steps provider file or give --max-unzipped-mib to weft steps import",
                ["file": file, "limit": String(limit >> 20)])
        case .tagTooLong(let file, let line, let limit):
            return catalog.text(
                "{place}: an XML start tag longer than {limit} KiB (an Apple Health export's are a few hundred bytes), refused before parsing it; nothing of this file was imported",
                ["place": "\(file):\(line)", "limit": String(limit / 1024)])
        case .unrecognised(let file, let found):
            return catalog.text(
                "{file}: not a step export weft reads: {found} (see `weft steps import --help` for the ones it does)",
                ["file": file, "found": found])
        case .truncated(let file, let line, let record):
            return catalog.text(
                "{place}: the file ends in the middle of {record} (cut off while copying or exporting?); nothing of it was imported, export it again",
                ["place": "\(file):\(line)", "record": record])
        case .tooManySources(let file, let adding, let kept, let limit):
            let args = ["file": file, "adding": String(adding), "kept": String(kept), "limit": String(limit)]
            let text =
                kept == 0
                ? catalog.text(
                    "{file}: names {adding} step sources: more than the {limit} sources one step history keeps; nothing of it was imported and the history is unchanged",
                    args)
                : catalog.text(
                    "{file}: names {adding} step sources the history does not have yet, beside the {kept} it keeps: more than the {limit} sources one step history keeps; nothing of it was imported and the history is unchanged",
                    args)
            return text + (commandLine ? catalog.text(" (--source NAME counts all its rows as one source)") : "")
        case .malformed(let file, let line, let message):
            return catalog.text(
                "{place}: {message}; nothing of the file was imported",
                ["place": line > 0 ? "\(file):\(line)" : file, "message": message])
        }
    }

    /// Opens an export through the one opener for input files (regular files only), its problem as `unreadable`.
    static func open(_ path: String) throws(StepImportError) -> (descriptor: Int32, size: Int) {
        do {
            return try InputFile.open(path)
        } catch {
            throw .unreadable(file: path, reason: error.description)
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
