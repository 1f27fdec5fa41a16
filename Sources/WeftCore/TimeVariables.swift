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
        let parts = LocalTime.components(of: date, in: TimeZone(identifier: "UTC") ?? .gmt)
        let base = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year, parts.month, parts.day, parts.hour, parts.minute,
            parts.second)
        guard milliseconds else { return base + "Z" }
        let millis = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) % 1000
        return base + String(format: ".%03dZ", (millis + 1000) % 1000)
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
