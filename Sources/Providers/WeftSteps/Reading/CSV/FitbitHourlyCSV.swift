/// Fitbit / Fitabase `hourlySteps_merged.csv` (`Id,ActivityHour,StepTotal`).
enum FitbitHourlyCSV: CSVLayout {
    static let name = "fitbit-hourly"

    /// How Fitbit writes an hour; spreadsheet round-trips mix `04/12/2016 00:00` with `4/13/2016 12:00:00 AM` in
    /// one file.
    static let hourLayouts = ["M/d/yyyy h:mm:ss a", "M/d/yyyy h:mm a", "M/d/yyyy H:mm:ss", "M/d/yyyy H:mm", "iso"]

    static func matches(_ header: StepHeader) -> Bool { header.has("ActivityHour", "StepTotal") }

    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError) {
        let hourColumn = try rows.require("ActivityHour")
        let stepsColumn = try rows.require("StepTotal")
        var dates = PatternSet(hourLayouts)
        let sources = rows.sources(column: rows.header.index("Id"), prefix: "Fitbit ", fallback: "Fitbit")
        while rows.next(&reader) {
            if reader.isBlankRow { continue }
            rows.batch.rowCount += 1
            let source = rows.source(reader, sources)
            guard let start = rows.instant(reader, hourColumn, "ActivityHour", &dates),
                let steps = rows.number(reader, stepsColumn, "StepTotal")
            else { continue }
            rows.addSample(
                source: source, start: start, end: start + 3600, steps: steps, field: "StepTotal", line: reader.line)
        }
    }
}
