/// Fitabase `minuteStepsWide_merged.csv` (`Id,ActivityHour,Steps00,…,Steps59`): one row an hour, a column a minute.
enum FitbitMinuteWideCSV: CSVLayout {
    static let name = "fitbit-minute-wide"

    static func matches(_ header: StepHeader) -> Bool { header.has("ActivityHour", "Steps00") }

    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError) {
        let hourColumn = try rows.require("ActivityHour")
        var minuteColumns: [Int] = []
        for minute in 0..<60 {
            minuteColumns.append(try rows.require("Steps" + (minute < 10 ? "0" : "") + String(minute)))
        }
        var dates = PatternSet(FitbitHourlyCSV.hourLayouts)
        let sources = rows.sources(column: rows.header.index("Id"), prefix: "Fitbit ", fallback: "Fitbit")
        var values = [Double](repeating: 0, count: 60)
        rows: while rows.next(&reader) {
            if reader.isBlankRow { continue }
            rows.batch.rowCount += 1
            let source = rows.source(reader, sources)
            guard let hour = rows.instant(reader, hourColumn, "ActivityHour", &dates) else { continue }
            // The hour is one row: a bad minute leaves the whole hour out rather than a gap in it.
            for (minute, column) in minuteColumns.enumerated() {
                let name = rows.header.names[column]
                guard let value = ByteNumber.integer(reader.bytes(column)) else {
                    rows.bad(reader.line, rows.describe(reader, column, name, expected: "a whole number of steps"))
                    continue rows
                }
                let start = hour + Double(minute * 60)
                if let problem = StepLimits.problem(start: start, end: start + 60, steps: Double(value), field: name) {
                    rows.bad(reader.line, problem)
                    continue rows
                }
                values[minute] = Double(value)
            }
            for minute in 0..<60 {
                let start = hour + Double(minute * 60)
                rows.batch.samples.append(
                    StepSample(source: source, start: start, end: start + 60, steps: values[minute]))
            }
        }
    }
}
