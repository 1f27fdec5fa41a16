import WeftPrimitives

/// Samsung Health `com.samsung.shealth.step_daily_trend.*.csv`: one row per device per day, `source_type = -2`
/// the aggregate of all devices.
enum SamsungDailyTrendCSV: CSVLayout {
    static let name = "samsung-daily-trend"

    static func matches(_ header: StepHeader) -> Bool { header.has("count", "day_time") }

    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError) {
        let countColumn = try rows.require("count")
        let dayColumn = try rows.require("day_time")
        let typeColumn = rows.header.index("source_type")
        var dates = PatternSet(["yyyy-MM-dd HH:mm:ss.S", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd"])
        let source = rows.batch.source(named: "Samsung Health")
        while rows.next(&reader) {
            if reader.isBlankRow { continue }
            // -2 is Samsung's own merge of all devices.
            if let typeColumn, ByteNumber.integer(reader.bytes(typeColumn)) != -2 { continue }
            rows.batch.rowCount += 1
            let day: StepDay
            if let millis = ByteNumber.integer(reader.bytes(dayColumn)) {
                // Epoch milliseconds of 00:00 UTC of the local calendar day.
                day = StepDay(dayNumber: millis.floorDiv(86_400_000))
            } else {
                guard let parsed = rows.day(reader, dayColumn, "day_time", &dates) else { continue }
                day = parsed
            }
            guard let steps = rows.number(reader, countColumn, "count") else { continue }
            rows.addDailyTotal(source: source, day: day, steps: steps)
        }
    }
}
