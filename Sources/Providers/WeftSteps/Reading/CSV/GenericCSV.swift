/// Any CSV, through a column mapping (``GenericMapping``); never detected.
enum GenericCSV: CSVLayout {
    static let name = "generic"

    static func matches(_ header: StepHeader) -> Bool { false }

    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError) {
        guard let mapping = rows.mapping else { throw .unknownFormatName("generic (without a column mapping)") }
        let startColumn = try rows.column(named: mapping.start)
        let timeColumn = try mapping.time.map { name throws(StepImportError) in try rows.column(named: name) }
        let endColumn = try mapping.end.map { name throws(StepImportError) in try rows.column(named: name) }
        let stepsColumn = try rows.column(named: mapping.steps)
        let sourceColumn = try mapping.source.map { name throws(StepImportError) in try rows.column(named: name) }
        var dates = PatternSet(patterns: try DatePattern.list(mapping.dateFormat))
        let sources = rows.sources(
            column: sourceColumn, fallback: mapping.sourceName ?? StepSource.named(afterFile: rows.file))
        while rows.next(&reader) {
            if reader.isBlankRow { continue }
            rows.batch.rowCount += 1
            let source = rows.source(reader, sources)
            var end: Double
            let start: Double
            if let timeColumn, let timeName = mapping.time {
                // A date column and time-of-day columns: the end is on the start's date, or the next day when it is
                // not after the start (a sample crossing midnight).
                guard let parsed = rows.instant(reader, date: startColumn, time: timeColumn, timeName, &dates)
                else { continue }
                start = parsed
                end = start
                if let endColumn, let name = mapping.end {
                    guard let parsed = rows.instant(reader, date: startColumn, time: endColumn, name, &dates)
                    else { continue }
                    end = parsed < start ? parsed + 86_400 : parsed
                }
            } else {
                guard let parsed = rows.instant(reader, startColumn, mapping.start, &dates) else { continue }
                start = parsed
                end = start
                if let endColumn, let name = mapping.end {
                    guard let parsed = rows.instant(reader, endColumn, name, &dates) else { continue }
                    end = parsed
                }
            }
            guard let steps = rows.number(reader, stepsColumn, mapping.steps) else { continue }
            rows.addSample(
                source: source, start: start, end: end, steps: steps, field: mapping.steps, line: reader.line)
        }
    }
}
