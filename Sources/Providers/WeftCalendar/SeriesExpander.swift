import Foundation
import WeftPrimitives

/// Expands recurring series over a window with weft's recurrence engine, then applies the set logic (RDATE,
/// EXDATE, overrides, THISANDFUTURE).
struct SeriesExpander {
    let builder: SeriesBuilder
    let maxIterations: Int

    /// Adds the occurrences of `series` overlapping `[windowStart, windowEnd)` to `list`; returns how many instances
    /// its rules and RDATEs made around the window (the work, which follows the window, not the series' age).
    @discardableResult
    func occurrences(
        of series: Series, windowStart: Int64, windowEnd: Int64, into list: inout [CalendarOccurrence],
        warnings: inout [CalendarWarning]
    ) -> Int {
        let start = Date(timeIntervalSince1970: TimeInterval(windowStart))
        let end = Date(timeIntervalSince1970: TimeInterval(windowEnd))
        for occurrence in series.fixed where occurrence.overlaps(start, end) {
            list.append(occurrence)
        }
        guard let recurring = series.recurring else { return 0 }
        let space = recurring.space
        let range = space.keyRange(from: windowStart - recurring.lookBack, to: windowEnd + recurring.lookAhead)

        var keys = Set<Int64>()
        var periodLengths: [Int64: Length] = [:]
        if recurring.includeStart && range.contains(recurring.startKey) { keys.insert(recurring.startKey) }
        for rdate in recurring.rdates where range.contains(rdate.key) {
            keys.insert(rdate.key)
            if let length = rdate.length { periodLengths[rdate.key] = length }
        }
        for rule in recurring.rules {
            expand(rule, of: recurring, in: range, into: &keys, warnings: &warnings)
        }

        for key in keys.sorted() {
            if recurring.excludedKeys.contains(key) || recurring.overriddenKeys.contains(key) { continue }
            if !recurring.excludedDays.isEmpty && recurring.excludedDays.contains(space.wallDay(ofKey: key)) {
                continue
            }
            var source = recurring.master
            var shift: Int64 = 0
            var length = recurring.masterLength
            if let change = futureChange(before: key, in: recurring.futureChanges) {
                source = change.component
                shift = change.shift
                length = change.length
            }
            if let periodLength = periodLengths[key] { length = periodLength }
            let span = space.span(startKey: key + shift, length: length)
            var added: [CalendarOccurrence] = []
            builder.append(
                source, start: span.start, end: span.end, recurrenceID: space.instant(ofKey: key), to: &added,
                absoluteAlarms: key == recurring.startKey && source.order == recurring.master.order)
            if let occurrence = added.first, occurrence.overlaps(start, end) {
                // A THISANDFUTURE override may switch DATE and DATE-TIME; the series' kind decides.
                var adjusted = occurrence
                adjusted.allDay = space.isDate
                list.append(adjusted)
            }
        }
        return keys.count
    }

    /// The latest THISANDFUTURE override strictly before `key` (the override itself is matched directly).
    private func futureChange(before key: Int64, in changes: [Series.FutureChange]) -> Series.FutureChange? {
        var low = 0
        var high = changes.count
        while low < high {
            let mid = (low + high) / 2
            if changes[mid].ridKey < key { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? changes[low - 1] : nil
    }

    private func expand(
        _ prepared: Series.PreparedRule, of recurring: Series.Recurring, in range: ClosedRange<Int64>,
        into keys: inout Set<Int64>, warnings: inout [CalendarWarning]
    ) {
        let space = recurring.space
        let master = recurring.master
        // UNTIL is applied here, in the series' own key space, so a DATE, UTC or local UNTIL is read as RFC 5545
        // says whatever DTSTART's kind; the engine itself only counts.
        let upper = min(range.upperBound, prepared.untilKey)
        guard upper >= range.lowerBound, upper >= recurring.startKey, prepared.engine.canMatch else { return }
        let walls = space.wallRange(fromKey: range.lowerBound, toKey: upper)
        let found = prepared.engine.instances(from: walls.lowerBound, through: walls.upperBound, budget: maxIterations)
        if found.budgetExceeded {
            let warning = CalendarWarning(
                file: master.file, line: prepared.rule.line, uid: master.uid, kind: .expansionLimit,
                message:
                    "RRULE:\(prepared.rule.text) needed more than \(maxIterations) steps to reach the requested "
                    + "dates; later instances may be missing")
            if !warnings.contains(warning) { warnings.append(warning) }
        }
        for wall in found.instances {
            let key = space.key(wall: wall)
            if key >= range.lowerBound && key <= upper { keys.insert(key) }
        }
    }
}
