/// QS Access (`Start,Finish,Steps (count)`).
enum QSAccessCSV: CSVLayout {
    static let name = "qs-access"

    static func matches(_ header: StepHeader) -> Bool {
        header.has("Start", "Finish") && header.index(containing: ["steps"]) != nil
    }

    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError) {
        let startColumn = try rows.require("Start")
        let endColumn = try rows.require("Finish")
        guard let stepsColumn = rows.header.index(containing: ["steps"]) else { throw rows.missing("Steps (count)") }
        let stepsName = rows.header.names[stepsColumn]
        var dates = PatternSet([
            "dd/MMM/yyyy H:mm:ss", "dd/MMM/yyyy H:mm", "dd-MMM-yyyy H:mm:ss", "dd-MMM-yyyy H:mm",
            "yyyy-MM-dd HH:mm:ss Z", "iso",
        ])
        let source = rows.batch.source(named: "QS Access")
        while rows.next(&reader) {
            if reader.isBlankRow || reader.isEmpty(stepsColumn) { continue }
            rows.batch.rowCount += 1
            guard let start = rows.instant(reader, startColumn, "Start", &dates),
                let end = rows.instant(reader, endColumn, "Finish", &dates),
                let steps = rows.number(reader, stepsColumn, stepsName)
            else { continue }
            rows.addSample(source: source, start: start, end: end, steps: steps, field: stepsName, line: reader.line)
        }
    }
}
