import Foundation

/// The time built-ins `__now`, `__now_unix`, `__today`, `__time` and `__weekday`, always present.
public enum TimeVariables {
    /// Every time built-in key.
    public static let keys = ["__now", "__now_unix", "__today", "__time", "__weekday"]

    /// The value of one time built-in at `context.now`, or nil when `key` is not one.
    public static func value(_ key: String, context: VariableContext) -> String? {
        switch key {
        case "__now": return ISOInstant.format(context.now, milliseconds: true)
        case "__now_unix": return String(Int64(context.now.timeIntervalSince1970.rounded(.down)))
        case "__today", "__time":
            let parts = LocalTime.components(of: context.now, in: context.timeZone)
            return key == "__today"
                ? String(format: "%04d-%02d-%02d", parts.year, parts.month, parts.day)
                : String(format: "%02d:%02d", parts.hour, parts.minute)
        case "__weekday":
            let formatter = DateFormatter()
            formatter.locale = context.locale
            formatter.timeZone = context.timeZone
            formatter.dateFormat = "EEE"
            return formatter.string(from: context.now)
        default: return nil
        }
    }

    /// All time built-ins.
    public static func all(context: VariableContext) -> [String: String] {
        var result: [String: String] = [:]
        for key in keys { result[key] = value(key, context: context) }
        return result
    }
}

/// UTC ISO 8601 instants as weft prints them: `2026-03-10T09:30:00Z` or with `.000` milliseconds.
public enum ISOInstant {
    /// Formats an instant in UTC.
    public static func format(_ date: Date, milliseconds: Bool = false) -> String {
        // Plain arithmetic rather than Calendar: this runs on every render, and ICU's calendar costs a
        // noticeable share of a status-bar call's start-up.
        // Dates are stored relative to 2001, so an instant such as 1969-12-31T23:59:59.999 comes back a hair
        // off: milliseconds round to the nearest (as ISO8601DateFormatter does), whole seconds truncate.
        let seconds = date.timeIntervalSince1970
        let totalMillis =
            milliseconds ? Int64((seconds * 1000).rounded()) : Int64(seconds.rounded(.down)) * 1000
        let (days, millisOfDay) = totalMillis.quotientAndRemainder(dividingBy: 86_400_000)
        let dayNumber = millisOfDay < 0 ? days - 1 : days
        let dayMillis = millisOfDay < 0 ? millisOfDay + 86_400_000 : millisOfDay
        let (year, month, day) = CivilDate.civil(fromDays: dayNumber)
        let second = dayMillis / 1000
        var text = pad(Int64(year), 4) + "-" + pad(Int64(month), 2) + "-" + pad(Int64(day), 2)
        text += "T" + pad(second / 3600, 2) + ":" + pad(second / 60 % 60, 2) + ":" + pad(second % 60, 2)
        return milliseconds ? text + "." + pad(dayMillis % 1000, 3) + "Z" : text + "Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Parses `2026-03-10T09:30:00Z`, with fractional seconds or a numeric offset.
    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let plain = ISO8601DateFormatter()
        if let date = plain.date(from: trimmed) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: trimmed)
    }
}

/// Wall-clock parts of an instant in a zone.
public enum LocalTime {
    /// Year, month, day, hour, minute, second and weekday (1 = Sunday) of `date` in `zone`.
    public static func components(of date: Date, in zone: TimeZone) -> (
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, weekday: Int
    ) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
        return (
            parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1, parts.hour ?? 0, parts.minute ?? 0,
            parts.second ?? 0, parts.weekday ?? 1
        )
    }
}
