/// Any CSV, through a column mapping (``GenericMapping``); never detected.
enum GenericCSV: CSVLayout {
    static let name = "generic"

    static func matches(_ header: StepHeader) -> Bool { false }

    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError) {
        guard let mapping = rows.mapping else { throw .unknownFormatName("generic (without a column mapping)") }
        let startColumn = try rows.column(named: mapping.start)
        let endColumn = try mapping.end.map { name throws(StepImportError) in try rows.column(named: name) }
        let stepsColumn = try rows.column(named: mapping.steps)
        let sourceColumn = try mapping.source.map { name throws(StepImportError) in try rows.column(named: name) }
        var dates = PatternSet(patterns: try DatePattern.list(mapping.dateFormat))
        let sources = rows.sources(column: sourceColumn, fallback: mapping.sourceName)
        while rows.next(&reader) {
            if reader.isBlankRow { continue }
            rows.batch.rowCount += 1
            let source = rows.source(reader, sources)
            guard let start = rows.instant(reader, startColumn, mapping.start, &dates) else { continue }
            var end = start
            if let endColumn, let name = mapping.end {
                guard let parsed = rows.instant(reader, endColumn, name, &dates) else { continue }
                end = parsed
            }
            guard let steps = rows.number(reader, stepsColumn, mapping.steps) else { continue }
            rows.addSample(
                source: source, start: start, end: end, steps: steps, field: mapping.steps, line: reader.line)
        }
    }
}
