import Foundation
import WeftPrimitives

/// Date layouts tried in order, starting with the one that matched last (files rarely mix layouts, but some do).
struct PatternSet {
    let patterns: [DatePattern]
    var last = 0

    init(_ layouts: [String]) {
        var patterns: [DatePattern] = []
        for layout in layouts {
            if let list = try? DatePattern.list(layout) { patterns += list }
        }
        self.patterns = patterns
    }

    init(patterns: [DatePattern]) { self.patterns = patterns }

    mutating func match(_ bytes: UnsafeBufferPointer<UInt8>) -> DateFields? {
        guard !patterns.isEmpty else { return nil }
        if let fields = patterns[last].match(bytes) { return fields }
        for (index, pattern) in patterns.enumerated() where index != last {
            if let fields = pattern.match(bytes) {
                last = index
                return fields
            }
        }
        return nil
    }

    var expected: String { patterns.prefix(3).map(\.description).joined(separator: " or ") }
}

/// Turns the data rows of one file into a batch, one loop per format, reporting bad rows with their line.
struct RowParser {
    let file: String
    let header: StepHeader
    let headerLine: Int
    let options: StepImportOptions
    let format: StepFormat
    var decimalComma = false
    var batch = StepBatch()
    /// The line of a last row that is cut short (fewer fields than the header, no line break after it).
    private(set) var truncatedLine: Int?
    private var zone: ZoneConverter
    private var sourceCache: [[UInt8]: Int] = [:]
    private var lastSource: (bytes: [UInt8], index: Int)?

    init(file: String, header: StepHeader, headerLine: Int, options: StepImportOptions, format: StepFormat) {
        self.file = file
        self.header = header
        self.headerLine = headerLine
        self.options = options
        self.format = format
        self.zone = ZoneConverter(timeZone: options.timeZone)
    }

    mutating func run(_ reader: inout CSVReader) throws(StepImportError) {
        switch format {
        case .appleHealth: try appleHealth(&reader)
        case .healthAutoExport: try healthAutoExport(&reader)
        case .qsAccess: try qsAccess(&reader)
        case .googleFitDaily: try googleFitDaily(&reader)
        case .googleFitIntraday: try googleFitIntraday(&reader)
        case .fitbitDaily: try fitbitDaily(&reader)
        case .fitbitHourly: try fitbitHourly(&reader)
        case .fitbitDashboard: try fitbitDashboard(&reader)
        case .samsungDailyTrend: try samsungDailyTrend(&reader)
        case .gadgetbridge: try gadgetbridge(&reader)
        case .fitbitMinuteWide: try fitbitMinuteWide(&reader)
        case .googleFitJSON, .fitbitJSON:
            // The router sends JSON to its own readers; text never gets here with a JSON format.
            throw .unrecognised(file: file, found: "text that is not JSON, which --format \(format.name) needs")
        case .generic(let mapping): try generic(&reader, mapping)
        }
    }

    // MARK: Formats

    private mutating func appleHealth(_ reader: inout CSVReader) throws(StepImportError) {
        let sourceColumn = header.index("sourceName")
        let deviceColumn = header.index("device")
        let typeColumn = header.index("type")
        let startColumn = try require("startDate")
        let endColumn = try require("endDate")
        let valueColumn = try require("value")
        var dates = PatternSet(["yyyy-MM-dd HH:mm:ss Z", "iso"])
        let fixedSource = sourceColumn == nil ? batch.source(named: "Apple Health") : -1
        while nextRow(&reader) {
            if reader.isBlankRow { continue }
            if let typeColumn, !Self.isStepType(reader.bytes(typeColumn)) { continue }
            batch.rowCount += 1
            let source =
                sourceColumn.map { column in
                    sourceIndex(reader.bytes(column), prefix: "") {
                        deviceColumn.map { reader.string($0) } ?? ""
                    }
                } ?? fixedSource
            guard let start = instant(reader, startColumn, "startDate", &dates),
                let end = instant(reader, endColumn, "endDate", &dates),
                let steps = number(reader, valueColumn, "value")
            else { continue }
            addSample(source: source, start: start, end: end, steps: steps, line: reader.line)
        }
    }

    private mutating func healthAutoExport(_ reader: inout CSVReader) throws(StepImportError) {
        let dateColumn = header.index("Date", "Date/Time", "Fecha/Hora", "Fecha", "Datum", "Data", "Date/Heure") ?? 0
        guard let stepsColumn = header.index(containing: StepFormat.stepWords) else {
            throw .missingColumn(file: file, line: headerLine, format: format.name, column: "Step Count (count)")
        }
        var dates = PatternSet([
            "yyyy-MM-dd HH:mm:ss Z", "iso", "dd/MM/yyyy HH:mm:ss", "dd/MM/yyyy HH:mm", "dd.MM.yyyy HH:mm:ss",
            "dd.MM.yyyy HH:mm", "dd/MM/yyyy", "dd.MM.yyyy",
        ])
        let source = batch.source(named: "Health Auto Export")
        var rows: [(start: Double, steps: Double, line: Int)] = []
        while nextRow(&reader) {
            if reader.isBlankRow { continue }
            // A spreadsheet-style "Total" row is not a day.
            if reader.string(dateColumn).lowercased().hasPrefix("total") { continue }
            // The file is wide: a row without steps holds other metrics only.
            if reader.isEmpty(stepsColumn) { continue }
            batch.rowCount += 1
            guard let start = instant(reader, dateColumn, header.names[dateColumn], &dates),
                let steps = number(reader, stepsColumn, header.names[stepsColumn])
            else { continue }
            rows.append((start, steps, reader.line))
        }
        // Every row at local midnight: the export was aggregated by day. Day totals are de-duplicated against other
        // sources' samples by taking the larger per day; as samples at 00:00 they would fill minutes the watch and
        // phone left empty and count the day twice.
        var days: [Int64] = []
        var daily = true
        for row in rows {
            let day = zone.localDay(ofInstant: Instant.wholeSeconds(sinceEpoch: row.start))
            days.append(day)
            if Double(zone.startOfDay(day)) != row.start { daily = false }
        }
        for (row, day) in zip(rows, days) {
            if daily {
                batch.dailyTotals.append(DailyStepTotal(source: source, day: StepDay(dayNumber: day), steps: row.steps))
            } else {
                addSample(source: source, start: row.start, end: row.start, steps: row.steps, line: row.line)
            }
        }
    }

    private mutating func qsAccess(_ reader: inout CSVReader) throws(StepImportError) {
        let startColumn = try require("Start")
        let endColumn = try require("Finish")
        guard let stepsColumn = header.index(containing: ["steps"]) else {
            throw .missingColumn(file: file, line: headerLine, format: format.name, column: "Steps (count)")
        }
        var dates = PatternSet([
            "dd/MMM/yyyy H:mm:ss", "dd/MMM/yyyy H:mm", "dd-MMM-yyyy H:mm:ss", "dd-MMM-yyyy H:mm",
            "yyyy-MM-dd HH:mm:ss Z", "iso",
        ])
        let source = batch.source(named: "QS Access")
        while nextRow(&reader) {
            if reader.isBlankRow || reader.isEmpty(stepsColumn) { continue }
            batch.rowCount += 1
            guard let start = instant(reader, startColumn, "Start", &dates),
                let end = instant(reader, endColumn, "Finish", &dates),
                let steps = number(reader, stepsColumn, header.names[stepsColumn])
            else { continue }
            addSample(source: source, start: start, end: end, steps: steps, line: reader.line)
        }
    }

    private mutating func googleFitDaily(_ reader: inout CSVReader) throws(StepImportError) {
        let dateColumn = try require("Date")
        guard let stepsColumn = header.keys.firstIndex(of: "stepcount") else {
            throw .missingColumn(file: file, line: headerLine, format: format.name, column: "Step count")
        }
        var dates = PatternSet(["yyyy-MM-dd"])
        let source = batch.source(named: "Google Fit")
        while nextRow(&reader) {
            // An empty step cell means Google Fit has no step data that day, which is not 0 steps.
            if reader.isBlankRow || reader.isEmpty(stepsColumn) { continue }
            batch.rowCount += 1
            guard let day = day(reader, dateColumn, "Date", &dates),
                let steps = number(reader, stepsColumn, "Step count")
            else { continue }
            batch.dailyTotals.append(DailyStepTotal(source: source, day: day, steps: steps))
        }
    }

    private mutating func googleFitIntraday(_ reader: inout CSVReader) throws(StepImportError) {
        guard let fileDay = Self.dayInFileName(file) else { throw .noDateInFileName(file: file) }
        let startColumn = try require("Start time")
        let endColumn = try require("End time")
        guard let stepsColumn = header.keys.firstIndex(of: "stepcount") else {
            throw .missingColumn(file: file, line: headerLine, format: format.name, column: "Step count")
        }
        var times = PatternSet(["HH:mm:ss.SZ", "HH:mm:ssZ", "HH:mm:ss.S", "HH:mm:ss", "HH:mm"])
        let source = batch.source(named: "Google Fit")
        let first = batch.samples.count
        var corrections: [(index: Int, line: Int)] = []
        while nextRow(&reader) {
            if reader.isBlankRow || reader.isEmpty(stepsColumn) { continue }
            batch.rowCount += 1
            guard let startFields = fields(reader, startColumn, "Start time", &times),
                let endFields = fields(reader, endColumn, "End time", &times),
                let steps = number(reader, stepsColumn, "Step count", allowNegative: true)
            else { continue }
            let start = instant(of: startFields, onDay: fileDay.dayNumber)
            var end = instant(of: endFields, onDay: fileDay.dayNumber)
            // The last row of a day ends at 00:00 of the next day.
            if end <= start { end = instant(of: endFields, onDay: fileDay.dayNumber + 1) }
            if steps < 0 {
                // Google writes small negative quarter-hours (-3) that correct earlier ones; its daily summary
                // counts them, so they are taken off the day's other quarter-hours below.
                guard -steps <= StepLimits.maximumSteps(overSeconds: end - start) else {
                    bad(reader.line, "Step count \(reader.string(stepsColumn)) is out of range for a correction")
                    continue
                }
                corrections.append((batch.samples.count, reader.line))
            }
            addSample(source: source, start: start, end: end, steps: steps, line: reader.line)
        }
        applyCorrections(corrections, from: first)
    }

    /// Takes each negative sample off the nearest earlier positive samples of the same file (then later ones), so
    /// the day's total is Google's and no minute goes below zero; a correction larger than the day is a bad row.
    private mutating func applyCorrections(_ corrections: [(index: Int, line: Int)], from first: Int) {
        guard !corrections.isEmpty else { return }
        for (index, line) in corrections where index < batch.samples.count {
            var owed = -batch.samples[index].steps
            batch.samples[index].steps = 0
            let candidates =
                Array(stride(from: index - 1, through: first, by: -1)) + Array((index + 1)..<batch.samples.count)
            for other in candidates where owed > 0 && batch.samples[other].steps > 0 {
                let taken = min(owed, batch.samples[other].steps)
                batch.samples[other].steps -= taken
                owed -= taken
            }
            if owed > 0 { bad(line, "the negative Step count is larger than the rest of the day's steps") }
        }
    }

    private mutating func fitbitMinuteWide(_ reader: inout CSVReader) throws(StepImportError) {
        let hourColumn = try require("ActivityHour")
        var minuteColumns: [Int] = []
        for minute in 0..<60 { minuteColumns.append(try require("Steps" + (minute < 10 ? "0" : "") + String(minute))) }
        let idColumn = header.index("Id")
        var dates = PatternSet([
            "M/d/yyyy h:mm:ss a", "M/d/yyyy h:mm a", "M/d/yyyy H:mm:ss", "M/d/yyyy H:mm", "iso",
        ])
        let fixedSource = idColumn == nil ? batch.source(named: "Fitbit") : -1
        var values = [Double](repeating: 0, count: 60)
        rows: while nextRow(&reader) {
            if reader.isBlankRow { continue }
            batch.rowCount += 1
            let source = idColumn.map { sourceIndex(reader.bytes($0), prefix: "Fitbit ") { "" } } ?? fixedSource
            guard let hour = instant(reader, hourColumn, "ActivityHour", &dates) else { continue }
            for (minute, column) in minuteColumns.enumerated() {
                guard let value = ByteNumber.integer(reader.bytes(column)) else {
                    bad(
                        reader.line, describe(reader, column, header.names[column], expected: "a whole number of steps")
                    )
                    continue rows
                }
                let start = hour + Double(minute * 60)
                if let problem = StepLimits.problem(
                    start: start, end: start + 60, steps: Double(value), field: header.names[column])
                {
                    bad(reader.line, problem)
                    continue rows
                }
                values[minute] = Double(value)
            }
            for minute in 0..<60 {
                let start = hour + Double(minute * 60)
                batch.samples.append(StepSample(source: source, start: start, end: start + 60, steps: values[minute]))
            }
        }
    }

    private mutating func fitbitDaily(_ reader: inout CSVReader) throws(StepImportError) {
        let dateColumn = try require("ActivityDate")
        let stepsColumn = try require("TotalSteps")
        let idColumn = header.index("Id")
        var dates = PatternSet(["M/d/yyyy", "yyyy-MM-dd", "M/d/yyyy H:mm", "M/d/yyyy h:mm:ss a"])
        let fixedSource = idColumn == nil ? batch.source(named: "Fitbit") : -1
        while nextRow(&reader) {
            if reader.isBlankRow { continue }
            batch.rowCount += 1
            let source = idColumn.map { sourceIndex(reader.bytes($0), prefix: "Fitbit ") { "" } } ?? fixedSource
            guard let day = day(reader, dateColumn, "ActivityDate", &dates),
                let steps = number(reader, stepsColumn, "TotalSteps")
            else { continue }
            batch.dailyTotals.append(DailyStepTotal(source: source, day: day, steps: steps))
        }
    }

    private mutating func fitbitHourly(_ reader: inout CSVReader) throws(StepImportError) {
        let hourColumn = try require("ActivityHour")
        let stepsColumn = try require("StepTotal")
        let idColumn = header.index("Id")
        // Spreadsheet round-trips mix `04/12/2016 00:00` with `4/13/2016 12:00:00 AM` in one file.
        var dates = PatternSet([
            "M/d/yyyy h:mm:ss a", "M/d/yyyy h:mm a", "M/d/yyyy H:mm:ss", "M/d/yyyy H:mm", "iso",
        ])
        let fixedSource = idColumn == nil ? batch.source(named: "Fitbit") : -1
        while nextRow(&reader) {
            if reader.isBlankRow { continue }
            batch.rowCount += 1
            let source = idColumn.map { sourceIndex(reader.bytes($0), prefix: "Fitbit ") { "" } } ?? fixedSource
            guard let start = instant(reader, hourColumn, "ActivityHour", &dates),
                let steps = number(reader, stepsColumn, "StepTotal")
            else { continue }
            addSample(source: source, start: start, end: start + 3600, steps: steps, line: reader.line)
        }
    }

    private mutating func fitbitDashboard(_ reader: inout CSVReader) throws(StepImportError) {
        let dateColumn = try require("Date")
        let stepsColumn = try require("Steps")
        var dates = PatternSet(["yyyy-MM-dd", "M/d/yyyy", "dd-MM-yyyy", "dd.MM.yyyy"])
        let source = batch.source(named: "Fitbit")
        while nextRow(&reader) {
            // The section ends at a blank line or the next section's title.
            if reader.isBlankRow || reader.count == 1 { break }
            batch.rowCount += 1
            guard let day = day(reader, dateColumn, "Date", &dates),
                let steps = number(reader, stepsColumn, "Steps")
            else { continue }
            batch.dailyTotals.append(DailyStepTotal(source: source, day: day, steps: steps))
        }
    }

    private mutating func samsungDailyTrend(_ reader: inout CSVReader) throws(StepImportError) {
        let countColumn = try require("count")
        let dayColumn = try require("day_time")
        let typeColumn = header.index("source_type")
        var dates = PatternSet(["yyyy-MM-dd HH:mm:ss.S", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd"])
        let source = batch.source(named: "Samsung Health")
        while nextRow(&reader) {
            if reader.isBlankRow { continue }
            // One row per device per day; -2 is Samsung's own merge of all devices.
            if let typeColumn, ByteNumber.integer(reader.bytes(typeColumn)) != -2 { continue }
            batch.rowCount += 1
            let day: StepDay
            if let millis = ByteNumber.integer(reader.bytes(dayColumn)) {
                // Epoch milliseconds of 00:00 UTC of the local calendar day.
                day = StepDay(dayNumber: millis.floorDiv(86_400_000))
            } else {
                guard let parsed = self.day(reader, dayColumn, "day_time", &dates) else { continue }
                day = parsed
            }
            guard let steps = number(reader, countColumn, "count") else { continue }
            batch.dailyTotals.append(DailyStepTotal(source: source, day: day, steps: steps))
        }
    }

    private mutating func gadgetbridge(_ reader: inout CSVReader) throws(StepImportError) {
        let timeColumn = try require("TIMESTAMP")
        let stepsColumn = try require("STEPS")
        let deviceColumn = header.index("DEVICE_ID")
        let fixedSource = deviceColumn == nil ? batch.source(named: "Gadgetbridge") : -1
        while nextRow(&reader) {
            if reader.isBlankRow { continue }
            batch.rowCount += 1
            guard let seconds = ByteNumber.integer(reader.bytes(timeColumn)) else {
                bad(reader.line, describe(reader, timeColumn, "TIMESTAMP", expected: "Unix seconds"))
                continue
            }
            guard let steps = ByteNumber.integer(reader.bytes(stepsColumn)) else {
                bad(reader.line, describe(reader, stepsColumn, "STEPS", expected: "an integer"))
                continue
            }
            // Negative values are Gadgetbridge's "no measurement" sentinels.
            if steps < 0 { continue }
            let source =
                deviceColumn.map { sourceIndex(reader.bytes($0), prefix: "Gadgetbridge device ") { "" } }
                ?? fixedSource
            let start = Double(seconds)
            addSample(source: source, start: start, end: start + 60, steps: Double(steps), line: reader.line)
        }
    }

    private mutating func generic(_ reader: inout CSVReader, _ mapping: GenericMapping) throws(StepImportError) {
        let startColumn = try column(mapping.start)
        let endColumn = try mapping.end.map { name throws(StepImportError) in try column(name) }
        let stepsColumn = try column(mapping.steps)
        let sourceColumn = try mapping.source.map { name throws(StepImportError) in try column(name) }
        var dates = PatternSet(patterns: try DatePattern.list(mapping.dateFormat))
        let fixedSource = sourceColumn == nil ? batch.source(named: mapping.sourceName) : -1
        while nextRow(&reader) {
            if reader.isBlankRow { continue }
            batch.rowCount += 1
            let source = sourceColumn.map { sourceIndex(reader.bytes($0), prefix: "") { "" } } ?? fixedSource
            guard let start = instant(reader, startColumn, mapping.start, &dates) else { continue }
            var end = start
            if let endColumn, let name = mapping.end {
                guard let parsed = instant(reader, endColumn, name, &dates) else { continue }
                end = parsed
            }
            guard let steps = number(reader, stepsColumn, mapping.steps) else { continue }
            addSample(source: source, start: start, end: end, steps: steps, line: reader.line)
        }
    }

    // MARK: Helpers

    /// The next row; a row whose quote never closes swallowed the rest of the file, so it is reported and ends it.
    private mutating func nextRow(_ reader: inout CSVReader) -> Bool {
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

    private func require(_ name: String) throws(StepImportError) -> Int {
        guard let index = header.index(name) else {
            throw .missingColumn(file: file, line: headerLine, format: format.name, column: name)
        }
        return index
    }

    private func column(_ name: String) throws(StepImportError) -> Int {
        guard let index = header.column(named: name) else {
            throw .missingColumn(file: file, line: headerLine, format: format.name, column: name)
        }
        return index
    }

    private mutating func bad(_ line: Int, _ message: String) {
        batch.issues.append(StepIssue(file: file, line: line, message: message))
    }

    private func describe(_ reader: CSVReader, _ column: Int, _ name: String, expected: String) -> String {
        if column >= reader.count { return "the row has no \(name) column (only \(reader.count) fields)" }
        if reader.isEmpty(column) { return "empty \(name)" }
        return "\"\(reader.string(column))\" in \(name) is not \(expected)"
    }

    private mutating func fields(_ reader: CSVReader, _ column: Int, _ name: String, _ dates: inout PatternSet)
        -> DateFields?
    {
        if let fields = dates.match(reader.bytes(column)) { return fields }
        bad(reader.line, describe(reader, column, name, expected: "a date like \(dates.expected)"))
        return nil
    }

    private mutating func instant(_ reader: CSVReader, _ column: Int, _ name: String, _ dates: inout PatternSet)
        -> Double?
    {
        guard let fields = fields(reader, column, name, &dates) else { return nil }
        if let instant = fields.instant { return instant }
        let wall = fields.wallSeconds
        if let offset = fields.offset { return Double(wall - Int64(offset)) + fields.fraction }
        return Double(zone.instant(wallSeconds: wall)) + fields.fraction
    }

    private mutating func instant(of fields: DateFields, onDay day: Int64) -> Double {
        let wall = day * 86_400 + Int64(fields.hour * 3600 + fields.minute * 60 + fields.second)
        if let offset = fields.offset { return Double(wall - Int64(offset)) + fields.fraction }
        return Double(zone.instant(wallSeconds: wall)) + fields.fraction
    }

    private mutating func day(_ reader: CSVReader, _ column: Int, _ name: String, _ dates: inout PatternSet)
        -> StepDay?
    {
        guard let fields = fields(reader, column, name, &dates) else { return nil }
        if let instant = fields.instant {
            return StepDay(dayNumber: Instant.wholeSeconds(Date(timeIntervalSince1970: instant)).floorDiv(86_400))
        }
        return StepDay(year: fields.year, month: fields.month, day: fields.day)
    }

    private mutating func number(_ reader: CSVReader, _ column: Int, _ name: String, allowNegative: Bool = false)
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
        let dayLimit = ValueRange.stepsPerMinute.upper * 1440
        guard value <= dayLimit else {
            bad(
                reader.line,
                "\(name) \(reader.string(column)) is more steps than a day can hold (at most \(NumberText.plain(dayLimit)))"
            )
            return nil
        }
        return value
    }

    private mutating func addSample(source: Int, start: Double, end: Double, steps: Double, line: Int) {
        guard end >= start else {
            bad(line, "the sample ends before it starts")
            return
        }
        guard end - start <= StepSample.maximumDuration else {
            let days = ((end - start) / 86_400).rounded(.down)
            let length = days < 1e9 ? "\(Int(days)) days" : "more than a billion days"
            bad(line, "the sample lasts \(length); at most 7 days are accepted (is a year mistyped?)")
            return
        }
        // The same time window as the JSON and database readers: a millisecond or microsecond stamp read as
        // seconds is a bad row with its line, not a sample the aggregator has to skip in silence.
        guard start >= Double(StepLimits.earliest), end < Double(StepLimits.latest) else {
            bad(line, "the sample's time is outside 1990–2100 (is the unit of the timestamps wrong?)")
            return
        }
        // The one range check of a sample's steps: more than any human's cadence over the sample (a minute at
        // least) is a broken row, not data that would swamp every total. A sample without a length is a total
        // some exports stamp with one instant (a day's count), so it may hold a day of walking.
        let minutes = end > start ? max(1, (end - start) / 60) : 1440
        let limit = ValueRange.stepsPerMinute.upper * minutes
        guard steps <= limit else {
            bad(
                line,
                "the step value \(NumberText.plain(steps)) is more than \(NumberText.plain(limit)) steps in \(Self.span(end - start)) (at most \(NumberText.plain(ValueRange.stepsPerMinute.upper)) a minute)"
            )
            return
        }
        batch.samples.append(StepSample(source: source, start: start, end: end, steps: steps))
    }

    /// A sample's length for messages: seconds below two minutes, else whole minutes.
    private static func span(_ seconds: Double) -> String {
        if seconds <= 0 { return "one instant (a day's total at most)" }
        return seconds < 120
            ? "\(NumberText.plain(seconds)) s" : "\(NumberText.plain((seconds / 60).rounded(.down))) min"
    }

    /// The source index for a name in the row, without building a String for names seen before.
    private mutating func sourceIndex(_ bytes: UnsafeBufferPointer<UInt8>, prefix: String, device: () -> String)
        -> Int
    {
        // Rows of one export mostly repeat the previous row's source: that is checked without building anything;
        // any other name is a hash lookup, so an export with thousands of sources stays linear.
        if let last = lastSource, last.bytes.count == bytes.count {
            let equal = last.bytes.withUnsafeBufferPointer { stored in
                guard let left = stored.baseAddress, let right = bytes.baseAddress else { return true }
                return memcmp(left, right, stored.count) == 0
            }
            if equal { return last.index }
        }
        let key = Array(bytes)
        if let index = sourceCache[key] {
            lastSource = (key, index)
            return index
        }
        let name = prefix + String(decoding: bytes, as: UTF8.self)
        let index = batch.source(named: name, device: device())
        sourceCache[key] = index
        lastSource = (key, index)
        return index
    }

    private static let stepTypeLong = Array("HKQuantityTypeIdentifierStepCount".utf8)
    private static let stepTypeShort = Array("StepCount".utf8)

    private static func isStepType(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        equal(bytes, stepTypeLong) || equal(bytes, stepTypeShort)
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: [UInt8]) -> Bool {
        guard bytes.count == literal.count else { return false }
        return literal.withUnsafeBufferPointer { stored in
            guard let left = stored.baseAddress, let right = bytes.baseAddress else { return true }
            return memcmp(left, right, stored.count) == 0
        }
    }

    /// The `YYYY-MM-DD` in a file's base name.
    static func dayInFileName(_ path: String) -> StepDay? {
        let name = Array((path as NSString).lastPathComponent.utf8)
        guard name.count >= 10 else { return nil }
        for start in 0...(name.count - 10) {
            let slice = Array(name[start..<(start + 10)])
            guard slice[4] == UInt8(ascii: "-"), slice[7] == UInt8(ascii: "-") else { continue }
            let digits = [0, 1, 2, 3, 5, 6, 8, 9]
            guard digits.allSatisfy({ slice[$0] >= UInt8(ascii: "0") && slice[$0] <= UInt8(ascii: "9") }) else {
                continue
            }
            if let day = StepDay(iso: String(decoding: slice, as: UTF8.self)) { return day }
        }
        return nil
    }
}
