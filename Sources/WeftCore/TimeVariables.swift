import Foundation
import WeftPrimitives

/// The time built-ins `__now`, `__now_unix`, `__today`, `__time` and `__weekday`, always present.
public enum TimeVariables {
    /// Every time built-in key.
    public static let keys = ["__now", "__now_unix", "__today", "__time", "__weekday"]

    /// The value of one time built-in at `context.now`, or nil when `key` is not one.
    public static func value(_ key: String, context: VariableContext) -> String? {
        switch key {
        case "__now": return ISOInstant.format(context.now, milliseconds: true)
        case "__now_unix": return String(Instant.wholeSeconds(context.now))
        case "__today": return LocalDay.iso(of: context.now, in: context.timeZone)
        case "__time": return LocalText.time(context.now, in: context.timeZone)
        case "__weekday":
            return context.dateFormatters.string(
                context.now, pattern: "EEE", timeZone: context.timeZone, locale: context.locale)
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
