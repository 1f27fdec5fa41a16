import Foundation
import WeftPrimitives
import WeftRecurrence

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

    /// Builds the series of one group (same UID, file order); nil when it is skipped. The warnings say why it was
    /// skipped, or which of its rules RFC 5545 forbids or can produce nothing.
    func build(_ group: [EventComponent]) -> (series: Series?, warnings: [CalendarWarning]) {
        let built = buildSeries(group)
        return (built.series, endless(group) + built.warnings)
    }

    /// A warning for each component that would end after the year 9999 (`DURATION:P999999999999999999W`): such an
    /// event is shown as lasting to the end of the window it is read in (``ICalendar/occurrences(overlapping:_:)``).
    private func endless(_ group: [EventComponent]) -> [CalendarWarning] {
        group.compactMap { component in
            let start = local.instant(of: component.start)
            guard
                start + local.length(start: component.start, end: component.end).upperBoundSeconds
                    > Instant.latestSeconds
            else { return nil }
            return CalendarWarning(
                file: component.file, uid: component.uid, kind: .endlessEvent,
                message: "its \(component.end.propertyName) ends after the year 9999; it is shown as lasting to the "
                    + "end of the days read")
        }
    }

    private func buildSeries(_ group: [EventComponent]) -> (series: Series?, warnings: [CalendarWarning]) {
        if let broken = group.first(where: { $0.brokenRule != nil }), let rule = broken.brokenRule {
            let warning = CalendarWarning(
                file: broken.file, line: rule.line, uid: broken.uid, kind: .badRecurrenceRule,
                message:
                    "RRULE cannot be parsed (\(rule.reason)); the whole series is skipped rather than "
                    + "shown as a single event")
            return (nil, [warning])
        }

        // The master is the highest SEQUENCE among the components that are not plain overrides; on a tie the
        // first one in the file stays (as in python-recurring-ical-events).
        let candidates = group.filter { $0.recurrenceID == nil || $0.hasRecurrenceRules }
        var master: EventComponent?
        for candidate in candidates where master == nil || candidate.sequence > (master?.sequence ?? .min) {
            master = candidate
        }
        guard let master else { return (orphanSeries(group), []) }

        let space = KeySpace(start: master.start, local: local)
        var excludedKeys = Set<Int64>()
        var excludedDays = Set<Int64>()
        for exdate in master.exdates {
            if exdate.isDate && !space.isDate {
                excludedDays.insert(ICalClock.days(of: exdate.value))
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
            let key = space.key(recurrenceID: rid, masterStart: master.start)
            if let existing = overrides[key], existing.sequence >= component.sequence { continue }
            overrides[key] = component
        }
        // Superseded masters that carried a RECURRENCE-ID take the override at that instance with them
        // (issue 253: a stale modification must not come back).
        for candidate in candidates where candidate.order != master.order {
            if let rid = candidate.recurrenceID {
                overrides[space.key(recurrenceID: rid, masterStart: master.start)] = nil
            }
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
            return (Series(fixed: fixed, recurring: nil), [])
        }

        var warnings: [CalendarWarning] = []
        let startWall = ICalClock.wallSeconds(of: master.start.value)
        let rules = master.rules.map { rule in
            let engine = RecurrenceEngine(rule: rule.rule, start: startWall, isDate: master.start.isDate)
            let forbidden = rule.rule.forbiddenUses
            if !forbidden.isEmpty {
                warnings.append(
                    CalendarWarning(
                        file: master.file, line: rule.line, uid: master.uid, kind: .forbiddenRecurrenceRule,
                        message:
                            "RRULE:\(rule.text) uses \(forbidden.joined(separator: ", ")), which RFC 5545 forbids; "
                            + "such parts only filter the other parts' instances (a numbered BYDAY counts as its "
                            + "weekday)"))
            }
            if let reason = engine.reasonItIsEmpty {
                warnings.append(
                    CalendarWarning(
                        file: master.file, line: rule.line, uid: master.uid, kind: .unusableRecurrenceRule,
                        message: "RRULE:\(rule.text) can never match (\(reason)); only DTSTART and RDATEs are shown"))
            }
            return Series.PreparedRule(
                rule: rule, engine: engine, untilKey: rule.rule.until.map { space.untilKey($0) } ?? .max)
        }
        // DTSTART is an instance unless every bound it has ends before it (Confluence writes UNTIL < DTSTART
        // for deleted series, issue 117).
        let lastUntil = rules.filter { $0.rule.rule.until != nil }.map(\.untilKey).max()
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
        return (Series(fixed: fixed, recurring: recurring), warnings)
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
    ///
    /// An absolute alarm names one instant, so it goes with one occurrence: `absoluteAlarms` is false for the
    /// instances a recurrence rule makes beyond the first.
    func append(
        _ component: EventComponent, start: Int64, end: Int64, recurrenceID: Int64?,
        to list: inout [CalendarOccurrence], absoluteAlarms: Bool = true
    ) {
        if component.declined { return }
        if component.start.isDate && !options.includeAllDay { return }
        if component.transparent && !options.includeTransparent { return }
        let alarms = component.alarms.compactMap { alarm -> CalendarAlarm? in
            var result = CalendarAlarm(repeatCount: alarm.repeatCount, repeatInterval: alarm.repeatInterval)
            switch alarm.trigger {
            case .absolute(let time):
                guard absoluteAlarms else { return nil }
                result.at = Date(timeIntervalSince1970: TimeInterval(local.instant(of: time)))
            case .relative(let length, let negative, let toEnd):
                result.days = negative ? -length.days : length.days
                result.seconds = negative ? -length.seconds : length.seconds
                result.relatedToEnd = toEnd
            }
            return result
        }
        list.append(
            CalendarOccurrence(
                uid: component.uid, title: component.title, start: Date(timeIntervalSince1970: TimeInterval(start)),
                end: Date(timeIntervalSince1970: TimeInterval(end)), allDay: component.start.isDate,
                location: component.location, calendar: calendarName, status: component.status,
                transparent: component.transparent,
                recurrenceID: recurrenceID.map { Date(timeIntervalSince1970: TimeInterval($0)) }, url: component.url,
                alarms: alarms))
    }
}
