import Foundation

/// The date parser of the date filters (`date`, `relative`, `daysuntil`, …).
public enum TemplateDate {
    /// Parses `text` in the documented order: `now`/`today`/`tomorrow`/`yesterday`; Unix seconds
    /// (milliseconds when abs > 1e11); ISO 8601 with a zone; local `yyyy-MM-dd[ HH:mm[:ss]]` (or `/`);
    /// `H:mm` today. Nil when none matches.
    public static func parse(_ text: String, context: RenderContext) -> Date? {
        parse(text, now: context.now, calendar: gregorian(in: context.timeZone))
    }

    /// A Gregorian calendar in `timeZone`, the calendar all local forms use.
    static func gregorian(in timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    static func parse(_ text: String, now: Date, calendar: Calendar) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }

        switch trimmed.lowercased() {
        case "now":
            return now
        case "today":
            return calendar.startOfDay(for: now)
        case "tomorrow":
            return calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now))
        case "yesterday":
            return calendar.date(byAdding: .day, value: -1, to: calendar.startOfDay(for: now))
        default:
            break
        }

        if let number = TemplateNumber.parse(trimmed) {
            let seconds = abs(number) > 1e11 ? number / 1000 : number
            return Date(timeIntervalSince1970: seconds)
        }

        var scanner = DigitScanner(trimmed)
        if let date = scanner.isoWithZone() { return date }
        scanner = DigitScanner(trimmed)
        if let date = scanner.localDateTime(calendar: calendar) { return date }
        scanner = DigitScanner(trimmed)
        if let date = scanner.clockTime(now: now, calendar: calendar) { return date }
        return nil
    }
}

/// A strict left-to-right reader for the fixed date layouts; every form must consume the whole text.
private struct DigitScanner {
    private let bytes: [UInt8]
    private var position = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    private var atEnd: Bool { position == bytes.count }

    private func peek() -> UInt8? {
        position < bytes.count ? bytes[position] : nil
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        position += 1
        return true
    }

    /// Reads between `minimum` and `maximum` ASCII digits.
    private mutating func number(minimum: Int, maximum: Int) -> Int? {
        var value = 0
        var count = 0
        while count < maximum, let byte = peek(), byte >= 0x30, byte <= 0x39 {
            value = value * 10 + Int(byte - 0x30)
            count += 1
            position += 1
        }
        return count >= minimum ? value : nil
    }

    /// `yyyy-MM-ddTHH:mm:ss[.fraction](Z|±HH:mm|±HHmm)`, the internet date-time of RFC 3339.
    mutating func isoWithZone() -> Date? {
        guard let year = number(minimum: 4, maximum: 4), take(UInt8(ascii: "-")),
            let month = number(minimum: 2, maximum: 2), take(UInt8(ascii: "-")),
            let day = number(minimum: 2, maximum: 2),
            take(UInt8(ascii: "T")) || take(UInt8(ascii: "t")),
            let hour = number(minimum: 2, maximum: 2), take(UInt8(ascii: ":")),
            let minute = number(minimum: 2, maximum: 2), take(UInt8(ascii: ":")),
            let second = number(minimum: 2, maximum: 2)
        else { return nil }

        var fraction = 0.0
        if take(UInt8(ascii: ".")) {
            let start = position
            while let byte = peek(), byte >= 0x30, byte <= 0x39 { position += 1 }
            guard position > start else { return nil }
            let digits = String(decoding: bytes[start..<position], as: UTF8.self)
            fraction = Double("0." + digits) ?? 0
        }

        let offsetSeconds: Int
        if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) {
            offsetSeconds = 0
        } else if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            position += 1
            guard let offsetHours = number(minimum: 2, maximum: 2) else { return nil }
            _ = take(UInt8(ascii: ":"))
            guard let offsetMinutes = number(minimum: 2, maximum: 2), offsetHours <= 23, offsetMinutes <= 59
            else { return nil }
            let magnitude = offsetHours * 3600 + offsetMinutes * 60
            offsetSeconds = sign == UInt8(ascii: "+") ? magnitude : -magnitude
        } else {
            // No zone designator: not a date (a local reading would silently guess the zone).
            return nil
        }
        guard atEnd, Self.isValid(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }

        let days = Self.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    /// `yyyy-MM-dd`, `yyyy-MM-dd HH:mm`, `yyyy-MM-dd HH:mm:ss`, or the same with `/`, in local time.
    mutating func localDateTime(calendar: Calendar) -> Date? {
        guard let year = number(minimum: 4, maximum: 4), let separator = peek(),
            separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/")
        else { return nil }
        position += 1
        guard let month = number(minimum: 1, maximum: 2), take(separator),
            let day = number(minimum: 1, maximum: 2)
        else { return nil }

        var hour = 0
        var minute = 0
        var second = 0
        if take(UInt8(ascii: " ")) {
            guard let readHour = number(minimum: 1, maximum: 2), take(UInt8(ascii: ":")),
                let readMinute = number(minimum: 2, maximum: 2)
            else { return nil }
            hour = readHour
            minute = readMinute
            if take(UInt8(ascii: ":")) {
                guard let readSecond = number(minimum: 2, maximum: 2) else { return nil }
                second = readSecond
            }
        }
        guard atEnd, Self.isValid(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        else { return nil }
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        return calendar.date(from: components)
    }

    /// `H:mm` or `HH:mm`, taken as that time on the local day of `now`.
    mutating func clockTime(now: Date, calendar: Calendar) -> Date? {
        guard let hour = number(minimum: 1, maximum: 2), take(UInt8(ascii: ":")),
            let minute = number(minimum: 2, maximum: 2), atEnd, hour <= 23, minute <= 59
        else { return nil }
        var components = calendar.dateComponents([.year, .month, .day], from: now)
        components.hour = hour
        components.minute = minute
        components.second = 0
        return calendar.date(from: components)
    }

    private static func isValid(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Bool {
        guard (1...12).contains(month), hour <= 23, minute <= 59, second <= 59, day >= 1 else { return false }
        return day <= daysInMonth(year: year, month: month)
    }

    private static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    /// Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's days_from_civil).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
