/// Google Fit Takeout `Daily activity metrics.csv` / `Daily Summaries.csv`: one row per local day.
enum GoogleFitDailyCSV: CSVLayout {
    static let name = "google-fit-daily"

    /// Google Fit writes a bare `Step count` (Health Auto Export writes `Step Count (count)`); a per-day file with
    /// `Start time` and `End time` is ``GoogleFitIntradayCSV``'s, which is asked first.
    static func matches(_ header: StepHeader) -> Bool {
        header.keys.contains("stepcount") && header.keys.contains("date")
    }

    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError) {
        let dateColumn = try rows.require("Date")
        guard let stepsColumn = rows.header.keys.firstIndex(of: "stepcount") else { throw rows.missing("Step count") }
        var dates = PatternSet(["yyyy-MM-dd"])
        let source = rows.batch.source(named: "Google Fit")
        while rows.next(&reader) {
            // An empty step cell means Google Fit has no step data that day, which is not 0 steps.
            if reader.isBlankRow || reader.isEmpty(stepsColumn) { continue }
            rows.batch.rowCount += 1
            guard let day = rows.day(reader, dateColumn, "Date", &dates),
                let steps = rows.number(reader, stepsColumn, "Step count")
            else { continue }
            rows.addDailyTotal(source: source, day: day, steps: steps)
        }
    }
}
