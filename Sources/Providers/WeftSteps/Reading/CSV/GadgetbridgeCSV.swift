import WeftPrimitives

/// Gadgetbridge's CSVExport (`TIMESTAMP,DEVICE_ID,USER_ID,RAW_INTENSITY,STEPS,RAW_KIND,HEART_RATE`), one minute per
/// row; its exported database is ``GadgetbridgeDatabaseReader``'s, with the same rules for a row.
enum GadgetbridgeCSV: CSVLayout {
    static let name = "gadgetbridge"

    static func matches(_ header: StepHeader) -> Bool { header.has("TIMESTAMP", "DEVICE_ID", "STEPS") }

    /// The start of a row's minute from its `TIMESTAMP`: Unix seconds, or milliseconds, which a few device families
    /// store (``EpochNumber``'s rule).
    static func start(timestamp: Int64) -> Double { Double(EpochNumber.wholeSeconds(timestamp)) }

    /// The source name of a `DEVICE_ID`.
    static let devicePrefix = "Gadgetbridge device "

    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError) {
        let timeColumn = try rows.require("TIMESTAMP")
        let stepsColumn = try rows.require("STEPS")
        let sources = rows.sources(
            column: rows.header.index("DEVICE_ID"), prefix: devicePrefix, fallback: "Gadgetbridge")
        while rows.next(&reader) {
            if reader.isBlankRow { continue }
            rows.batch.rowCount += 1
            guard let stamp = ByteNumber.integer(reader.bytes(timeColumn)) else {
                rows.bad(
                    reader.line,
                    rows.describe(reader, timeColumn, "TIMESTAMP", expected: "Unix seconds or milliseconds"))
                continue
            }
            guard let steps = ByteNumber.integer(reader.bytes(stepsColumn)) else {
                rows.bad(reader.line, rows.describe(reader, stepsColumn, "STEPS", expected: "an integer"))
                continue
            }
            // Negative values are Gadgetbridge's "no measurement" sentinels.
            if steps < 0 { continue }
            let source = rows.source(reader, sources)
            let start = start(timestamp: stamp)
            rows.addSample(
                source: source, start: start, end: start + 60, steps: Double(steps), field: "STEPS", line: reader.line)
        }
    }
}
