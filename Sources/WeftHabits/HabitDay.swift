import Foundation
import WeftCore

/// Local calendar days as day numbers (days since 1970-01-01), the unit completions and streaks are counted in.
public enum HabitDay {
    /// The local day containing `date` in `zone`.
    public static func containing(_ date: Date, in zone: TimeZone) -> Int64 {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(zone.secondsFromGMT(for: date))
        return floorDiv(seconds, 86_400)
    }

    /// The weekday of a day, 0 = Sunday … 6 = Saturday (identitybuilder's numbering).
    public static func weekday(_ day: Int64) -> Int {
        // 1970-01-01 was a Thursday (4).
        Int(floorMod(day + 4, 7))
    }

    /// The Monday on or before `day`: weeks start on Monday.
    public static func weekStart(_ day: Int64) -> Int64 {
        day - Int64((weekday(day) + 6) % 7)
    }

    /// `yyyy-MM-dd`.
    public static func iso(_ day: Int64) -> String {
        let parts = CivilDate.civil(fromDays: day)
        return String(format: "%04d-%02d-%02d", parts.year, parts.month, parts.day)
    }

    /// Parses `yyyy-MM-dd`.
    public static func parse(_ text: String) -> Int64? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), (1...12).contains(month),
            (1...CivilDate.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        return CivilDate.daysFromCivil(year: year, month: month, day: day)
    }

    /// The instant a wall-clock time of a local day happens in `zone`; in a spring-forward gap the next existing
    /// time, in the repeated autumn hour the first one.
    public static func instant(day: Int64, secondsIntoDay: Int, in zone: TimeZone) -> Date {
        let wall = day * 86_400 + Int64(secondsIntoDay)
        let guess = Date(
            timeIntervalSince1970: TimeInterval(
                wall - Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(wall))))))
        let before = zone.secondsFromGMT(for: guess.addingTimeInterval(-86_400 / 2))
        let after = zone.secondsFromGMT(for: guess.addingTimeInterval(86_400 / 2))
        // Try the earlier offset first (the first of a repeated hour), then the later one.
        for offset in [max(before, after), min(before, after)] {
            let candidate = Date(timeIntervalSince1970: TimeInterval(wall - Int64(offset)))
            if zone.secondsFromGMT(for: candidate) == offset { return candidate }
        }
        // A gap: the wall time does not exist; read it with the offset before the change.
        return Date(timeIntervalSince1970: TimeInterval(wall - Int64(before)))
    }

    /// The instant `day` starts in `zone`.
    public static func start(of day: Int64, in zone: TimeZone) -> Date {
        instant(day: day, secondsIntoDay: 0, in: zone)
    }

    static func floorDiv(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }

    static func floorMod(_ value: Int64, _ divisor: Int64) -> Int64 { value - floorDiv(value, divisor) * divisor }
}
