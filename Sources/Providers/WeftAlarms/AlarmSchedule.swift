import Foundation
import WeftPrimitives
import WeftRecurrence

/// When an alarm goes off: a wall-clock time of day in the zone it was made in, on one day or by an RFC 5545 rule
/// expanded by the calendar's engine, so 07:00 stays 07:00 across a clock change and "every other Tuesday" counts
/// weeks as a calendar does.
public struct AlarmSchedule: Codable, Sendable, Equatable {
    /// The hour, 0–23.
    public var hour: Int
    /// The minute, 0–59.
    public var minute: Int
    /// The zone the time is read in, stored with the alarm (the `--tz`, `TZ` or system zone when it was made).
    public var zone: String
    /// DTSTART's local day, or the one day of a one-time alarm.
    public var startDay: Int64
    /// The RRULE value (`FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR`); nil for a one-time alarm.
    public var rule: String?

    /// Creates a schedule.
    public init(hour: Int, minute: Int, zone: String, startDay: Int64, rule: String?) {
        self.hour = hour
        self.minute = minute
        self.zone = zone
        self.startDay = startDay
        self.rule = rule
    }

    /// The most instances one expansion makes: a window never needs more (a year of daily alarms is 366).
    static let budget = 100_000

    /// The zone the time is read in (UTC if the stored name is unknown on this machine).
    public var timeZone: TimeZone { TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0) ?? .current }

    /// Seconds into the day of the time.
    var secondsIntoDay: Int { hour * 3600 + minute * 60 }

    /// `07:00`.
    public var timeText: String { Self.pad(hour) + ":" + Self.pad(minute) }

    /// Whether it goes off once.
    public var isOneTime: Bool { rule == nil }

    /// The instants it goes off in `[lower, upper]`, ascending.
    public func occurrences(from lower: Date, through upper: Date) -> [Date] {
        guard lower <= upper else { return [] }
        let zone = timeZone
        guard let text = rule else {
            let at = LocalDay.instant(day: startDay, secondsIntoDay: secondsIntoDay, in: zone)
            return at >= lower && at <= upper ? [at] : []
        }
        guard let parsed = try? RecurrenceRule.parse(text) else { return [] }
        let engine = RecurrenceEngine(
            rule: parsed, start: startDay * 86_400 + Int64(secondsIntoDay), isDate: false)
        // Wall-clock seconds differ from UTC by less than a day either way; the instants are filtered after.
        let low = Instant.wholeSeconds(lower) - 2 * 86_400
        let high = Instant.wholeSeconds(upper) + 2 * 86_400
        let walls = engine.instances(from: low, through: high, budget: Self.budget).instances
        return walls.map { wall in
            let seconds = LocalDay.instant(wallSeconds: wall) { instant in
                Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
            }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }.filter { $0 >= lower && $0 <= upper }
    }

    /// The schedule `weft alarm add` makes: without `days` and `every` one time (`on`, else the next such time);
    /// `days` alone weekly on those days (daily when all seven); `every` N weeks on `days` (default: the first day's
    /// weekday) or every N days. The first day is `on`, else the first day from today whose time is still to come
    /// (so "every other Tuesday" starts with the next Tuesday).
    public static func make(
        hour: Int, minute: Int, zone: TimeZone, days: Set<Int>?, every: (count: Int, weekly: Bool)?, on: Int64?,
        now: Date
    ) throws(AlarmError) -> AlarmSchedule {
        // The zone is stored by name: one that has none (a POSIX TZ rule) could not be read back.
        guard TimeZone(identifier: zone.identifier) != nil else {
            throw .badSchedule(
                "the zone \(zone.identifier) cannot be kept with an alarm; give an IANA name such as --tz Europe/Berlin")
        }
        let seconds = hour * 3600 + minute * 60
        let today = LocalDay.containing(now, in: zone)
        func comes(_ day: Int64) -> Bool { LocalDay.instant(day: day, secondsIntoDay: seconds, in: zone) > now }
        let firstDay = on ?? (comes(today) ? today : today + 1)
        var schedule = AlarmSchedule(hour: hour, minute: minute, zone: zone.identifier, startDay: firstDay, rule: nil)
        if let days, days.isEmpty { throw .badSchedule("--days names no day") }
        guard days != nil || every != nil else {
            guard comes(firstDay) else {
                throw .inThePast("\(LocalDay.iso(firstDay)) \(schedule.timeText) (\(zone.identifier))")
            }
            return schedule
        }
        if let every, !every.weekly {
            schedule.rule = "FREQ=DAILY;INTERVAL=\(every.count)" + (days.map { ";BYDAY=" + byDay($0) } ?? "")
            return schedule
        }
        let weekdays = days ?? [LocalDay.weekday(firstDay)]
        let base = on ?? today
        let start = (0..<7).map { base + Int64($0) }.first { day in
            weekdays.contains(LocalDay.weekday(day)) && (on != nil || comes(day))
        } ?? base + 7
        schedule.startDay = start
        if every == nil && weekdays.count == 7 {
            schedule.rule = "FREQ=DAILY"
        } else {
            schedule.rule = "FREQ=WEEKLY;INTERVAL=\(every?.count ?? 1);BYDAY=" + byDay(weekdays)
        }
        return schedule
    }

    /// Reads `07:00` or `7:05` (24-hour); nil for anything else (`25:00`, `7pm`): ``TimeOfDayText``.
    public static func time(_ text: String) -> (hour: Int, minute: Int)? { TimeOfDayText.parse(text) }

    /// Reads a list of weekdays: `mon-fri`, `mon,wed,fri`, `sat-sun`, `fri-mon` (wrapping), `weekdays`, `weekends`,
    /// `daily`; ISO weekdays (1 = Monday), or the word that could not be read.
    public static func days(_ text: String) -> Result<Set<Int>, DayListError> {
        var days = Set<Int>()
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        switch lowered {
        case "daily", "everyday", "every day", "all": return .success(Set(1...7))
        case "weekdays": return .success(Set(1...5))
        case "weekends", "weekend": return .success([6, 7])
        default: break
        }
        let pieces = lowered.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !pieces.isEmpty, pieces.count <= 7 else { return .failure(DayListError(word: text)) }
        for piece in pieces {
            let ends = piece.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard (1...2).contains(ends.count) else { return .failure(DayListError(word: piece)) }
            guard let first = weekday(ends[0]) else { return .failure(DayListError(word: ends[0])) }
            guard let last = ends.count == 2 ? weekday(ends[1]) : first else {
                return .failure(DayListError(word: ends[1]))
            }
            var day = first
            while true {
                days.insert(day)
                if day == last { break }
                day = day % 7 + 1
            }
        }
        return .success(days)
    }

    /// A weekday that ``days(_:)`` could not read.
    public struct DayListError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The word as written.
        public var word: String

        public var description: String { "\"\(word)\" is not a weekday (mon … sun) or a range such as mon-fri" }
    }

    /// The ISO weekday of `mon`, `monday`, `tue`, `tues`, … (English), or nil.
    static func weekday(_ word: String) -> Int? {
        let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        let word = word.lowercased()
        guard word.count >= 2 else { return nil }
        for (index, name) in names.enumerated() {
            let full = LocalText.weekday(index + 1).lowercased()
            if word == name || word == full || (word.count >= 3 && full.hasPrefix(word)) { return index + 1 }
        }
        return nil
    }

    /// The RRULE BYDAY value of ISO weekdays, Monday first.
    static func byDay(_ days: Set<Int>) -> String {
        let codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        return days.sorted().map { codes[$0 - 1] }.joined(separator: ",")
    }

    /// How it repeats, in English words: `once on 2026-12-24`, `Mon–Fri`, `every 2 weeks on Tue`, `every day`.
    public var summary: String { summary(in: .english) }

    /// How it repeats, in `catalog`'s language.
    public func summary(in catalog: Catalog) -> String {
        let start = LocalDay.iso(startDay)
        guard let text = rule, let parsed = try? RecurrenceRule.parse(text) else {
            return catalog.text("once on {date}", ["date": start])
        }
        let days = Set(parsed.byDay.map(\.weekday))
        var dayText: String
        switch days {
        case Set(1...5): dayText = catalog.text("Mon–Fri")
        case [6, 7]: dayText = catalog.text("Sat–Sun")
        case Set(1...7): dayText = catalog.text("every day")
        default: dayText = days.sorted().map { LocalText.weekdayShort($0, in: catalog) }.joined(separator: ",")
        }
        if parsed.interval > 1 {
            let every =
                parsed.frequency == .daily
                ? catalog.plural("every {count} day", "every {count} days", count: parsed.interval)
                : catalog.plural("every {count} week", "every {count} weeks", count: parsed.interval)
            return days.isEmpty
                ? catalog.text("{every} from {date}", ["every": every, "date": start])
                : catalog.text("{every} on {days} from {date}", ["every": every, "days": dayText, "date": start])
        }
        if days.isEmpty { return parsed.frequency == .daily ? catalog.text("every day") : catalog.text("weekly") }
        return dayText
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
