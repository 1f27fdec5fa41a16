import WeftPrimitives

/// Expands one RRULE (RFC 5545 §3.3.10) from a DTSTART, in wall-clock seconds of the event's own zone.
///
/// The rule is cut into periods of its frequency (a year, a month, a week from WKST, a day, an hour, a minute, a
/// second), INTERVAL periods apart. In each period the BYxxx parts expand or limit as the RFC's table says: the
/// candidate days of the period (a month's listed days, a week's seven) pass `DayFilter`, are combined with the
/// times of day, sorted, and BYSETPOS picks among them. Dates that do not exist (30 February, a fifth Monday) are
/// never candidates, so they are skipped, not clamped. Instances before DTSTART are dropped; COUNT counts the rest.
///
/// Work is bounded: an open-ended rule starts at the period holding the window, a COUNT rule whose periods all
/// hold the same number of instances skips whole periods, every call stops after `budget` steps, and nothing is
/// produced after the year 9999. Converting wall-clock times to instants (RFC 5545 §3.3.5) is the caller's job.
package struct RecurrenceEngine: Sendable {
    package let rule: RecurrenceRule
    /// DTSTART in wall-clock seconds (midnight for DATE values).
    package let start: Int64
    package let filter: DayFilter
    /// For DAILY and longer frequencies: the seconds into the day of each instance on a day that passes.
    private let timesOfDay: [Int64]
    /// For sub-daily frequencies: the seconds from a period's start of each instance in it.
    private let offsets: [Int64]
    private let hours: Set<Int>
    private let minutes: Set<Int>
    private let seconds: Set<Int>
    /// Instances in every period, when that is the same for all of them (then COUNT rules can skip periods).
    package let instancesPerPeriod: Int?
    /// False when the rule can be seen to produce nothing at all (see `reasonItIsEmpty`).
    package let canMatch: Bool
    /// Why the rule produces nothing, when `canMatch` is false.
    package let reasonItIsEmpty: String?

    /// The last wall-clock second expanded (9999-12-31T23:59:59): RFC 5545 years have four digits.
    package static let lastWall: Int64 = CivilDate.daysFromCivil(year: 10_000, month: 1, day: 1) * 86_400 - 1

    /// What a call found.
    package struct Expansion {
        /// Wall-clock starts in `[from, through]`, ascending.
        package var instances: [Int64] = []
        /// True when the step budget ran out before the window was covered.
        package var budgetExceeded = false
        /// Periods visited plus instances made: the work done.
        package var steps = 0
    }

    /// Prepares `rule` for a series starting at `start` (wall-clock seconds); `isDate` for a DATE DTSTART, whose
    /// instances are whole days (time parts are ignored).
    package init(rule: RecurrenceRule, start: Int64, isDate: Bool) {
        self.rule = rule
        self.start = start
        let startDay = start.floorDiv(86_400)
        let startDate = CivilDate.civil(fromDays: startDay)
        let secondOfDay = Int(start - startDay * 86_400)
        let frequency = rule.frequency

        // RFC 5545: parts that are absent take DTSTART's value where the frequency is longer than the part.
        var months = rule.byMonth
        var monthDays = rule.byMonthDay
        var byDay = rule.byDay
        if rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty {
            switch frequency {
            case .yearly:
                if months.isEmpty { months = [startDate.month] }
                monthDays = [startDate.day]
            case .monthly:
                monthDays = [startDate.day]
            case .weekly:
                byDay = [.init(ordinal: 0, weekday: LocalDay.weekday(startDay))]
            default: break
            }
        }
        let numbered = frequency == .monthly || frequency == .yearly
        filter = DayFilter(
            months: Set(months), weekNumbers: Set(rule.byWeekNo), yearDays: Set(rule.byYearDay),
            monthDays: Set(monthDays),
            weekdays: Set(byDay.filter { $0.ordinal == 0 || !numbered }.map(\.weekday)),
            numberedWeekdays: Set(byDay.filter { $0.ordinal != 0 && numbered }.map { $0.ordinal * 8 + $0.weekday }),
            numberedInMonth: frequency == .monthly || !rule.byMonth.isEmpty, weekStart: rule.weekStart)

        // A leap second (BYSECOND=60) never occurs in weft's clock.
        let secondValues = rule.bySecond.filter { $0 < 60 }
        let hourList = rule.byHour.isEmpty ? (frequency > .hourly ? [secondOfDay / 3600] : []) : rule.byHour
        let minuteList =
            rule.byMinute.isEmpty ? (frequency > .minutely ? [secondOfDay / 60 % 60] : []) : rule.byMinute
        let secondList = rule.bySecond.isEmpty ? (frequency > .secondly ? [secondOfDay % 60] : []) : secondValues
        hours = Set(hourList)
        minutes = Set(minuteList)
        seconds = Set(secondList)

        var times: [Int64] = []
        var periodOffsets: [Int64] = []
        switch frequency {
        case .secondly:
            periodOffsets = [0]
        case .minutely:
            periodOffsets = secondList.map(Int64.init)
        case .hourly:
            for minute in minuteList { for second in secondList { periodOffsets.append(Int64(minute * 60 + second)) } }
        default:
            if isDate {
                times = [0]
            } else {
                for hour in hourList {
                    for minute in minuteList {
                        for second in secondList { times.append(Int64(hour * 3600 + minute * 60 + second)) }
                    }
                }
            }
        }
        timesOfDay = Array(Set(times)).sorted()
        offsets = Array(Set(periodOffsets)).sorted()

        instancesPerPeriod = Self.uniformCount(
            rule: rule, filter: filter, months: months, monthDays: monthDays, times: timesOfDay.count,
            offsets: offsets.count)
        let reason = Self.emptiness(
            rule: rule, filter: filter, start: start, hours: hourList, minutes: minuteList, seconds: secondList,
            hasTimes: frequency >= .daily ? !timesOfDay.isEmpty : !offsets.isEmpty)
        reasonItIsEmpty = reason
        canMatch = reason == nil
    }

    /// The instances starting in `[lower, upper]` (wall-clock seconds), doing at most `budget` steps.
    package func instances(from lower: Int64, through upper: Int64, budget: Int) -> Expansion {
        var result = Expansion()
        guard canMatch, upper >= start, upper >= lower else { return result }
        let upper = min(upper, Self.lastWall)
        var period: Int64 = 0
        var counted = 0
        if let target = periodIndex(containing: lower), target > 1 {
            if rule.count == nil {
                period = target - 1
            } else if let perPeriod = instancesPerPeriod, let count = rule.count {
                // Count the first period, which may start before DTSTART, then skip whole periods.
                let set = periodSet(0)
                let first = set.count - set.firstIndex(notBefore: start)
                let (skipped, overflow) = (target - 2).multipliedReportingOverflow(by: Int64(perPeriod))
                if overflow || Int64(first) + skipped >= Int64(count) { return result }
                counted = first + Int(skipped)
                period = target - 1
            }
        }
        var steps = 0
        expansion: while true {
            steps += 1
            if steps > budget {
                result.budgetExceeded = true
                break
            }
            guard let periodStart = start(ofPeriod: period), periodStart <= upper else { break }
            if rule.frequency < .daily, let skip = skipFailingPeriod(period, startingAt: periodStart) {
                period = skip
                continue
            }
            let set = periodSet(period)
            var index = set.firstIndex(notBefore: start)
            while index < set.count {
                let wall = set[index]
                index += 1
                steps += 1
                if steps > budget {
                    result.budgetExceeded = true
                    break expansion
                }
                if let count = rule.count {
                    counted += 1
                    if counted > count { break expansion }
                }
                if wall > upper { break expansion }
                if wall >= lower { result.instances.append(wall) }
            }
            period += 1
        }
        result.steps = steps
        return result
    }

    // MARK: - Periods

    /// The period (counted from DTSTART's, INTERVAL apart) that holds `wall`, or the one before it; nil before
    /// DTSTART.
    private func periodIndex(containing wall: Int64) -> Int64? {
        guard wall > start else { return nil }
        let interval = Int64(rule.interval)
        let day = wall.floorDiv(86_400)
        let startDay = start.floorDiv(86_400)
        switch rule.frequency {
        case .yearly:
            let year = Int64(CivilDate.civil(fromDays: day).year)
            return (year - Int64(CivilDate.civil(fromDays: startDay).year)).floorDiv(interval)
        case .monthly:
            return (monthIndex(day) - monthIndex(startDay)).floorDiv(interval)
        case .weekly:
            return (day - weekStart(of: startDay)).floorDiv(7 * interval)
        case .daily:
            return (day - startDay).floorDiv(interval)
        case .hourly, .minutely, .secondly:
            return (wall - firstPeriodStart).floorDiv(periodLength)
        }
    }

    /// The wall-clock second a period starts (its first day's midnight for DAILY and longer); nil past year 9999.
    private func start(ofPeriod period: Int64) -> Int64? {
        let interval = Int64(rule.interval)
        let startDay = start.floorDiv(86_400)
        let (step, overflow) = period.multipliedReportingOverflow(by: interval)
        guard !overflow, step < 10_000 * 366 * 86_400 else { return nil }
        let wall: Int64
        switch rule.frequency {
        case .yearly:
            let year = Int64(CivilDate.civil(fromDays: startDay).year) + step
            guard year <= 9999 else { return nil }
            wall = CivilDate.daysFromCivil(year: Int(year), month: 1, day: 1) * 86_400
        case .monthly:
            let month = monthIndex(startDay) + step
            guard month < 10_000 * 12 else { return nil }
            wall = CivilDate.daysFromCivil(year: Int(month / 12), month: Int(month % 12) + 1, day: 1) * 86_400
        case .weekly:
            wall = (weekStart(of: startDay) + step * 7) * 86_400
        case .daily:
            wall = (startDay + step) * 86_400
        case .hourly, .minutely, .secondly:
            wall = firstPeriodStart + step * (periodLength / interval)
        }
        return wall <= Self.lastWall ? wall : nil
    }

    /// Sub-daily periods: the first starts at DTSTART cut to the hour, minute or second.
    private var firstPeriodStart: Int64 {
        let unit = unitLength
        return start.floorDiv(unit) * unit
    }

    private var unitLength: Int64 {
        switch rule.frequency {
        case .hourly: return 3600
        case .minutely: return 60
        default: return 1
        }
    }

    /// Seconds between two sub-daily periods.
    private var periodLength: Int64 { unitLength * Int64(rule.interval) }

    /// For a sub-daily period whose day, hour, minute or second the rule leaves out: the next period worth
    /// looking at (the first of the next day, hour or minute when that is what failed); nil when it passes.
    private func skipFailingPeriod(_ period: Int64, startingAt wall: Int64) -> Int64? {
        let day = wall.floorDiv(86_400)
        let secondOfDay = Int(wall - day * 86_400)
        let next: Int64
        if !filter.passes(day) {
            next = (day + 1) * 86_400
        } else if !hours.isEmpty && !hours.contains(secondOfDay / 3600) {
            next = wall.floorDiv(3600) * 3600 + 3600
        } else if rule.frequency < .hourly && !minutes.isEmpty && !minutes.contains(secondOfDay / 60 % 60) {
            next = wall.floorDiv(60) * 60 + 60
        } else if rule.frequency == .secondly && !seconds.isEmpty && !seconds.contains(secondOfDay % 60) {
            next = wall + 1
        } else {
            return nil
        }
        // The first period starting at or after `next`.
        let length = periodLength
        return max(period + 1, (next - firstPeriodStart + length - 1).floorDiv(length))
    }

    /// The instances of one period: its days (or, for sub-daily rules, its start) times its times of day (or
    /// offsets), ascending, with BYSETPOS applied. Kept as factors so a period of many instances (every second of a
    /// year) costs nothing until its instances are read.
    package struct PeriodSet {
        var days: [Int64] = []
        var times: [Int64] = []
        /// The instances BYSETPOS picked, when the rule has BYSETPOS.
        var picked: [Int64]?

        var count: Int { picked?.count ?? days.count * times.count }

        subscript(index: Int) -> Int64 {
            if let picked { return picked[index] }
            return days[index / times.count] + times[index % times.count]
        }

        /// The index of the first instance at or after `wall` (`count` when there is none): the set is sorted.
        func firstIndex(notBefore wall: Int64) -> Int {
            var low = 0
            var high = count
            while low < high {
                let middle = (low + high) / 2
                if self[middle] < wall { low = middle + 1 } else { high = middle }
            }
            return low
        }
    }

    private func periodSet(_ period: Int64) -> PeriodSet {
        guard let periodStart = start(ofPeriod: period) else { return PeriodSet() }
        var set = PeriodSet()
        if rule.frequency < .daily {
            set.days = [periodStart]
            set.times = offsets
        } else {
            set.days = candidateDays(ofPeriodStartingOn: periodStart.floorDiv(86_400)).map { $0 * 86_400 }
            set.times = timesOfDay
        }
        guard !rule.bySetPos.isEmpty else { return set }
        let total = set.count
        var picked: [Int64] = []
        for position in rule.bySetPos {
            let index = position > 0 ? position - 1 : total + position
            if index >= 0 && index < total && !picked.contains(set[index]) { picked.append(set[index]) }
        }
        set.picked = picked.sorted()
        return set
    }

    /// The days of a DAILY or longer period that pass the date parts, ascending.
    private func candidateDays(ofPeriodStartingOn first: Int64) -> [Int64] {
        switch rule.frequency {
        case .daily:
            return filter.passes(first) ? [first] : []
        case .weekly:
            return (first..<(first + 7)).filter { filter.passes($0) }
        case .monthly:
            let date = CivilDate.civil(fromDays: first)
            return days(inMonth: date.month, of: date.year)
        default:
            let year = CivilDate.civil(fromDays: first).year
            let months = filter.months.isEmpty ? Array(1...12) : filter.months.sorted()
            return months.flatMap { days(inMonth: $0, of: year) }
        }
    }

    /// The days of one month that pass; only the listed days when BYMONTHDAY decides (no year or week parts).
    private func days(inMonth month: Int, of year: Int) -> [Int64] {
        if !filter.months.isEmpty && !filter.months.contains(month) { return [] }
        let length = CivilDate.daysInMonth(year: year, month: month)
        let first = CivilDate.daysFromCivil(year: year, month: month, day: 1)
        var candidates: [Int]
        if !filter.monthDays.isEmpty && filter.yearDays.isEmpty && filter.weekNumbers.isEmpty {
            candidates = Set(filter.monthDays.map { $0 > 0 ? $0 : length + 1 + $0 }).filter {
                (1...length).contains($0)
            }
            .sorted()
        } else {
            candidates = Array(1...length)
        }
        return candidates.compactMap { dayOfMonth in
            let day = first + Int64(dayOfMonth - 1)
            return filter.passes(day, year: year, month: month, dayOfMonth: dayOfMonth) ? day : nil
        }
    }

    private func monthIndex(_ day: Int64) -> Int64 {
        let date = CivilDate.civil(fromDays: day)
        return Int64(date.year) * 12 + Int64(date.month - 1)
    }

    private func weekStart(of day: Int64) -> Int64 {
        day - Int64((LocalDay.weekday(day) - rule.weekStart + 7) % 7)
    }

    // MARK: - Shape of a rule

    /// How many instances each period holds, when that is the same for every period; nil otherwise.
    private static func uniformCount(
        rule: RecurrenceRule, filter: DayFilter, months: [Int], monthDays: [Int], times: Int, offsets: Int
    ) -> Int? {
        guard rule.bySetPos.isEmpty, filter.weekNumbers.isEmpty, filter.yearDays.isEmpty,
            filter.numberedWeekdays.isEmpty
        else { return nil }
        // Days 1–28 (or -28 to -1) exist in every month and never name the same day twice.
        let safeMonthDays =
            monthDays.allSatisfy { (1...28).contains($0) } || monthDays.allSatisfy { (-28 ... -1).contains($0) }
        switch rule.frequency {
        case .secondly, .minutely, .hourly:
            guard filter.isEmpty, rule.byHour.isEmpty || rule.frequency > .hourly else { return nil }
            if rule.frequency < .hourly && !rule.byMinute.isEmpty { return nil }
            if rule.frequency == .secondly && !rule.bySecond.isEmpty { return nil }
            return offsets
        case .daily:
            return filter.isEmpty ? times : nil
        case .weekly:
            guard filter.months.isEmpty, filter.monthDays.isEmpty else { return nil }
            return filter.weekdays.count * times
        case .monthly:
            guard filter.months.isEmpty, filter.weekdays.isEmpty, safeMonthDays else { return nil }
            return Set(monthDays).count * times
        case .yearly:
            guard filter.weekdays.isEmpty, safeMonthDays, !months.isEmpty else { return nil }
            return Set(months).count * Set(monthDays).count * times
        }
    }

    /// Why a rule produces no instance at all, found without iterating; nil when it may produce some.
    ///
    /// Covers time parts that leave nothing (only BYSECOND=60), sub-daily INTERVALs that never reach the listed
    /// hours, minutes or seconds, and date parts that no day of a whole 400-year Gregorian cycle satisfies.
    private static func emptiness(
        rule: RecurrenceRule, filter: DayFilter, start: Int64, hours: [Int], minutes: [Int], seconds: [Int],
        hasTimes: Bool
    ) -> String? {
        if !hasTimes || (!rule.bySecond.isEmpty && seconds.isEmpty) {
            return "its time parts (BYHOUR, BYMINUTE, BYSECOND) leave no time of day"
        }
        if rule.frequency < .daily {
            let unit: Int64 = rule.frequency == .hourly ? 3600 : rule.frequency == .minutely ? 60 : 1
            let perDay = 86_400 / unit
            let step = gcd(Int64(rule.interval), perDay)
            if step > 1 {
                // Periods land on the same few hours (minutes, seconds) of every day: start's, modulo the step.
                let reachable = (start.floorMod(86_400) / unit) % step
                let hourList = hours.isEmpty ? Array(0..<24) : hours
                let minuteList = minutes.isEmpty || unit == 3600 ? Array(0..<60) : minutes
                let secondList = seconds.isEmpty || unit >= 60 ? Array(0..<60) : seconds
                var found = false
                search: for hour in hourList {
                    for minute in unit == 3600 ? [0] : minuteList {
                        for second in unit == 1 ? secondList : [0] {
                            let index = (Int64(hour) * 3600 + Int64(minute) * 60 + Int64(second)) / unit
                            if index % step == reachable {
                                found = true
                                break search
                            }
                        }
                    }
                }
                if !found {
                    return "INTERVAL=\(rule.interval) never reaches the hours, minutes or seconds it lists"
                }
            }
        }
        guard !filter.isEmpty else { return nil }
        // Weekdays, leap years and month lengths repeat every 400 years (146,097 days, a whole number of weeks).
        let first = start.floorDiv(86_400)
        var day = first
        while day < first + 146_097 + 7 {
            let date = CivilDate.civil(fromDays: day)
            let length = Int64(CivilDate.daysInMonth(year: date.year, month: date.month))
            if !filter.months.isEmpty && !filter.months.contains(date.month) {
                day += length - Int64(date.day) + 1
                continue
            }
            if filter.passes(day, year: date.year, month: date.month, dayOfMonth: date.day) { return nil }
            day += 1
        }
        return "no date satisfies its BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY and BYDAY parts together"
    }

    private static func gcd(_ a: Int64, _ b: Int64) -> Int64 {
        var (x, y) = (a, b)
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }
}
