import Foundation
import WeftPrimitives

/// The date parser of the date filters (`date`, `relative`, `daysuntil`, …).
enum TemplateDate {
    /// Parses `text` in the documented order: `now`/`today`/`tomorrow`/`yesterday`; Unix seconds
    /// (milliseconds when abs > 1e11); ISO 8601 with a zone; local `yyyy-MM-dd[ HH:mm[:ss]]` (or `/`);
    /// `H:mm` today. Nil when none matches.
    static func parse(_ text: String, context: RenderContext) -> Date? {
        parse(text, now: context.now, timeZone: context.timeZone)
    }

    static func parse(_ text: String, now: Date, timeZone: TimeZone) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }

        // The local day only for the forms that need it: a live loop parses `__now` back every second.
        var today: Int64 { LocalDay.containing(now, in: timeZone) }
        switch trimmed.lowercased() {
        case "now": return now
        case "today": return LocalDay.start(of: today, in: timeZone)
        case "tomorrow": return LocalDay.start(of: today + 1, in: timeZone)
        case "yesterday": return LocalDay.start(of: today - 1, in: timeZone)
        default: break
        }

        if let number = TemplateNumber.parse(trimmed) {
            return Date(timeIntervalSince1970: EpochNumber.seconds(number))
        }

        if let date = ISOInstant.parse(trimmed) { return date }
        var scanner = DigitScanner(trimmed)
        if let date = scanner.localDateTime(in: timeZone) { return date }
        scanner = DigitScanner(trimmed)
        if let date = scanner.clockTime(on: today, in: timeZone) { return date }
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

    /// `yyyy-MM-dd`, `yyyy-MM-dd HH:mm`, `yyyy-MM-dd HH:mm:ss`, or the same with `/`, in local time.
    mutating func localDateTime(in timeZone: TimeZone) -> Date? {
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
        return LocalDay.instant(
            day: CivilDate.daysFromCivil(year: year, month: month, day: day),
            secondsIntoDay: hour * 3600 + minute * 60 + second, in: timeZone)
    }

    /// `H:mm` or `HH:mm`, taken as that time on the local day `today`.
    mutating func clockTime(on today: Int64, in timeZone: TimeZone) -> Date? {
        guard let hour = number(minimum: 1, maximum: 2), take(UInt8(ascii: ":")),
            let minute = number(minimum: 2, maximum: 2), atEnd, hour <= 23, minute <= 59
        else { return nil }
        return LocalDay.instant(day: today, secondsIntoDay: hour * 3600 + minute * 60, in: timeZone)
    }

    private static func isValid(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Bool {
        CivilDate.isValid(year: year, month: month, day: day) && hour <= 23 && minute <= 59 && second <= 59
    }
}
