import CLibical
import WeftPrimitives

/// An upper bound on when a COUNT-limited RRULE ends, for the rule shapes where it is easy to be sure of.
///
/// A COUNT rule cannot be skipped ahead with `icalrecur_iterator_set_start`, so reaching a window means stepping
/// through every earlier instance, and each libical 3.0 step goes through ICU calendar arithmetic. When every
/// period of the rule (each day, week, month or year, times INTERVAL) is certain to hold at least one instance,
/// COUNT instances end within COUNT + 1 periods, and a series that ended before the window is not iterated.
enum RuleBound {
    /// Seconds after DTSTART by which the last instance has started, or nil when the rule's shape does not
    /// guarantee an instance in every period (BYSETPOS, BYMONTH, a 31st of the month, …) or it has no COUNT.
    static func countSpan(_ rule: icalrecurrencetype, start: icaltimetype) -> Int64? {
        guard rule.count > 0, rule.rscale == nil else { return nil }
        let bySecond = values(rule.by_second)
        let byMinute = values(rule.by_minute)
        let byHour = values(rule.by_hour)
        let byDay = values(rule.by_day)
        let byMonthDay = values(rule.by_month_day)
        guard values(rule.by_set_pos).isEmpty, values(rule.by_month).isEmpty, values(rule.by_week_no).isEmpty,
            values(rule.by_year_day).isEmpty
        else { return nil }
        let expandsWithinDay = !(bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty)
        let period: Int64
        switch rule.freq {
        case ICAL_SECONDLY_RECURRENCE, ICAL_MINUTELY_RECURRENCE, ICAL_HOURLY_RECURRENCE:
            guard !expandsWithinDay, byDay.isEmpty, byMonthDay.isEmpty else { return nil }
            period = rule.freq == ICAL_SECONDLY_RECURRENCE ? 1 : rule.freq == ICAL_MINUTELY_RECURRENCE ? 60 : 3600
        case ICAL_DAILY_RECURRENCE:
            guard byDay.isEmpty, byMonthDay.isEmpty else { return nil }
            period = 86_400
        case ICAL_WEEKLY_RECURRENCE:
            // Plain weekdays only: every week then holds each of them.
            guard byMonthDay.isEmpty, byDay.allSatisfy({ icalrecurrencetype_day_position($0) == 0 }) else {
                return nil
            }
            period = 7 * 86_400
        case ICAL_MONTHLY_RECURRENCE:
            let everyMonth: Bool
            switch (byDay.isEmpty, byMonthDay.isEmpty) {
            case (true, true): everyMonth = start.day <= 28
            case (true, false): everyMonth = byMonthDay.contains { (1...28).contains($0) || (-28 ... -1).contains($0) }
            case (false, true):
                // Every weekday occurs four times a month: positions 1–4 and -1 to -4 always exist.
                everyMonth = byDay.contains { (-4...4).contains(icalrecurrencetype_day_position($0)) }
            case (false, false): everyMonth = false
            }
            guard everyMonth else { return nil }
            period = 31 * 86_400
        case ICAL_YEARLY_RECURRENCE:
            guard byDay.isEmpty, byMonthDay.isEmpty, !(start.month == 2 && start.day == 29) else { return nil }
            period = 366 * 86_400
        default:
            return nil
        }
        // One spare period for a first period that starts before DTSTART, an hour for a DST change, a day slack.
        return (Int64(rule.count) + 1) * Int64(max(1, rule.interval)) * period + 3600 + 86_400
    }

    /// The wall-clock start of the last instance of a COUNT rule whose instances follow a fixed pattern from
    /// DTSTART, or nil: DAILY; WEEKLY on plain weekdays including DTSTART's (every week, or one weekday every N
    /// weeks); MONTHLY on DTSTART's day (up to the 28th); YEARLY on DTSTART's date (not 29 February). No other BY*
    /// part may be present. Such a rule is then expanded like one with UNTIL, skipping ahead to the window.
    static func lastInstance(_ rule: icalrecurrencetype, start: icaltimetype) -> icaltimetype? {
        guard rule.count > 0, rule.rscale == nil,
            values(rule.by_set_pos).isEmpty, values(rule.by_month).isEmpty, values(rule.by_week_no).isEmpty,
            values(rule.by_year_day).isEmpty, values(rule.by_second).isEmpty, values(rule.by_minute).isEmpty,
            values(rule.by_hour).isEmpty
        else { return nil }
        let byDay = values(rule.by_day)
        let byMonthDay = values(rule.by_month_day)
        let index = Int64(rule.count) - 1
        let interval = Int64(max(1, rule.interval))
        let startDay = ICalClock.days(of: start)
        var lastDay: Int64
        switch rule.freq {
        case ICAL_DAILY_RECURRENCE:
            guard byDay.isEmpty, byMonthDay.isEmpty else { return nil }
            lastDay = startDay + index * interval
        case ICAL_WEEKLY_RECURRENCE:
            guard byMonthDay.isEmpty, byDay.allSatisfy({ icalrecurrencetype_day_position($0) == 0 }) else {
                return nil
            }
            let startWeekday = ICalClock.weekday(ofDay: startDay)
            let weekdays = Set(byDay.map { Int64(icalrecurrencetype_day_day_of_week($0).rawValue) })
            guard weekdays.isEmpty || weekdays.contains(startWeekday) else { return nil }
            let offsets = (weekdays.isEmpty ? [startWeekday] : weekdays.sorted())
                .map { (($0 - startWeekday) % 7 + 7) % 7 }.sorted()
            guard offsets.count == 1 || interval == 1 else { return nil }
            let perWeek = Int64(offsets.count)
            lastDay = startDay + (index / perWeek) * 7 * interval + offsets[Int(index % perWeek)]
        case ICAL_MONTHLY_RECURRENCE:
            guard byDay.isEmpty, byMonthDay.isEmpty || byMonthDay == [Int16(start.day)], start.day <= 28 else {
                return nil
            }
            let months = Int64(start.year) * 12 + Int64(start.month - 1) + index * interval
            lastDay = CivilDate.daysFromCivil(year: Int(months / 12), month: Int(months % 12) + 1, day: Int(start.day))
        case ICAL_YEARLY_RECURRENCE:
            guard byDay.isEmpty, byMonthDay.isEmpty, !(start.month == 2 && start.day == 29) else { return nil }
            lastDay = CivilDate.daysFromCivil(
                year: Int(start.year) + Int(index * interval), month: Int(start.month), day: Int(start.day))
        default:
            return nil
        }
        var last = start
        let date = CivilDate.civil(fromDays: lastDay)
        last.year = Int32(date.year)
        last.month = Int32(date.month)
        last.day = Int32(date.day)
        return last
    }

    /// False when a SECONDLY to DAILY rule's date parts (BYMONTH, BYMONTHDAY, BYYEARDAY, BYDAY) let no day through.
    ///
    /// For these frequencies the date parts only filter, and libical looks for the next match one period at a time
    /// up to the year 2582 without returning: `FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30` would never come back. Every
    /// combination of month, day, weekday and leap year recurs within 28 years (this side of 2100), so a rule with
    /// no matching day in the 28 years from DTSTART has none at all.
    static func canMatch(_ rule: icalrecurrencetype, start: icaltimetype) -> Bool {
        guard rule.rscale == nil else { return true }
        switch rule.freq {
        case ICAL_SECONDLY_RECURRENCE, ICAL_MINUTELY_RECURRENCE, ICAL_HOURLY_RECURRENCE, ICAL_DAILY_RECURRENCE: break
        default: return true
        }
        let months = Set(values(rule.by_month))
        let monthDays = values(rule.by_month_day)
        let yearDays = values(rule.by_year_day)
        let byDay = values(rule.by_day)
        guard !(months.isEmpty && monthDays.isEmpty && yearDays.isEmpty && byDay.isEmpty) else { return true }
        // Ordinal weekdays (2MO) are not allowed at these frequencies; leave such rules to libical.
        guard byDay.allSatisfy({ icalrecurrencetype_day_position($0) == 0 }) else { return true }
        let weekdays = Set(byDay.map { Int64(icalrecurrencetype_day_day_of_week($0).rawValue) })
        let first = ICalClock.days(of: start)
        for day in first..<(first + 28 * 366) {
            let date = CivilDate.civil(fromDays: day)
            if !months.isEmpty && !months.contains(Int16(date.month)) { continue }
            if !weekdays.isEmpty && !weekdays.contains(ICalClock.weekday(ofDay: day)) { continue }
            if !monthDays.isEmpty {
                let length = CivilDate.daysInMonth(year: date.year, month: date.month)
                guard monthDays.contains(where: { Int($0) == date.day || Int($0) == date.day - length - 1 }) else {
                    continue
                }
            }
            if !yearDays.isEmpty {
                let ordinal = Int(day - CivilDate.daysFromCivil(year: date.year, month: 1, day: 1)) + 1
                let length = CivilDate.daysInMonth(year: date.year, month: 2) == 29 ? 366 : 365
                guard yearDays.contains(where: { Int($0) == ordinal || Int($0) == ordinal - length - 1 }) else {
                    continue
                }
            }
            return true
        }
        return false
    }

    /// The used entries of one of libical's BY* arrays (terminated by ICAL_RECURRENCE_ARRAY_MAX unless full).
    private static func values<T>(_ array: T) -> [Int16] {
        withUnsafeBytes(of: array) { raw in
            var result: [Int16] = []
            for value in raw.bindMemory(to: Int16.self) {
                if value == Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) { break }
                result.append(value)
            }
            return result
        }
    }
}
