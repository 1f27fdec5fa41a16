import Foundation
import WeftPrimitives
import WeftCore

/// Reads step exports into samples and daily totals.
public enum StepImporter {
    /// Reads one file; `file` names it in messages and, for Google Fit per-day files, gives the date.
    static func importFile(atPath path: String, options: StepImportOptions) throws(StepImportError) -> StepBatch {
        // Apple Health's export is a zip or XML, streamed; JSON and databases go to their readers; the rest is CSV.
        switch try AppleHealthImporter.container(atPath: path) {
        case .zip:
            return try checked(AppleHealthImporter.importZip(atPath: path, options: options), file: path, options: options)
        case .xml:
            return try checked(AppleHealthImporter.importXML(atPath: path, options: options), file: path, options: options)
        case .other: break
        }
        if let batch = try StepExportRouter.importNonCSV(atPath: path, options: options) {
            return try checked(batch, file: path, options: options)
        }
        return try importReader(try CSVReader(contentsOfFile: path), file: path, options: options)
    }

    /// Reads one file's bytes.
    public static func importData<Bytes: Collection>(_ bytes: Bytes, file: String, options: StepImportOptions)
        throws(StepImportError) -> StepBatch where Bytes.Element == UInt8
    {
        if let batch = try StepExportRouter.importNonCSV(bytes: bytes, file: file, options: options) {
            return try checked(batch, file: file, options: options)
        }
        return try importReader(CSVReader(bytes: bytes), file: file, options: options)
    }

    private static func importReader(_ reader: consuming CSVReader, file: String, options: StepImportOptions)
        throws(StepImportError) -> StepBatch
    {
        var reader = reader
        guard reader.next() else { throw reader.failure ?? .empty(file: file) }
        // Samsung writes a metadata line (`com.samsung.shealth.step_daily_trend,7006011,6`) above the header.
        if reader.string(0).hasPrefix("com.samsung."), reader.count <= 4 {
            guard reader.next() else { throw .empty(file: file) }
        }
        // A chosen format is read by its layout; JSON never gets here (the router sends it to its readers).
        var layout: (any CSVLayout.Type)?
        if let format = options.format {
            guard let chosen = format.csvLayout else {
                throw .unrecognised(file: file, found: "text that is not JSON, which --format \(format.name) needs")
            }
            layout = chosen
        }
        // Some producers write other things above the header (the fitbit.com export's sections).
        for candidate in layout.map({ [$0] }) ?? CSVLayouts.all {
            if try candidate.findHeader(&reader, file: file) {
                layout = candidate
                break
            }
        }
        let header = StepHeader(reader.strings)
        let headerLine = reader.line
        guard let chosen = layout ?? CSVLayouts.detect(header) else {
            throw .unknownFormat(file: file, line: headerLine, header: header.names)
        }
        var rows = CSVRows(
            file: file, header: header, headerLine: headerLine, options: options, layout: chosen.name,
            mapping: options.format?.mapping)
        rows.decimalComma = reader.delimiter == UInt8(ascii: ";")
        try chosen.read(&rows, &reader)
        if let failure = reader.failure { throw failure }
        if let line = rows.truncatedLine { throw .truncated(file: file, line: line, record: "a row") }
        return try checked(rows.batch, file: file, options: options)
    }

    /// The batch, unless more than the tolerated share of its rows were bad.
    private static func checked(_ batch: StepBatch, file: String, options: StepImportOptions) throws(StepImportError)
        -> StepBatch
    {
        if !options.lenient, batch.rowCount > 0,
            Double(batch.issueCount) > options.maxBadFraction * Double(batch.rowCount)
        {
            throw .tooManyBadRows(
                file: file, bad: batch.issueCount, total: batch.rowCount, first: Array(batch.issues.prefix(10)))
        }
        return batch
    }

    /// Reads several files into one batch, each on its own (``FileReads``): a file that cannot be imported
    /// (unreadable, unknown layout, too many bad rows) is left out whole and its error returned beside the others'
    /// rows.
    /// Several Google Fit streams of the same steps count as one (``GoogleFitStream/choose(_:)``).
    static func importFiles(atPaths paths: [String], options: StepImportOptions) -> StepFilesRead {
        var batch = StepBatch()
        var reads = FileReads<StepImportError>()
        var streams: [(stream: GoogleFitStream, batch: StepBatch)] = []
        var kept = options.keptSources
        var notes: [String] = []
        reads.read(paths) { path throws(StepImportError) in
            let read = try importFile(atPath: path, options: options)
            let names = options.assignedSource.map { [$0] } ?? read.sources.map(\.name)
            let added = Set(names).subtracting(kept)
            if kept.count + added.count > StepImportOptions.maxSources {
                throw .tooManySources(
                    file: path, adding: added.count, kept: kept.count, limit: StepImportOptions.maxSources)
            }
            kept.formUnion(added)
            if options.assignedSource == nil, let mapping = options.format?.mapping, mapping.source == nil,
                mapping.sourceName == nil, let name = names.first
            {
                notes.append(
                    "\(path): no source column, so its rows count as the source \"\(name)\" (a newer export of the "
                        + "same file replaces them; --source NAME names another)")
            }
            if let stream = read.googleFitStream { streams.append((stream, read)) } else { batch.append(read) }
        }
        let (chosen, note) = GoogleFitStream.choose(streams)
        for read in chosen { batch.append(read) }
        var result = StepFilesRead(batch: batch, reads: reads)
        result.notes = notes
        if let note { result.notes.append(note) }
        return result
    }
}

/// What reading several step exports gave: the rows of the files that could be imported, and why the others
/// could not.
public struct StepFilesRead: Sendable {
    /// The rows of every file that was imported.
    var batch: StepBatch
    /// Which files were read and which were left out, with their errors.
    public private(set) var reads: FileReads<StepImportError>
    /// Lines about choices the import made (which Google Fit stream was counted), for its summary.
    public internal(set) var notes: [String] = []

    /// One error per file left out, in the order the files were given.
    public var failures: [StepImportError] { reads.errors }
    /// How many files went into the batch.
    public var importedFiles: Int { reads.readCount }

    /// The batch, or the first failure when files were given and none could be imported.
    public func batchIfAnyFileWasRead() throws(StepImportError) -> StepBatch {
        try reads.requireAnyRead()
        return batch
    }

    /// Like `batchIfAnyFileWasRead`, leaving an empty batch here: the caller then holds the only reference to the
    /// samples and can let them go once the archive has them (`rebuild(adding: consume batch, …)`).
    public mutating func takeBatch() throws(StepImportError) -> StepBatch {
        let taken = try batchIfAnyFileWasRead()
        batch = StepBatch()
        return taken
    }
}
