import WeftPrimitives

/// Health Auto Export's wide metrics CSV (`Date,…,Step Count (count),…`, also translated with `;`).
enum HealthAutoExportCSV: CSVLayout {
    static let name = "health-auto-export"

    /// Words that name the step column in the languages seen (English, Spanish, German, French, Italian, Dutch,
    /// Portuguese, Polish).
    static let stepWords = ["step", "paso", "schritt", "nombredepas", "passi", "stappen", "passos", "krok"]

    /// A date column first (in any of the app's languages), a step column after it.
    static func matches(_ header: StepHeader) -> Bool {
        guard header.names.count >= 2, header.index(containing: stepWords) ?? 0 > 0, let first = header.baseKeys.first
        else { return false }
        return ["date", "fecha", "datum", "data"].contains(where: first.contains)
    }

    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError) {
        let header = rows.header
        let dateColumn = header.index("Date", "Date/Time", "Fecha/Hora", "Fecha", "Datum", "Data", "Date/Heure") ?? 0
        guard let stepsColumn = header.index(containing: stepWords) else { throw rows.missing("Step Count (count)") }
        var dates = PatternSet([
            "yyyy-MM-dd HH:mm:ss Z", "iso", "dd/MM/yyyy HH:mm:ss", "dd/MM/yyyy HH:mm", "dd.MM.yyyy HH:mm:ss",
            "dd.MM.yyyy HH:mm", "dd/MM/yyyy", "dd.MM.yyyy",
        ])
        let source = rows.batch.source(named: "Health Auto Export")
        var values: [(start: Double, steps: Double, line: Int)] = []
        while rows.next(&reader) {
            if reader.isBlankRow { continue }
            // A spreadsheet-style "Total" row is not a day.
            if reader.string(dateColumn).lowercased().hasPrefix("total") { continue }
            // The file is wide: a row without steps holds other metrics only.
            if reader.isEmpty(stepsColumn) { continue }
            rows.batch.rowCount += 1
            guard let start = rows.instant(reader, dateColumn, header.names[dateColumn], &dates),
                let steps = rows.number(reader, stepsColumn, header.names[stepsColumn])
            else { continue }
            values.append((start, steps, reader.line))
        }
        // Every row at local midnight: the export was aggregated by day. Day totals are de-duplicated against other
        // sources' samples by taking the larger per day; as samples at 00:00 they would fill minutes the watch and
        // phone left empty and count the day twice.
        var days: [Int64] = []
        var daily = true
        for value in values {
            let day = rows.zone.localDay(ofInstant: Instant.wholeSeconds(sinceEpoch: value.start))
            days.append(day)
            if Double(rows.zone.startOfDay(day)) != value.start { daily = false }
        }
        for (value, day) in zip(values, days) {
            if daily {
                rows.addDailyTotal(source: source, day: StepDay(dayNumber: day), steps: value.steps)
            } else {
                rows.addSample(
                    source: source, start: value.start, end: value.start, steps: value.steps,
                    field: header.names[stepsColumn], line: value.line)
            }
        }
    }
}
