import Foundation

/// Local calendar days as day numbers (days since 1970-01-01): the day containing an instant, a day's start, its
/// weekday and its `yyyy-MM-dd` text.
///
/// Weekdays are ISO 8601's everywhere in weft: 1 = Monday … 7 = Sunday. A format that numbers them otherwise
/// (identitybuilder's 0 = Sunday, libical's and Foundation's 1 = Sunday) converts where it is read or written.
public enum LocalDay {
    /// The local day containing `date` in `zone`.
    public static func containing(_ date: Date, in zone: TimeZone) -> Int64 {
        (Instant.wholeSeconds(date) + Int64(zone.secondsFromGMT(for: date))).floorDiv(86_400)
    }

    /// The ISO weekday of a day: 1 = Monday … 7 = Sunday.
    public static func weekday(_ day: Int64) -> Int {
        // 1970-01-01 was a Thursday (ISO 4).
        Int((day + 3).floorMod(7)) + 1
    }

    /// The Monday on or before `day`: weeks start on Monday.
    public static func weekStart(_ day: Int64) -> Int64 { day - Int64(weekday(day) - 1) }

    /// `yyyy-MM-dd` (years before 1000 zero-padded).
    public static func iso(_ day: Int64) -> String {
        let parts = CivilDate.civil(fromDays: day)
        return pad(parts.year, 4) + "-" + pad(parts.month, 2) + "-" + pad(parts.day, 2)
    }

    /// `yyyy-MM-dd` of the local day containing `date` in `zone`.
    public static func iso(of date: Date, in zone: TimeZone) -> String { iso(containing(date, in: zone)) }

    /// Parses `yyyy-MM-dd` (exactly four, two and two ASCII digits) into a day number; nil for anything else or a
    /// date that does not exist.
    public static func parse(_ text: String) -> Int64? {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? { ASCIIDigits.value(bytes[range]) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            CivilDate.isValid(year: year, month: month, day: day)
        else { return nil }
        return CivilDate.daysFromCivil(year: year, month: month, day: day)
    }

    /// The instant `day` starts in `zone` (its first existing wall-clock second).
    public static func start(of day: Int64, in zone: TimeZone) -> Date {
        instant(day: day, secondsIntoDay: 0, in: zone)
    }

    /// The instant a wall-clock time of a local day happens in `zone`, by the rule of `instant(wallSeconds:offset:)`.
    public static func instant(day: Int64, secondsIntoDay: Int, in zone: TimeZone) -> Date {
        let wall = day * 86_400 + Int64(secondsIntoDay)
        let seconds = instant(wallSeconds: wall) { instant in
            Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// The instant (seconds since 1970) of wall-clock seconds (a local time read as if it were UTC), given the zone's
    /// UTC offset at an instant: RFC 5545 §3.3.5's rule, which every local-time reading in weft follows. A time in
    /// the repeated autumn hour is the first of the two; a time in a spring-forward gap is read with the offset from
    /// before the gap (02:30 becomes 03:30). `offset` lets a caller put a cache in front of the zone.
    public static func instant(wallSeconds wall: Int64, offset: (Int64) -> Int64) -> Int64 {
        let before = offset(wall - 86_400)
        let after = offset(wall + 86_400)
        if before == after { return wall - before }
        if offset(wall - before) == before { return wall - before }
        if offset(wall - after) == after { return wall - after }
        return wall - before
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
