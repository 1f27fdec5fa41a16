import Foundation

/// Whole seconds of instants, checked.
public enum Instant {
    /// The latest instant weft reads or prints: 9999-12-31T23:59:59Z.
    public static let latestSeconds: Int64 = 253_402_300_799
    /// The earliest: 0001-01-01T00:00:00Z.
    static let earliestSeconds: Int64 = -62_135_596_800

    /// Seconds since 1970 of `date`, rounded down and clamped to years 1…9999, so a far-off or non-finite date
    /// never traps an integer conversion.
    public static func wholeSeconds(_ date: Date) -> Int64 { wholeSeconds(sinceEpoch: date.timeIntervalSince1970) }

    /// `wholeSeconds` of a raw count of seconds since 1970 (a Unix time read from a file or a server), with the
    /// same rounding and clamping.
    public static func wholeSeconds(sinceEpoch: Double) -> Int64 {
        let seconds = sinceEpoch.rounded(.down)
        guard seconds.isFinite else { return seconds.isNaN || seconds < 0 ? earliestSeconds : latestSeconds }
        if seconds <= Double(earliestSeconds) { return earliestSeconds }
        if seconds >= Double(latestSeconds) { return latestSeconds }
        return Int64(seconds)
    }

    /// Whole seconds from `start` to `end` (negative when `end` is earlier), checked like `wholeSeconds`: what ages,
    /// countdowns and validity spans are counted in, whatever a cache or a server said.
    public static func seconds(from start: Date, to end: Date) -> Int {
        Int(clamping: wholeSeconds(end) - wholeSeconds(start))
    }
}

/// UTC ISO 8601 instants as weft prints them (`2026-03-10T09:30:00Z`, or with `.000` milliseconds) and reads them.
public enum ISOInstant {
    /// Formats an instant in UTC; instants outside years 1…9999 print as the nearest end of that range.
    public static func format(_ date: Date, milliseconds: Bool = false) -> String {
        // Plain arithmetic rather than Calendar: this runs on every render, and ICU's calendar costs a
        // noticeable share of a status-bar call's start-up.
        // Dates are stored relative to 2001, so an instant such as 1969-12-31T23:59:59.999 comes back a hair
        // off: milliseconds round to the nearest (as ISO8601DateFormatter does), whole seconds truncate.
        let seconds = date.timeIntervalSince1970
        let totalMillis: Int64
        if milliseconds, seconds.isFinite, abs(seconds) < Double(Instant.latestSeconds) {
            totalMillis = Int64((seconds * 1000).rounded())
        } else {
            totalMillis = Instant.wholeSeconds(date) * 1000
        }
        let dayNumber = totalMillis.floorDiv(86_400_000)
        let dayMillis = totalMillis - dayNumber * 86_400_000
        let second = dayMillis / 1000
        var text = LocalDay.iso(dayNumber)
        text += "T" + pad(second / 3600, 2) + ":" + pad(second / 60 % 60, 2) + ":" + pad(second % 60, 2)
        return milliseconds ? text + "." + pad(dayMillis % 1000, 3) + "Z" : text + "Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Parses an RFC 3339 internet date-time, `yyyy-MM-ddTHH:mm:ss[.fraction](Z|±HH:mm|±HHmm|±HH)` (`t` and `z` in
    /// either case), surrounding spaces ignored. Nil without a zone (a local reading would guess it), for a date or
    /// time that does not exist, and for anything after the zone: Foundation's ISO8601DateFormatter, which weft used
    /// before, rolled 2026-02-30 over into March and ignored trailing text.
    public static func parse(_ text: String) -> Date? {
        parseInternetDateTime(text.trimmingCharacters(in: .whitespaces))
    }

    /// The reader itself: no Foundation formatter, so it is cheap enough for templates and bulk parsing.
    private static func parseInternetDateTime(_ text: String) -> Date? {
        var reader = DigitReader(text)
        guard let year = reader.number(digits: 4), reader.take("-"), let month = reader.number(digits: 2),
            reader.take("-"), let day = reader.number(digits: 2), reader.take("T") || reader.take("t"),
            let hour = reader.number(digits: 2), reader.take(":"), let minute = reader.number(digits: 2),
            reader.take(":"), let second = reader.number(digits: 2)
        else { return nil }
        var fraction = 0.0
        if reader.take(".") {
            guard let digits = reader.digits(), let value = Double("0." + digits) else { return nil }
            fraction = value
        }
        let offset: Int
        if reader.take("Z") || reader.take("z") {
            offset = 0
        } else if let sign = reader.sign() {
            guard let hours = reader.number(digits: 2), hours <= 23 else { return nil }
            var minutes = 0
            if !reader.atEnd {
                _ = reader.take(":")
                guard let read = reader.number(digits: 2), read <= 59 else { return nil }
                minutes = read
            }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard reader.atEnd, CivilDate.isValid(year: year, month: month, day: day), hour <= 23, minute <= 59,
            second <= 59
        else { return nil }
        let days = CivilDate.daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}

/// A left-to-right reader of ASCII digits and punctuation over UTF-8 bytes.
private struct DigitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { position == bytes.count }

    /// Consumes `character` when it is next.
    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    /// Exactly `digits` digits as a number.
    mutating func number(digits count: Int) -> Int? {
        guard position + count <= bytes.count, let value = ASCIIDigits.value(bytes[position..<position + count]) else {
            return nil
        }
        position += count
        return value
    }

    /// One or more digits as text.
    mutating func digits() -> String? {
        let start = position
        while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
            position += 1
        }
        return position > start ? String(decoding: bytes[start..<position], as: UTF8.self) : nil
    }

    /// `+` as 1, `-` as -1, consumed; nil for anything else.
    mutating func sign() -> Int? {
        if take("+") { return 1 }
        if take("-") { return -1 }
        return nil
    }
}

/// Wall-clock parts of an instant in a zone.
public enum LocalTime {
    /// Year, month, day, hour, minute, second and ISO weekday (1 = Monday … 7 = Sunday) of `date` in `zone`.
    public static func components(of date: Date, in zone: TimeZone) -> (
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int
    ) {
        let wall = Instant.wholeSeconds(date) + Int64(zone.secondsFromGMT(for: date))
        let day = wall.floorDiv(86_400)
        let second = Int(wall - day * 86_400)
        let (year, month, dayOfMonth) = CivilDate.civil(fromDays: day)
        return (year, month, dayOfMonth, second / 3600, second / 60 % 60, second % 60, LocalDay.weekday(day))
    }
}
