import WeftPrimitives

/// The date parts of a rule (BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY, BYDAY) as a test of one day.
///
/// Every part limits: a day passes when it satisfies each part that is present. The engine expands by offering
/// only candidate days (a month's listed days, a week's seven), so this one test serves every frequency.
package struct DayFilter: Sendable {
    package let months: Set<Int>
    package let weekNumbers: Set<Int>
    package let yearDays: Set<Int>
    package let monthDays: Set<Int>
    /// Plain weekdays (ISO), and numbered ones (`2MO`) as ordinal × 8 + weekday.
    package let weekdays: Set<Int>
    package let numberedWeekdays: Set<Int>
    /// Numbered weekdays count within the month (MONTHLY, or YEARLY with BYMONTH), else within the year.
    package let numberedInMonth: Bool
    package let weekStart: Int

    /// True when no part is present: every day passes.
    package var isEmpty: Bool {
        months.isEmpty && weekNumbers.isEmpty && yearDays.isEmpty && monthDays.isEmpty && weekdays.isEmpty
            && numberedWeekdays.isEmpty
    }

    /// Whether `day` (a day number) passes every date part.
    package func passes(_ day: Int64) -> Bool {
        if isEmpty { return true }
        let date = CivilDate.civil(fromDays: day)
        return passes(day, year: date.year, month: date.month, dayOfMonth: date.day)
    }

    /// Whether `day`, whose civil date is given, passes every date part.
    package func passes(_ day: Int64, year: Int, month: Int, dayOfMonth: Int) -> Bool {
        if !months.isEmpty && !months.contains(month) { return false }
        let monthLength = CivilDate.daysInMonth(year: year, month: month)
        if !monthDays.isEmpty && !monthDays.contains(dayOfMonth) && !monthDays.contains(dayOfMonth - monthLength - 1) {
            return false
        }
        var yearDay = 0
        var yearLength = 0
        if !yearDays.isEmpty || (!numberedWeekdays.isEmpty && !numberedInMonth) {
            yearDay = Int(day - CivilDate.daysFromCivil(year: year, month: 1, day: 1)) + 1
            yearLength = CivilDate.daysInMonth(year: year, month: 2) == 29 ? 366 : 365
        }
        if !yearDays.isEmpty && !yearDays.contains(yearDay) && !yearDays.contains(yearDay - yearLength - 1) {
            return false
        }
        if !weekdays.isEmpty || !numberedWeekdays.isEmpty {
            let weekday = LocalDay.weekday(day)
            var found = weekdays.contains(weekday)
            if !found && !numberedWeekdays.isEmpty {
                let (position, length) = numberedInMonth ? (dayOfMonth, monthLength) : (yearDay, yearLength)
                let fromStart = (position - 1) / 7 + 1
                let fromEnd = -((length - position) / 7 + 1)
                found =
                    numberedWeekdays.contains(fromStart * 8 + weekday)
                    || numberedWeekdays.contains(fromEnd * 8 + weekday)
            }
            if !found { return false }
        }
        if !weekNumbers.isEmpty {
            let (number, weeks) = Self.weekNumber(of: day, year: year, weekStart: weekStart)
            if !weekNumbers.contains(number) && !weekNumbers.contains(number - weeks - 1) { return false }
        }
        return true
    }

    /// The week number of a day (RFC 5545: week 1 is the first week, starting on WKST, with at least four days of
    /// the year) and how many weeks the year it is counted in has.
    package static func weekNumber(of day: Int64, year: Int, weekStart: Int) -> (number: Int, weeks: Int) {
        let first = firstWeekStart(year, weekStart: weekStart)
        if day < first {
            let previous = firstWeekStart(year - 1, weekStart: weekStart)
            return (Int((day - previous) / 7) + 1, Int((first - previous) / 7))
        }
        let next = firstWeekStart(year + 1, weekStart: weekStart)
        if day >= next {
            return (1, Int((firstWeekStart(year + 2, weekStart: weekStart) - next) / 7))
        }
        return (Int((day - first) / 7) + 1, Int((next - first) / 7))
    }

    /// The day week 1 of `year` starts.
    package static func firstWeekStart(_ year: Int, weekStart: Int) -> Int64 {
        let january1 = CivilDate.daysFromCivil(year: year, month: 1, day: 1)
        let start = january1 - Int64((LocalDay.weekday(january1) - weekStart + 7) % 7)
        // The week holding January 1 is week 1 when at least four of its days are in the year.
        return january1 - start <= 3 ? start : start + 7
    }
}
