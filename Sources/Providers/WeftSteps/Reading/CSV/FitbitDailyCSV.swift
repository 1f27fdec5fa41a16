/// Fitbit / Fitabase `dailyActivity_merged.csv` (`Id,ActivityDate,TotalSteps,…`): one row per local day.
enum FitbitDailyCSV: CSVLayout {
    static let name = "fitbit-daily"

    static func matches(_ header: StepHeader) -> Bool { header.has("ActivityDate", "TotalSteps") }

    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError) {
        let dateColumn = try rows.require("ActivityDate")
        let stepsColumn = try rows.require("TotalSteps")
        var dates = PatternSet(["M/d/yyyy", "yyyy-MM-dd", "M/d/yyyy H:mm", "M/d/yyyy h:mm:ss a"])
        let sources = rows.sources(column: rows.header.index("Id"), prefix: "Fitbit ", fallback: "Fitbit")
        while rows.next(&reader) {
            if reader.isBlankRow { continue }
            rows.batch.rowCount += 1
            let source = rows.source(reader, sources)
            guard let day = rows.day(reader, dateColumn, "ActivityDate", &dates),
                let steps = rows.number(reader, stepsColumn, "TotalSteps")
            else { continue }
            rows.addDailyTotal(source: source, day: day, steps: steps)
        }
    }
}
