import Foundation
import WeftPrimitives

/// One completion: the local day it counts for and, when the source said, the instant it happened.
public struct HabitCompletion: Sendable, Hashable, Codable {
    /// The local day (days since 1970-01-01) in the zone it was imported or recorded in.
    public var day: Int64
    /// When it happened; nil for date-only completions.
    var at: Date?

    /// Creates a completion.
    public init(day: Int64, at: Date? = nil) {
        self.day = day
        self.at = at
    }

    /// Parses a completion date: an ISO 8601 instant with `Z` or an offset (`2024-10-09T10:00:00Z`) becomes the
    /// local day in `zone`; a wall-clock time without offset (`2024-10-09 10:00`) is read in `zone`; a plain date
    /// (`2024-10-09`) is that day. Nil when the text is none of these.
    public static func parse(_ text: String, zone: TimeZone) -> HabitCompletion? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.count >= 10, let day = LocalDay.parse(String(text.prefix(10))) else { return nil }
        var rest = Substring(text.dropFirst(10))
        if rest.isEmpty { return HabitCompletion(day: day) }
        guard rest.first == "T" || rest.first == " " else { return nil }
        rest = rest.dropFirst()
        guard let hour = take(&rest, digits: 2), hour < 24, rest.popFirst() == ":",
            let minute = take(&rest, digits: 2), minute < 60
        else { return nil }
        var second = 0
        if rest.first == ":" {
            rest = rest.dropFirst()
            guard let value = take(&rest, digits: 2), value <= 60 else { return nil }
            second = min(value, 59)
        }
        if rest.first == "." || rest.first == "," {
            rest = rest.dropFirst()
            guard rest.first?.isNumber == true else { return nil }
            rest = rest.drop { $0.isNumber }
        }
        rest = rest.drop { $0 == " " }
        let wall = hour * 3600 + minute * 60 + second
        if rest.isEmpty {
            let instant = LocalDay.instant(day: day, secondsIntoDay: wall, in: zone)
            return HabitCompletion(day: day, at: instant)
        }
        let offset: Int
        if rest == "Z" || rest == "z" || rest == "UTC" {
            offset = 0
        } else {
            guard let sign = rest.popFirst(), sign == "+" || sign == "-", let hours = take(&rest, digits: 2)
            else { return nil }
            if rest.first == ":" { rest = rest.dropFirst() }
            let minutes = rest.isEmpty ? 0 : take(&rest, digits: 2)
            guard let minutes, rest.isEmpty, hours < 24, minutes < 60 else { return nil }
            offset = (sign == "+" ? 1 : -1) * (hours * 3600 + minutes * 60)
        }
        let instant = Date(timeIntervalSince1970: TimeInterval(day * 86_400 + Int64(wall - offset)))
        return HabitCompletion(day: LocalDay.containing(instant, in: zone), at: instant)
    }

    private static func take(_ text: inout Substring, digits count: Int) -> Int? {
        let head = text.prefix(count)
        guard head.count == count, head.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(head) else {
            return nil
        }
        text = text.dropFirst(count)
        return value
    }
}
