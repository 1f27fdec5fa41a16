import CLibical
import Foundation

/// Everything that decides the occurrences of one UID: the winning master, its overrides, THISANDFUTURE
/// changes and the precomputed occurrences that do not depend on the query window.
///
/// Holds pointers into libical documents (rules, zones); the owning `ICalendar` keeps those alive.
struct Series {
    /// A RECURRENCE-ID;RANGE=THISANDFUTURE override: later instances move by `shift` and take its length.
    struct FutureChange {
        let ridKey: Int64
        let component: EventComponent
        let shift: Int64
        let length: Length
    }

    /// An RRULE ready to iterate.
    struct PreparedRule {
        let rule: RuleRef
        let untilKey: Int64
    }

    /// Occurrences known without expansion (single events, overrides, orphans), already filtered.
    let fixed: [CalendarOccurrence]
    /// The master when it recurs (RRULE or RDATE); nil otherwise.
    let recurring: Recurring?

    /// The expandable part of a series.
    struct Recurring {
        let master: EventComponent
        let space: KeySpace
        let masterLength: Length
        let startKey: Int64
        let includeStart: Bool
        let rules: [PreparedRule]
        let rdates: [(key: Int64, length: Length?)]
        let excludedKeys: Set<Int64>
        let excludedDays: Set<Int64>
        let overriddenKeys: Set<Int64>
        let futureChanges: [FutureChange]
        /// How far before the window an instance may start and still reach into it (seconds).
        let lookBack: Int64
        /// How far after the window an instance may start and still be moved into it (seconds).
        let lookAhead: Int64
    }
}

/// Turns the VEVENTs of one UID into a `Series`, following RFC 5545 and the peer library's choices.
struct SeriesBuilder {
    let calendarName: String
    let options: CalendarOptions
    let local: LocalZone

    init(calendarName: String, options: CalendarOptions) {
        self.calendarName = calendarName
        self.options = options
        self.local = LocalZone(timeZone: options.timeZone)
    }

    /// Builds the series of one group (same UID, file order); nil when it is skipped, with the reason.
    func build(_ group: [EventComponent]) -> (series: Series?, warning: CalendarWarning?) {
        if let broken = group.first(where: { $0.brokenRule != nil }) {
            let warning = CalendarWarning(
                file: broken.file, uid: broken.uid, kind: .badRecurrenceRule,
                message:
                    "RRULE cannot be parsed (\(broken.brokenRule ?? "")); the whole series is skipped rather than "
                    + "shown as a single event")
            return (nil, warning)
        }

        // The master is the highest SEQUENCE among the components that are not plain overrides; on a tie the
        // first one in the file stays (as in python-recurring-ical-events).
        let candidates = group.filter { $0.recurrenceID == nil || $0.hasRecurrenceRules }
        var master: EventComponent?
        for candidate in candidates where master == nil || candidate.sequence > (master?.sequence ?? .min) {
            master = candidate
        }
        guard let master else { return (orphanSeries(group), nil) }

        let space = KeySpace(start: master.start, local: local)
        var excludedKeys = Set<Int64>()
        var excludedDays = Set<Int64>()
        for exdate in master.exdates {
            if exdate.isDate && !space.isDate {
                excludedDays.insert(Civil.days(of: exdate.value))
            } else {
                excludedKeys.insert(space.key(exdate))
            }
        }
        func isExcluded(_ key: Int64) -> Bool {
            excludedKeys.contains(key) || (!excludedDays.isEmpty && excludedDays.contains(space.wallDay(ofKey: key)))
        }

        // Overrides by instance key, highest SEQUENCE winning.
        var overrides: [Int64: EventComponent] = [:]
        for component in group where component.order != master.order {
            guard let rid = component.recurrenceID else { continue }
            let key = space.key(rid)
            if let existing = overrides[key], existing.sequence >= component.sequence { continue }
            overrides[key] = component
        }
        // Superseded masters that carried a RECURRENCE-ID take the override at that instance with them
        // (issue 253: a stale modification must not come back).
        for candidate in candidates where candidate.order != master.order {
            if let rid = candidate.recurrenceID { overrides[space.key(rid)] = nil }
        }
        // The winning master's EXDATE also deletes an override of that instance (issue 163).
        for key in overrides.keys where isExcluded(key) { overrides[key] = nil }

        var fixed: [CalendarOccurrence] = []
        for (key, component) in overrides.sorted(by: { $0.key < $1.key }) {
            let span = local.span(start: component.start, end: component.end)
            append(component, start: span.start, end: span.end, recurrenceID: space.instant(ofKey: key), to: &fixed)
        }

        let startKey = space.key(master.start)
        let masterLength = local.length(start: master.start, end: master.end)
        guard !master.rules.isEmpty || !master.rdates.isEmpty else {
            if !isExcluded(startKey) && overrides[startKey] == nil {
                let span = local.span(start: master.start, end: master.end)
                append(master, start: span.start, end: span.end, recurrenceID: nil, to: &fixed)
            }
            return (Series(fixed: fixed, recurring: nil), nil)
        }

        let rules = master.rules.map { rule in
            Series.PreparedRule(rule: rule, untilKey: rule.until.map { space.untilKey($0) } ?? .max)
        }
        // DTSTART is an instance unless every bound it has ends before it (Confluence writes UNTIL < DTSTART
        // for deleted series, issue 117).
        let lastUntil = rules.filter { $0.rule.until != nil }.map(\.untilKey).max()
        let includeStart = lastUntil.map { startKey <= $0 } ?? true

        var rdates: [(key: Int64, length: Length?)] = []
        var longest = masterLength.upperBoundSeconds
        for rdate in master.rdates {
            switch rdate {
            case .time(let time):
                rdates.append((space.key(time), nil))
            case .period(let start, let end):
                let length = local.length(start: start, end: end)
                longest = max(longest, length.upperBoundSeconds)
                rdates.append((space.key(start), length))
            }
        }

        var changes: [Series.FutureChange] = []
        var maxForward: Int64 = 0
        var maxBackward: Int64 = 0
        for (key, component) in overrides where component.thisAndFuture {
            let length = local.length(start: component.start, end: component.end)
            let shift = space.key(component.start) - key
            changes.append(Series.FutureChange(ridKey: key, component: component, shift: shift, length: length))
            longest = max(longest, length.upperBoundSeconds)
            maxForward = max(maxForward, shift * space.secondsPerKey)
            maxBackward = max(maxBackward, -shift * space.secondsPerKey)
        }
        changes.sort { $0.ridKey < $1.ridKey }

        // Slack of two days covers DST and the spread between the configured zone and the series' zone.
        let slack: Int64 = 2 * 86_400
        let recurring = Series.Recurring(
            master: master, space: space, masterLength: masterLength, startKey: startKey, includeStart: includeStart,
            rules: rules, rdates: rdates, excludedKeys: excludedKeys, excludedDays: excludedDays,
            overriddenKeys: Set(overrides.keys), futureChanges: changes,
            lookBack: longest + maxForward + slack, lookAhead: maxBackward + slack)
        return (Series(fixed: fixed, recurring: recurring), nil)
    }

    /// Overrides without any master (Google exports of a calendar that shows only someone's changed
    /// instances): each is shown as a single event; duplicates of one RECURRENCE-ID keep the highest SEQUENCE.
    private func orphanSeries(_ group: [EventComponent]) -> Series {
        var byInstant: [Int64: EventComponent] = [:]
        for component in group {
            guard let rid = component.recurrenceID else { continue }
            let key = local.instant(of: rid)
            if let existing = byInstant[key], existing.sequence >= component.sequence { continue }
            byInstant[key] = component
        }
        var fixed: [CalendarOccurrence] = []
        for (key, component) in byInstant.sorted(by: { $0.key < $1.key }) {
            let span = local.span(start: component.start, end: component.end)
            append(component, start: span.start, end: span.end, recurrenceID: key, to: &fixed)
        }
        return Series(fixed: fixed, recurring: nil)
    }

    /// Adds an occurrence of `component` unless the options filter it out (declined, all-day, transparent).
    func append(
        _ component: EventComponent, start: Int64, end: Int64, recurrenceID: Int64?,
        to list: inout [CalendarOccurrence]
    ) {
        if component.declined { return }
        if component.start.isDate && !options.includeAllDay { return }
        if component.transparent && !options.includeTransparent { return }
        list.append(
            CalendarOccurrence(
                uid: component.uid, title: component.title, start: Date(timeIntervalSince1970: TimeInterval(start)),
                end: Date(timeIntervalSince1970: TimeInterval(end)), allDay: component.start.isDate,
                location: component.location, calendar: calendarName, status: component.status,
                transparent: component.transparent,
                recurrenceID: recurrenceID.map { Date(timeIntervalSince1970: TimeInterval($0)) }))
    }
}

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
        guard upper >= range.lowerBound else { return }

        // UNTIL is applied here, in the series' own key space, instead of by libical, whose 3.0 comparison
        // of UNTIL against zoned or floating DTSTARTs is not reliable; the rule itself then has no end.
        var rule = icalproperty_get_rrule(prepared.rule.property)
        rule.until = icaltime_null_time()
        var dtstart = master.start.value
        let canSeek = rule.count <= 0 && range.lowerBound > recurring.startKey
        var seekWithIterator = false
        if canSeek {
            if let unit = Self.subDailyUnit(prepared.rule.frequency) {
                // set_start misplaces sub-daily rules in 3.0.16 (FREQ=MINUTELY starts at DTSTART's time of
                // day), so the series is restarted at a DTSTART moved forward by whole periods instead.
                let period = unit * Int64(prepared.rule.interval)
                let startWall = Civil.wallSeconds(of: dtstart)
                let seekWall = Civil.wallSeconds(of: space.iteratorTime(forKey: range.lowerBound))
                let periods = Civil.floorDiv(seekWall - startWall, period)
                if periods > 1 {
                    let zone = dtstart.zone
                    dtstart = Civil.floatingTime(wallSeconds: startWall + (periods - 1) * period)
                    dtstart.zone = zone
                }
            } else {
                seekWithIterator = true
            }
        }
        guard let iterator = RecurIterator(rule: rule, start: dtstart) else {
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
