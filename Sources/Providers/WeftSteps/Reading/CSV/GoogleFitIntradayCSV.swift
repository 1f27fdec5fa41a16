import Foundation

/// Google Fit Takeout per-day `YYYY-MM-DD.csv` with 15-minute rows; the date comes from the file name.
enum GoogleFitIntradayCSV: CSVLayout {
    static let name = "google-fit-intraday"

    static func matches(_ header: StepHeader) -> Bool {
        header.keys.contains("stepcount") && header.has("Start time", "End time")
    }

    static func read(_ rows: inout CSVRows, _ reader: inout CSVReader) throws(StepImportError) {
        guard let fileDay = dayInFileName(rows.file) else { throw .noDateInFileName(file: rows.file) }
        let startColumn = try rows.require("Start time")
        let endColumn = try rows.require("End time")
        guard let stepsColumn = rows.header.keys.firstIndex(of: "stepcount") else { throw rows.missing("Step count") }
        var times = PatternSet(["HH:mm:ss.SZ", "HH:mm:ssZ", "HH:mm:ss.S", "HH:mm:ss", "HH:mm"])
        let source = rows.batch.source(named: "Google Fit")
        let first = rows.batch.samples.count
        var corrections: [Int: Int] = [:]
        while rows.next(&reader) {
            if reader.isBlankRow || reader.isEmpty(stepsColumn) { continue }
            rows.batch.rowCount += 1
            guard let startFields = rows.fields(reader, startColumn, "Start time", &times),
                let endFields = rows.fields(reader, endColumn, "End time", &times),
                let steps = rows.number(reader, stepsColumn, "Step count", allowNegative: true)
            else { continue }
            let start = rows.instant(of: startFields, onDay: fileDay.dayNumber)
            var end = rows.instant(of: endFields, onDay: fileDay.dayNumber)
            // The last row of a day ends at 00:00 of the next day.
            if end <= start { end = rows.instant(of: endFields, onDay: fileDay.dayNumber + 1) }
            if steps < 0 {
                // Google writes small negative quarter-hours (-3) that correct earlier ones; its daily summary
                // counts them, so they are taken off the day's other quarter-hours below.
                guard -steps <= StepLimits.maximum(overSeconds: end - start) else {
                    rows.bad(reader.line, "Step count \(reader.string(stepsColumn)) is out of range for a correction")
                    continue
                }
            }
            let added = rows.addSample(
                source: source, start: start, end: end, steps: steps, field: "Step count", negativeAllowed: true,
                line: reader.line)
            if added, steps < 0 { corrections[rows.batch.samples.count - 1] = reader.line }
        }
        applyCorrections(corrections, to: &rows, from: first)
    }

    /// Takes each negative sample (a correction; `corrections` maps its index to its line) off the nearest earlier
    /// positive samples of the same file, then the nearest later ones, so the day's total is Google's and no
    /// quarter-hour goes below zero; a correction larger than the rest of the day is a bad row.
    ///
    /// One pass in row order, each sample touched a bounded number of times: the positive samples not yet used up
    /// wait on a stack (the nearest earlier on top); a correction that finds the stack empty owes the rest to the
    /// samples after it, which pay the oldest debt first.
    static func applyCorrections(_ corrections: [Int: Int], to rows: inout CSVRows, from first: Int) {
        guard !corrections.isEmpty else { return }
        var earlier: [Int] = []
        var debts: [(owed: Double, line: Int)] = []
        var paid = 0
        for index in first..<rows.batch.samples.count {
            if let line = corrections[index] {
                var owed = -rows.batch.samples[index].steps
                rows.batch.samples[index].steps = 0
                while owed > 0, let top = earlier.last {
                    let taken = min(owed, rows.batch.samples[top].steps)
                    rows.batch.samples[top].steps -= taken
                    owed -= taken
                    if rows.batch.samples[top].steps <= 0 { earlier.removeLast() }
                }
                if owed > 0 { debts.append((owed, line)) }
                continue
            }
            guard rows.batch.samples[index].steps > 0 else { continue }
            while paid < debts.count, rows.batch.samples[index].steps > 0 {
                let taken = min(debts[paid].owed, rows.batch.samples[index].steps)
                rows.batch.samples[index].steps -= taken
                debts[paid].owed -= taken
                if debts[paid].owed <= 0 { paid += 1 }
            }
            if rows.batch.samples[index].steps > 0 { earlier.append(index) }
        }
        for debt in debts[paid...] {
            rows.bad(debt.line, "the negative Step count is larger than the rest of the day's steps")
        }
    }

    /// The `YYYY-MM-DD` in a file's base name.
    static func dayInFileName(_ path: String) -> StepDay? {
        let name = Array((path as NSString).lastPathComponent.utf8)
        guard name.count >= 10 else { return nil }
        for start in 0...(name.count - 10) {
            let slice = Array(name[start..<(start + 10)])
            guard slice[4] == UInt8(ascii: "-"), slice[7] == UInt8(ascii: "-") else { continue }
            let digits = [0, 1, 2, 3, 5, 6, 8, 9]
            guard digits.allSatisfy({ slice[$0] >= UInt8(ascii: "0") && slice[$0] <= UInt8(ascii: "9") }) else {
                continue
            }
            if let day = StepDay(iso: String(decoding: slice, as: UTF8.self)) { return day }
        }
        return nil
    }
}
