import CLibical
import Foundation
import WeftPrimitives

/// Expands recurring series over a window with libical's iterator.
struct SeriesExpander {
    let builder: SeriesBuilder
    let maxIterations: Int

    /// Adds the occurrences of `series` overlapping `[windowStart, windowEnd)` to `list`.
    func occurrences(
        of series: Series, windowStart: Int64, windowEnd: Int64, into list: inout [CalendarOccurrence],
        warnings: inout [CalendarWarning]
    ) {
        let start = Date(timeIntervalSince1970: TimeInterval(windowStart))
        let end = Date(timeIntervalSince1970: TimeInterval(windowEnd))
        for occurrence in series.fixed where occurrence.overlaps(start, end) {
            list.append(occurrence)
        }
        guard let recurring = series.recurring else { return }
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
                source, start: span.start, end: span.end, recurrenceID: space.instant(ofKey: key), to: &added)
            if let occurrence = added.first, occurrence.overlaps(start, end) {
                // A THISANDFUTURE override may switch DATE and DATE-TIME; the series' kind decides.
                var adjusted = occurrence
                adjusted.allDay = space.isDate
                list.append(adjusted)
            }
        }
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
        let upper = min(range.upperBound, prepared.untilKey)
        // No instance comes before DTSTART, nor after a COUNT rule's certain end.
        guard upper >= range.lowerBound, upper >= recurring.startKey, prepared.lastKeyBound >= range.lowerBound
        else { return }

        // UNTIL is applied here, in the series' own key space, instead of by libical, whose 3.0 comparison
        // of UNTIL against zoned or floating DTSTARTs is not reliable; the rule itself then has no end.
        var rule = icalproperty_get_rrule(prepared.rule.property)
        rule.until = icaltime_null_time()
        if prepared.lastWallSeconds != nil { rule.count = 0 }
        var dtstart = master.start.value
        let canSeek = rule.count <= 0 && range.lowerBound > recurring.startKey
        var seekWithIterator = false
        if canSeek {
            if let unit = Self.subDailyUnit(prepared.rule.frequency) {
                // set_start misplaces sub-daily rules in 3.0.16 (FREQ=MINUTELY starts at DTSTART's time of
                // day), so the series is restarted at a DTSTART moved forward by whole periods instead.
                let period = unit * Int64(prepared.rule.interval)
                let startWall = ICalClock.wallSeconds(of: dtstart)
                let seekWall = ICalClock.wallSeconds(of: space.iteratorTime(forKey: range.lowerBound))
                let periods = (seekWall - startWall).floorDiv(period)
                if periods > 1 {
                    let zone = dtstart.zone
                    dtstart = ICalClock.floatingTime(wallSeconds: startWall + (periods - 1) * period)
                    dtstart.zone = zone
                }
            } else {
                seekWithIterator = true
            }
        }
        guard prepared.canMatch, let iterator = RecurIterator(rule: rule, start: dtstart) else {
            let warning = CalendarWarning(
                file: master.file, uid: master.uid, kind: .unusableRecurrenceRule,
                message: "libical cannot iterate this RRULE (it can never match?); only DTSTART and RDATEs are shown")
            if !warnings.contains(warning) { warnings.append(warning) }
            return
        }
        if seekWithIterator {
            _ = iterator.setStart(space.iteratorTime(forKey: range.lowerBound))
        }
        var steps = 0
        while let time = iterator.next() {
            steps += 1
            if steps > maxIterations {
                let warning = CalendarWarning(
                    file: master.file, uid: master.uid, kind: .expansionLimit,
                    message:
                        "RRULE needed more than \(maxIterations) steps to reach the requested dates; "
                        + "later instances may be missing")
                if !warnings.contains(warning) { warnings.append(warning) }
                return
            }
            if let last = prepared.lastWallSeconds, ICalClock.wallSeconds(of: time) > last { return }
            let key = space.key(iterated: time)
            if key > upper { return }
            if key >= range.lowerBound { keys.insert(key) }
        }
    }

    private static func subDailyUnit(_ frequency: icalrecurrencetype_frequency) -> Int64? {
        switch frequency {
        case ICAL_SECONDLY_RECURRENCE: return 1
        case ICAL_MINUTELY_RECURRENCE: return 60
        case ICAL_HOURLY_RECURRENCE: return 3600
        default: return nil
        }
    }
}
