import Foundation
import WeftPrimitives

/// The reading state every CSV layout shares: the file's header, the import options and the batch being filled,
/// with the one way each kind of cell (a date, a day, a number, a source) is read and each bad row reported with its
/// line.
struct CSVRows {
    /// The file, for messages (and Google Fit's per-day files, the date in its name).
    let file: String
    /// The header row.
    let header: StepHeader
    /// The header's line, for messages about a missing column.
    let headerLine: Int
    /// The import's options.
    let options: StepImportOptions
    /// The layout's name, for messages.
    let layout: String
    /// The column mapping of a `generic` import.
    let mapping: GenericMapping?
    /// Whether numbers use a decimal comma (a `;`-separated file).
    var decimalComma = false
    /// What the rows yielded so far.
    var batch = StepBatch()
    /// The line of a last row that is cut short (fewer fields than the header, no line break after it).
    private(set) var truncatedLine: Int?
    /// The zone of local times in the file.
    var zone: ZoneConverter
    private var sourceLookup = SourceLookup()

    init(
        file: String, header: StepHeader, headerLine: Int, options: StepImportOptions, layout: String,
        mapping: GenericMapping? = nil
    ) {
        self.file = file
        self.header = header
        self.headerLine = headerLine
        self.options = options
        self.layout = layout
        self.mapping = mapping
        self.zone = ZoneConverter(timeZone: options.timeZone)
    }

    /// The next data row; false at the end. A row whose quote never closes swallowed the rest of the file, so it is
    /// reported and ends it; a last row cut short ends it too (``truncatedLine``).
    mutating func next(_ reader: inout CSVReader) -> Bool {
        guard reader.next() else { return false }
        if let progress = options.progress, batch.rowCount % 65_536 == 0 {
            progress(
                StepProgress(
                    file: file, rows: batch.rowCount, bytesRead: reader.bytesRead, totalBytes: reader.totalBytes))
        }
        guard !reader.hasUnterminatedQuote else {
            batch.rowCount += 1
            bad(reader.line, "a quoted field is never closed (missing \")")
            return false
        }
        if reader.endsWithoutNewline, !reader.isBlankRow, reader.count < header.names.count {
            truncatedLine = reader.line
            return false
        }
        return true
    }

    /// The column the layout needs (matched as ``StepHeader/index(_:)`` does).
    func require(_ name: String) throws(StepImportError) -> Int {
        guard let index = header.index(name) else { throw missing(name) }
        return index
    }

    /// The column a user's mapping names (``StepHeader/column(named:)``).
    func column(named name: String) throws(StepImportError) -> Int {
        guard let index = header.column(named: name) else { throw missing(name) }
        return index
    }

    /// The error for a column the header lacks.
    func missing(_ column: String) -> StepImportError {
        .missingColumn(file: file, line: headerLine, format: layout, column: column)
    }

    /// Reports a bad row, which is skipped.
    mutating func bad(_ line: Int, _ message: String) {
        batch.skip(StepIssue(file: file, line: line, message: message))
    }

    /// What is wrong with a cell that is not `expected`: missing, empty or the text it holds.
    func describe(_ reader: CSVReader, _ column: Int, _ name: String, expected: String) -> String {
        if column >= reader.count { return "the row has no \(name) column (only \(reader.count) fields)" }
        if reader.isEmpty(column) { return "empty \(name)" }
        return "\"\(reader.string(column))\" in \(name) is not \(expected)"
    }

    /// The date fields of a cell, or nil with the row reported.
    mutating func fields(_ reader: CSVReader, _ column: Int, _ name: String, _ dates: inout PatternSet)
        -> DateFields?
    {
        if let fields = dates.match(reader.bytes(column)) { return fields }
        bad(reader.line, describe(reader, column, name, expected: "a date like \(dates.expected)"))
        return nil
    }

    /// The instant of a cell, seconds since 1970: a local time without an offset is in the import's zone.
    mutating func instant(_ reader: CSVReader, _ column: Int, _ name: String, _ dates: inout PatternSet)
        -> Double?
    {
        guard let fields = fields(reader, column, name, &dates) else { return nil }
        return instant(of: fields)
    }

    /// The instant of a date cell and a time-of-day cell read as one text (`05.01.2024` and `08:00` as
    /// `05.01.2024 08:00`, matched by `dates`), or nil with the row reported.
    mutating func instant(_ reader: CSVReader, date: Int, time: Int, _ name: String, _ dates: inout PatternSet)
        -> Double?
    {
        for column in [date, time] where column >= reader.count || reader.isEmpty(column) {
            bad(reader.line, describe(reader, column, name, expected: "a date"))
            return nil
        }
        var joined = Array(reader.bytes(date))
        joined.append(UInt8(ascii: " "))
        joined.append(contentsOf: reader.bytes(time))
        guard let fields = joined.withUnsafeBufferPointer({ dates.match($0) }) else {
            let text = StepImportError.printable(String(decoding: joined.prefix(80), as: UTF8.self))
            bad(reader.line, "\"\(text)\" in \(name) is not a date like \(dates.expected)")
            return nil
        }
        return instant(of: fields)
    }

    /// The instant of parsed date fields: a local time without an offset is in the import's zone.
    private mutating func instant(of fields: DateFields) -> Double {
        if let instant = fields.instant { return instant }
        let wall = fields.wallSeconds
        if let offset = fields.offset { return Double(wall - Int64(offset)) + fields.fraction }
        return Double(zone.instant(wallSeconds: wall)) + fields.fraction
    }

    /// The instant of a time of day on local day `day`.
    mutating func instant(of fields: DateFields, onDay day: Int64) -> Double {
        let wall = day * 86_400 + Int64(fields.hour * 3600 + fields.minute * 60 + fields.second)
        if let offset = fields.offset { return Double(wall - Int64(offset)) + fields.fraction }
        return Double(zone.instant(wallSeconds: wall)) + fields.fraction
    }

    /// The calendar day of a cell (an instant's UTC day), or nil with the row reported.
    mutating func day(_ reader: CSVReader, _ column: Int, _ name: String, _ dates: inout PatternSet) -> StepDay? {
        guard let fields = fields(reader, column, name, &dates) else { return nil }
        if let instant = fields.instant {
            return StepDay(dayNumber: Instant.wholeSeconds(sinceEpoch: instant).floorDiv(86_400))
        }
        return StepDay(year: fields.year, month: fields.month, day: fields.day)
    }

    /// A count in a cell (a decimal comma when the file is `;`-separated), or nil with the row reported: not a
    /// number, negative (unless `allowNegative`), or more than any sample of a day can hold.
    mutating func number(_ reader: CSVReader, _ column: Int, _ name: String, allowNegative: Bool = false)
        -> Double?
    {
        guard let value = ByteNumber.parse(reader.bytes(column), decimalComma: decimalComma) else {
            bad(reader.line, describe(reader, column, name, expected: "a number"))
            return nil
        }
        guard value >= 0 || allowNegative, value.isFinite else {
            bad(reader.line, "\(name) is negative (\(reader.string(column)))")
            return nil
        }
        // No count in any export covers more than a day; a day at the fastest cadence bounds every one of them.
        guard value <= StepLimits.dayMaximum else {
            bad(
                reader.line,
                "\(name) \(reader.string(column)) is more steps than a day can hold (at most \(NumberText.plain(StepLimits.dayMaximum)))"
            )
            return nil
        }
        return value
    }

    /// Adds a sample after ``StepLimits/problem(start:end:steps:field:negativeAllowed:)``'s check; false (the row
    /// reported) when it fails. `field` names the steps column in messages.
    @discardableResult
    mutating func addSample(
        source: Int, start: Double, end: Double, steps: Double, field: String, negativeAllowed: Bool = false, line: Int
    ) -> Bool {
        if let problem = StepLimits.problem(
            start: start, end: end, steps: steps, field: field, negativeAllowed: negativeAllowed)
        {
            bad(line, problem)
            return false
        }
        batch.samples.append(StepSample(source: source, start: start, end: end, steps: steps))
        return true
    }

    /// Adds a source's total for a local day.
    mutating func addDailyTotal(source: Int, day: StepDay, steps: Double) {
        batch.dailyTotals.append(DailyStepTotal(source: source, day: day, steps: steps))
    }

    /// Where each row's source comes from: the column `column` naming it (after `prefix`), or, in a file without
    /// that column, the one source `fallback`.
    mutating func sources(column: Int?, prefix: String = "", fallback: String) -> RowSources {
        RowSources(column: column, prefix: prefix, fixed: column == nil ? batch.source(named: fallback) : -1)
    }

    /// The source of the current row; `device` gives a new source's device.
    mutating func source(_ reader: CSVReader, _ sources: RowSources, device: () -> String = { "" }) -> Int {
        guard let column = sources.column else { return sources.fixed }
        let prefix = sources.prefix
        return sourceLookup.index(
            reader.bytes(column), in: &batch, name: { prefix + String(decoding: $0, as: UTF8.self) }, device: device)
    }
}

/// Where a layout's rows name their source (``CSVRows/sources(column:prefix:fallback:)``).
struct RowSources {
    /// The column naming each row's source; nil when the file has none.
    let column: Int?
    /// What goes before the column's text in the source's name.
    let prefix: String
    /// The one source of a file without the column.
    let fixed: Int
}
