import Foundation
import WeftPrimitives

/// A display reminder an event carries (its `VALARM` with `ACTION:DISPLAY`), as the snapshot keeps it: a trigger
/// relative to the occurrence's start or end, or at an instant, with its repeats.
public struct CalendarAlarm: Codable, Sendable, Hashable {
    /// The most display alarms kept per event; more are ignored with a warning.
    public static let maxPerEvent = 10
    /// The most repeats (`REPEAT`) kept per alarm; more are cut off with a warning.
    public static let maxRepeat = 10
    /// How far a trigger may lie from the start or end it belongs to (31 days); one further is ignored with a warning.
    public static let maxReach: Int64 = 31 * 86_400

    /// The instant of an absolute trigger (`TRIGGER;VALUE=DATE-TIME`); nil for a relative one.
    public var at: Date?
    /// A relative trigger's whole days (wall-clock days in the view's zone, so `-P1D` stays at the same local time
    /// across a DST change), signed.
    public var days: Int64
    /// A relative trigger's exact seconds, signed.
    public var seconds: Int64
    /// `RELATED=END`: relative to the occurrence's end.
    public var relatedToEnd: Bool
    /// `REPEAT`: how many more times it goes off after the first.
    public var repeatCount: Int
    /// `DURATION`: seconds between repeats.
    public var repeatInterval: Int64

    /// Creates an alarm.
    public init(
        at: Date? = nil, days: Int64 = 0, seconds: Int64 = 0, relatedToEnd: Bool = false, repeatCount: Int = 0,
        repeatInterval: Int64 = 0
    ) {
        self.at = at
        self.days = days
        self.seconds = seconds
        self.relatedToEnd = relatedToEnd
        self.repeatCount = repeatCount
        self.repeatInterval = repeatInterval
    }

    /// The trigger as a key part: `-PT15M`, `-PT5M/end`, `-P1DT2H`, or `@2026-11-28T09:00:00Z` for an instant.
    var token: String {
        if let at { return "@" + ISOInstant.format(at) }
        return Self.durationText(days: days, seconds: seconds) + (relatedToEnd ? "/end" : "")
    }

    /// `-PT15M`, `PT0S`, `-P1DT2H30M`: an RFC 5545 duration of signed days and seconds (both of one sign).
    static func durationText(days: Int64, seconds: Int64) -> String {
        let negative = days < 0 || seconds < 0
        let days = abs(days)
        let seconds = abs(seconds)
        var text = negative ? "-P" : "P"
        if days > 0 { text += "\(days)D" }
        if seconds > 0 || days == 0 {
            text += "T"
            let (h, m, s) = (seconds / 3600, seconds % 3600 / 60, seconds % 60)
            if h > 0 { text += "\(h)H" }
            if m > 0 { text += "\(m)M" }
            if s > 0 || (h == 0 && m == 0) { text += "\(s)S" }
        }
        return text
    }
}
