/// The fitbit.com dashboard export: titled sections (`Body`, `Foods`, `Activities`, …), steps under `Activities`
/// (`Date,Calories Burned,Steps,…`), one row per local day.
enum FitbitDashboardCSV: CSVLayout {
    static let name = "fitbit-dashboard"

    static func matches(_ header: StepHeader) -> Bool { header.has("Date", "Steps", "Calories Burned") }

    /// A first row that is one of the export's section titles: the header is the row after the `Activities` title.
    static func findHeader(_ reader: inout CSVReader, file: String) throws(StepImportError) -> Bool {
        guard reader.count == 1, !reader.isBlankRow else { return false }
        let title = reader.string(0).trimmingCharacters(in: .whitespaces)
        guard ["Body", "Foods", "Activities", "Sleep", "Food Log"].contains(where: { title.hasPrefix($0) }) else {
            return false
        }
        while reader.string(0).trimmingCharacters(in: .whitespaces) != "Activities" || reader.count != 1 {
            guard reader.next() else {
                throw .missingColumn(file: file, line: reader.line, format: name, column: "Activities")
            }
        }
        guard reader.next() else { throw .empty(file: file) }
        return true
    }

    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError) {
        let dateColumn = try rows.require("Date")
        let stepsColumn = try rows.require("Steps")
        var dates = PatternSet(["yyyy-MM-dd", "M/d/yyyy", "dd-MM-yyyy", "dd.MM.yyyy"])
        let source = rows.batch.source(named: "Fitbit")
        while rows.next(&reader) {
            // The section ends at a blank line or the next section's title.
            if reader.isBlankRow || reader.count == 1 { break }
            rows.batch.rowCount += 1
            guard let day = rows.day(reader, dateColumn, "Date", &dates),
                let steps = rows.number(reader, stepsColumn, "Steps")
            else { continue }
            rows.addDailyTotal(source: source, day: day, steps: steps)
        }
    }
}
