import CLibical
import Foundation
import WeftRecurrence

/// Reads the VEVENTs of a parsed document into `EventComponent` values, resolving time zones and
/// applying X-WR-TIMEZONE, and records what it had to drop or guess.
struct EventExtractor {
    let document: ICalDocument
    let options: CalendarOptions
    private(set) var components: [EventComponent] = []
    private(set) var warnings: [CalendarWarning] = []
    /// The warnings noted so far, for a linear check of repeats.
    private var noted: Set<CalendarWarning> = []
    private let me: Set<String>

    init(document: ICalDocument, options: CalendarOptions) {
        self.document = document
        self.options = options
        self.me = Set(options.me.map(Self.normalizedAddress))
    }

    /// Reads every VEVENT of every VCALENDAR of the document, numbering them from `firstOrder`.
    mutating func extract(firstOrder: Int) {
        var order = firstOrder
        for calendar in document.calendars() {
            var resolver = ZoneResolver(calendar: calendar)
            let calendarZone = calendarZone(of: calendar, resolver: &resolver)
            let events = children(of: calendar, kind: ICAL_VEVENT_COMPONENT)
            components.reserveCapacity(components.count + events.count)
            for event in events {
                if let component = read(event, order: order, resolver: &resolver, calendarZone: calendarZone) {
                    components.append(component)
                    order += 1
                }
            }
        }
    }

    // MARK: - Calendar level

    private mutating func calendarZone(of calendar: OpaquePointer, resolver: inout ZoneResolver) -> OpaquePointer? {
        for property in properties(of: calendar) where icalproperty_isa(property) == ICAL_X_PROPERTY {
            guard copyString(icalproperty_get_x_name(property))?.uppercased() == "X-WR-TIMEZONE",
                // Read as text whatever its parameters: with VALUE=TEXT (as some exports write it) libical keeps
                // the value as TEXT, and the X-value getter returns nothing.
                let name = copyString(icalproperty_get_value_as_string(property))?
                    .trimmingCharacters(in: .whitespaces),
                !name.isEmpty
            else { continue }
            if let zone = resolver.zone(forCalendarZone: name) { return zone }
            warnings.append(
                CalendarWarning(
                    file: document.file, uid: nil, kind: .unknownCalendarTimeZone,
                    message: "X-WR-TIMEZONE \"\(name)\" is not a known time zone; it is ignored"))
            return nil
        }
        return nil
    }

    // MARK: - Events

    private struct TimeContext {
        let event: OpaquePointer
        let uid: String
        let calendarZone: OpaquePointer?
    }

    private mutating func read(
        _ event: OpaquePointer, order: Int, resolver: inout ZoneResolver, calendarZone: OpaquePointer?
    ) -> EventComponent? {
        // One pass over the properties: libical's getters share one iterator per component.
        let all = properties(of: event)
        var uid: String?
        for property in all where icalproperty_isa(property) == ICAL_UID_PROPERTY {
            uid = copyString(icalproperty_get_uid(property))
        }
        let context = TimeContext(event: event, uid: uid ?? "", calendarZone: calendarZone)

        var title = ""
        var location: String?
        var status: String?
        var transparent = false
        var sequence = -1
        var declined = false
        var start: ResolvedTime?
        var end: ResolvedTime?
        var startProperty: OpaquePointer?
        var endProperty: OpaquePointer?
        var duration: icaldurationtype?
        var recurrenceID: ResolvedTime?
        var thisAndFuture = false
        var rules: [RuleRef] = []
        var rdates: [RDateValue] = []
        var exdates: [ResolvedTime] = []
        var brokenRule: BrokenRule?
        var url: String?
        var description: String?
        var conference: String?

        for property in all {
            switch icalproperty_isa(property) {
            case ICAL_SUMMARY_PROPERTY:
                title = copyString(icalproperty_get_summary(property)) ?? ""
            case ICAL_URL_PROPERTY:
                url = copyString(icalproperty_get_url(property)).flatMap { $0.isEmpty ? nil : $0 }
            case ICAL_DESCRIPTION_PROPERTY:
                // As written (escaped), which is all a link search needs: `\n` and `\,` end a link.
                description = copyString(icalproperty_get_value_as_string(property))
            case ICAL_LOCATION_PROPERTY:
                location = copyString(icalproperty_get_location(property)).flatMap { $0.isEmpty ? nil : $0 }
            case ICAL_STATUS_PROPERTY:
                status = copyString(icalproperty_get_value_as_string(property))?.uppercased()
            case ICAL_TRANSP_PROPERTY:
                let value = icalproperty_get_transp(property)
                transparent = value == ICAL_TRANSP_TRANSPARENT || value == ICAL_TRANSP_TRANSPARENTNOCONFLICT
            case ICAL_SEQUENCE_PROPERTY:
                sequence = Int(icalproperty_get_sequence(property))
            case ICAL_ATTENDEE_PROPERTY:
                if !me.isEmpty, isDeclinedByMe(property) { declined = true }
            case ICAL_DTSTART_PROPERTY:
                start = resolve(property, context: context, resolver: &resolver)
                startProperty = property
            case ICAL_DTEND_PROPERTY:
                end = resolve(property, context: context, resolver: &resolver)
                endProperty = property
            case ICAL_DURATION_PROPERTY:
                duration = icalproperty_get_duration(property)
            case ICAL_RECURRENCEID_PROPERTY:
                recurrenceID = resolve(property, context: context, resolver: &resolver)
                if let range = icalproperty_get_first_parameter(property, ICAL_RANGE_PARAMETER) {
                    thisAndFuture = icalparameter_get_range(range) == ICAL_RANGE_THISANDFUTURE
                }
            case ICAL_X_PROPERTY:
                let name = copyString(icalproperty_get_x_name(property))?.uppercased()
                if name == "X-GOOGLE-CONFERENCE" {
                    conference = copyString(icalproperty_get_value_as_string(property))
                    break
                }
                // An RRULE, taken out of the text before libical parsed it (``WrittenRules``).
                guard name == WrittenRules.propertyName,
                    let written = copyString(icalproperty_get_value_as_string(property)).flatMap(document.rules.entry)
                else { break }
                do {
                    rules.append(
                        RuleRef(rule: try RecurrenceRule.parse(written.value), text: written.value, line: written.line))
                } catch {
                    brokenRule = BrokenRule(reason: "RRULE:\(written.value): \(error)", line: written.line)
                }
            case ICAL_RDATE_PROPERTY:
                if let value = readRDate(property, context: context, resolver: &resolver) { rdates.append(value) }
            case ICAL_EXDATE_PROPERTY:
                exdates.append(resolve(property, context: context, resolver: &resolver))
            case ICAL_XLICERROR_PROPERTY:
                let text = copyString(icalproperty_get_xlicerror(property)) ?? ""
                if let name = Self.droppedDateProperty(in: text) {
                    warnings.append(
                        CalendarWarning(
                            file: document.file, uid: uid, kind: .droppedProperty,
                            message: "libical could not parse \(name) and dropped it: \(text)"))
                }
            default:
                break
            }
        }

        guard let start else {
            warnings.append(
                CalendarWarning(
                    file: document.file, uid: uid ?? "", kind: .missingStart,
                    message: "VEVENT has no usable DTSTART; it is skipped"))
            return nil
        }
        if let resolvedEnd = end, let startProperty, let endProperty {
            end = reconcile(
                end: resolvedEnd, endProperty: endProperty, start: start, startProperty: startProperty,
                context: context)
        }
        let endSpec: EndSpec = end.map { .end($0) } ?? duration.map { .duration($0) } ?? .none
        let alarms = readAlarms(of: event, start: start, context: context, resolver: &resolver)
        return EventComponent(
            order: order, file: document.file, uid: uid ?? "", hasUID: uid != nil, title: title, location: location,
            status: status, transparent: transparent, sequence: sequence, declined: declined, start: start,
            end: endSpec, recurrenceID: recurrenceID, thisAndFuture: thisAndFuture, rules: rules, rdates: rdates,
            exdates: exdates, url: MeetingLink.find(in: [conference, location, description]) ?? url, alarms: alarms,
            brokenRule: brokenRule)
    }

    // MARK: - Alarms

    /// The event's VALARMs with `ACTION:DISPLAY` (the others, audio, email or Apple's `ACTION:NONE` placeholder,
    /// are not reminders on screen), within the bounds of ``CalendarAlarm``: a trigger further than its reach from
    /// what it belongs to is ignored, repeats and alarms beyond their caps are cut off, each with a warning.
    private mutating func readAlarms(
        of event: OpaquePointer, start: ResolvedTime, context: TimeContext, resolver: inout ZoneResolver
    ) -> [EventAlarm] {
        var alarms: [EventAlarm] = []
        for alarm in children(of: event, kind: ICAL_VALARM_COMPONENT) {
            var display = false
            var triggerProperty: OpaquePointer?
            var repeatCount = 0
            var interval: icaldurationtype?
            for property in properties(of: alarm) {
                switch icalproperty_isa(property) {
                case ICAL_ACTION_PROPERTY: display = icalproperty_get_action(property) == ICAL_ACTION_DISPLAY
                case ICAL_TRIGGER_PROPERTY: triggerProperty = property
                case ICAL_REPEAT_PROPERTY: repeatCount = Int(icalproperty_get_repeat(property))
                case ICAL_DURATION_PROPERTY: interval = icalproperty_get_duration(property)
                default: break
                }
            }
            guard display, let triggerProperty else { continue }
            guard alarms.count < CalendarAlarm.maxPerEvent else {
                note(
                    alarmWarning(
                        context, "has more than \(CalendarAlarm.maxPerEvent) display alarms; the rest are ignored"))
                break
            }
            let value = icalproperty_get_trigger(triggerProperty)
            let trigger: EventAlarm.Trigger
            let reach: Int64
            if icaltime_is_null_time(value.time) == 0 {
                let time = finish(value.time, property: triggerProperty, context: context, resolver: &resolver)
                // Wall-clock seconds are within a day of the instants: enough to tell a trigger years away.
                reach = abs(ICalClock.wallSeconds(of: time.value) - ICalClock.wallSeconds(of: start.value))
                trigger = .absolute(time)
            } else {
                let length = Length(value.duration)
                let related = icalproperty_get_first_parameter(triggerProperty, ICAL_RELATED_PARAMETER)
                let toEnd = related.map { icalparameter_get_related($0) == ICAL_RELATED_END } ?? false
                reach = length.days * 86_400 + length.seconds
                trigger = .relative(length, negative: value.duration.is_neg != 0, toEnd: toEnd)
            }
            guard reach <= CalendarAlarm.maxReach else {
                let shown = copyString(icalproperty_get_value_as_string(triggerProperty)) ?? ""
                note(
                    alarmWarning(
                        context,
                        "a display alarm's TRIGGER \(shown) is more than \(CalendarAlarm.maxReach / 86_400) days from "
                            + "the event; it is ignored"))
                continue
            }
            var repeats = 0
            var seconds: Int64 = 0
            if repeatCount > 0, let interval {
                let length = Length(interval)
                seconds = length.days * 86_400 + length.seconds
                if seconds > 0 {
                    repeats = min(repeatCount, CalendarAlarm.maxRepeat)
                    if repeatCount > CalendarAlarm.maxRepeat {
                        note(
                            alarmWarning(
                                context,
                                "a display alarm repeats \(repeatCount) times; only the first "
                                    + "\(CalendarAlarm.maxRepeat) repeats are kept"))
                    }
                }
            }
            alarms.append(EventAlarm(trigger: trigger, repeatCount: repeats, repeatInterval: repeats > 0 ? seconds : 0))
        }
        return alarms
    }

    private func alarmWarning(_ context: TimeContext, _ message: String) -> CalendarWarning {
        CalendarWarning(file: document.file, uid: context.uid, kind: .ignoredAlarm, message: message)
    }

    /// A DTEND that does not match its DTSTART, as several producers write it, read the way DTSTART is.
    ///
    /// A floating DTEND of a zoned (or UTC) DTSTART is in DTSTART's zone, so the event's length does not depend on
    /// the viewer's zone. Of a mixed DATE/DATE-TIME pair DTSTART's type wins: a DATE-TIME DTEND of an all-day event
    /// ends on its date (at least a day after the start), a DATE DTEND of a timed event ends at that date's
    /// midnight in DTSTART's zone; both are guesses, so they are reported.
    private mutating func reconcile(
        end: ResolvedTime, endProperty: OpaquePointer, start: ResolvedTime, startProperty: OpaquePointer,
        context: TimeContext
    ) -> ResolvedTime {
        if start.isDate != end.isDate {
            let written = Self.show(icalproperty_get_dtend(endProperty))
            var value: icaltimetype
            if start.isDate {
                let startDay = ICalClock.days(of: start.value)
                value = ICalClock.dateTime(days: max(ICalClock.days(of: end.written ?? end.value), startDay + 1))
            } else {
                value = ICalClock.floatingTime(wallSeconds: ICalClock.days(of: end.value) * 86_400)
                value.zone = start.zone
            }
            note(
                CalendarWarning(
                    file: document.file, uid: context.uid, kind: .mixedValueTypes,
                    message:
                        "DTSTART is a \(start.isDate ? "DATE" : "DATE-TIME") but DTEND (\(written)) is a "
                        + "\(start.isDate ? "DATE-TIME" : "DATE"); DTEND is read as \(Self.show(value))"
                        + (start.isDate ? " (exclusive)" : " in DTSTART's zone")))
            return ResolvedTime(value: value)
        }
        guard !start.isDate else { return end }
        let writtenEnd = icalproperty_get_dtend(endProperty)
        let endFloating =
            icaltime_is_utc(writtenEnd) == 0 && parameterString(endProperty, ICAL_TZID_PARAMETER) == nil
        guard endFloating else { return end }
        if parameterString(startProperty, ICAL_TZID_PARAMETER) != nil {
            guard let zone = start.zone else { return end }
            var value = end.value
            value.zone = zone
            return ResolvedTime(value: value)
        }
        guard icaltime_is_utc(icalproperty_get_dtstart(startProperty)) != 0 else { return end }
        var value = writtenEnd
        value.zone = LibicalRuntime.utc
        guard let calendarZone = context.calendarZone else { return ResolvedTime(value: value) }
        return ResolvedTime(value: icaltime_convert_to_zone(value, calendarZone), written: value)
    }

    private static func droppedDateProperty(in text: String) -> String? {
        // libical says "… value in EXDATE property. …": the word before " property", searched in UTF-8 (a file may
        // hold tens of thousands of these).
        let bytes = Array(text.utf8)
        let marker = Array(" property".utf8)
        guard bytes.count >= marker.count else { return nil }
        for end in 0...(bytes.count - marker.count)
        where bytes[end] == 0x20 && bytes[end..<(end + marker.count)].elementsEqual(marker) {
            var start = end
            while start > 0, bytes[start - 1] != 0x20 { start -= 1 }
            let name = String(decoding: bytes[start..<end], as: UTF8.self)
            if ["DTSTART", "DTEND", "DURATION", "RDATE", "EXDATE", "RECURRENCE-ID"].contains(name) { return name }
        }
        return nil
    }

    private func isDeclinedByMe(_ attendee: OpaquePointer) -> Bool {
        guard let address = copyString(icalproperty_get_attendee(attendee)),
            me.contains(Self.normalizedAddress(address)),
            let partstat = icalproperty_get_first_parameter(attendee, ICAL_PARTSTAT_PARAMETER)
        else { return false }
        return icalparameter_get_partstat(partstat) == ICAL_PARTSTAT_DECLINED
    }

    /// `MAILTO:You@Example.org` and `you@example.org` are the same attendee.
    static func normalizedAddress(_ address: String) -> String {
        var value = address.trimmingCharacters(in: .whitespaces).lowercased()
        if value.hasPrefix("mailto:") { value.removeFirst("mailto:".count) }
        return value
    }

    // MARK: - Times

    private mutating func resolve(
        _ property: OpaquePointer, context: TimeContext, resolver: inout ZoneResolver
    ) -> ResolvedTime {
        icalerror_clear_errno()
        let raw: icaltimetype
        switch icalproperty_isa(property) {
        case ICAL_RECURRENCEID_PROPERTY:
            // icalcomponent_get_recurrenceid() ignores TZID in 3.0 (libical#934); this does not.
            raw = icalproperty_get_datetime_with_component(property, context.event)
        case ICAL_DTSTART_PROPERTY:
            raw = icalproperty_get_dtstart(property)
        case ICAL_DTEND_PROPERTY:
            raw = icalproperty_get_dtend(property)
        case ICAL_EXDATE_PROPERTY:
            raw = icalproperty_get_exdate(property)
        case ICAL_RDATE_PROPERTY:
            raw = icalproperty_get_rdate(property).time
        default:
            raw = icalproperty_get_datetime_with_component(property, context.event)
        }
        // The other properties take their TZID through the resolver below, which looks in the same order
        // (VTIMEZONE, then builtin) but caches per TZID: libical's builtin lookup is a linear scan.
        var time = raw
        if icalproperty_isa(property) != ICAL_RECURRENCEID_PROPERTY, time.is_date == 0, let zone = time.zone,
            zone != LibicalRuntime.utc
        {
            time.zone = nil
        }
        return finish(time, property: property, context: context, resolver: &resolver)
    }

    private mutating func readRDate(
        _ property: OpaquePointer, context: TimeContext, resolver: inout ZoneResolver
    ) -> RDateValue? {
        let value = icalproperty_get_rdate(property)
        if icaltime_is_null_time(value.period.start) == 0 {
            // libical 3.0.16 resolves no TZID for PERIOD values, so the parameter is applied here.
            let start = finish(value.period.start, property: property, context: context, resolver: &resolver)
            let end: EndSpec
            if icaltime_is_null_time(value.period.end) == 0 {
                end = .end(finish(value.period.end, property: property, context: context, resolver: &resolver))
            } else {
                end = .duration(value.period.duration)
            }
            return .period(start: start, end: end)
        }
        guard icaltime_is_null_time(value.time) == 0 else { return nil }
        return .time(resolve(property, context: context, resolver: &resolver))
    }

    /// Applies the zone rules to a raw value: DATE stays a date; UTC and floating times move into
    /// X-WR-TIMEZONE when the calendar has one (as the x-wr-timezone package does for Google exports);
    /// a TZID libical did not resolve goes through the fallbacks, and is floating with a warning if all fail.
    private mutating func finish(
        _ raw: icaltimetype, property: OpaquePointer, context: TimeContext, resolver: inout ZoneResolver
    ) -> ResolvedTime {
        var time = raw
        if time.is_date != 0 {
            time.zone = nil
            return ResolvedTime(value: time)
        }
        if let zone = time.zone, zone == LibicalRuntime.utc {
            guard let calendarZone = context.calendarZone else { return ResolvedTime(value: time) }
            return ResolvedTime(value: icaltime_convert_to_zone(time, calendarZone), written: time)
        }
        if let tzid = parameterString(property, ICAL_TZID_PARAMETER) {
            if time.zone != nil { return ResolvedTime(value: time) }
            if let found = resolver.zone(forTZID: tzid) {
                if let iana = found.mappedTo {
                    note(
                        CalendarWarning(
                            file: document.file, uid: nil, kind: .mappedTimeZone,
                            message:
                                "time zone \"\(tzid)\" has no VTIMEZONE in the file; read as \(iana), the zone its "
                                + "name ends in"))
                }
                time.zone = found.zone
                if let onset = resolver.earliestOnset(ofTZID: tzid),
                    ICalClock.wallSeconds(of: time) < onset.wallSeconds,
                    // One warning per event and zone, for its DTSTART (or the first of its times that is early).
                    !warnings.contains(where: {
                        $0.kind == .beforeZoneOnset && $0.uid == context.uid && $0.message.contains("\"\(tzid)\"")
                    })
                {
                    note(
                        CalendarWarning(
                            file: document.file, uid: context.uid, kind: .beforeZoneOnset,
                            message:
                                "\(Self.show(time)) is before the first onset (\(Self.show(onset.time))) of VTIMEZONE "
                                + "\"\(tzid)\"; read with the offset in force before it (its earliest observance's "
                                + "TZOFFSETFROM)"))
                }
                return ResolvedTime(value: time)
            }
            let warning = CalendarWarning(
                file: document.file, uid: context.uid, kind: .unknownTimeZone,
                message:
                    "unknown time zone \"\(tzid)\" (no VTIMEZONE, not a system or Windows zone); "
                    + "times read as local time in \(options.timeZone.identifier)")
            note(warning)
            time.zone = nil
            return ResolvedTime(value: time)
        }
        if let calendarZone = context.calendarZone {
            time.zone = calendarZone
        }
        return ResolvedTime(value: time)
    }

    /// Records a warning once (the same guess repeats for every time that uses a TZID).
    private mutating func note(_ warning: CalendarWarning) {
        if noted.insert(warning).inserted { warnings.append(warning) }
    }

    /// `2024-06-10T14:00:00` for messages: a time's own wall-clock fields.
    static func show(_ time: icaltimetype) -> String {
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let date = "\(time.year)-\(two(time.month))-\(two(time.day))"
        if time.is_date != 0 { return date }
        return date + "T\(two(time.hour)):\(two(time.minute)):\(two(time.second))"
    }
}
