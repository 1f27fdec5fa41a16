import Foundation

/// Durations as configs and flags write them (`500ms`, `30s`, `5m`, `1h30m`, `2d`), and the one conversion of a
/// Duration to seconds or milliseconds.
public enum DurationText {
    /// The longest duration `parse` accepts: 100 years of 365 days. Anything longer is a typo, and refusing it keeps
    /// every later conversion to integer milliseconds in range.
    public static let maximum = Duration.seconds(100 * 365 * 86_400)

    /// Parses a duration; a bare number is seconds. Returns nil for anything else, for a negative or non-finite
    /// value, and for a total above `maximum`. Parts are summed and rounded down to whole milliseconds.
    public static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.isEmpty { return nil }
        if let seconds = Double(trimmed) { return duration(seconds: seconds) }
        var total = 0.0
        var number = ""
        var index = trimmed.startIndex
        var sawUnit = false
        while index < trimmed.endIndex {
            let char = trimmed[index]
            if char.isASCII, char.isNumber || char == "." {
                number.append(char)
                index = trimmed.index(after: index)
                continue
            }
            var unit = ""
            while index < trimmed.endIndex, trimmed[index].isLetter {
                unit.append(trimmed[index])
                index = trimmed.index(after: index)
            }
            guard let value = Double(number), value.isFinite else { return nil }
            let scale: Double
            switch unit {
            case "ms": scale = 1
            case "s", "sec", "secs": scale = 1000
            case "m", "min", "mins": scale = 60_000
            case "h", "hr", "hrs": scale = 3_600_000
            case "d", "day", "days": scale = 86_400_000
            default: return nil
            }
            total += (value * scale).rounded(.down)
            number = ""
            sawUnit = true
        }
        guard number.isEmpty, sawUnit else { return nil }
        return duration(milliseconds: total)
    }

    /// A number of seconds (a config's `timeout = 2.5`) as a Duration of whole milliseconds; nil when negative,
    /// not finite or above `maximum`.
    public static func duration(seconds: Double) -> Duration? { duration(milliseconds: seconds * 1000) }

    private static func duration(milliseconds: Double) -> Duration? {
        let limit = Double(maximum.components.seconds) * 1000
        guard milliseconds.isFinite, milliseconds >= 0, milliseconds <= limit else { return nil }
        return .milliseconds(Int64(milliseconds.rounded(.down)))
    }

    /// Seconds of a Duration as a Double.
    public static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }

    /// Whole milliseconds of a Duration, rounded towards zero and clamped to Int64's range (never traps).
    public static func milliseconds(_ duration: Duration) -> Int64 {
        let parts = duration.components
        let (millis, overflow) = parts.seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return parts.seconds < 0 ? .min : .max }
        let (total, overflowAgain) = millis.addingReportingOverflow(parts.attoseconds / 1_000_000_000_000_000)
        if overflowAgain { return millis < 0 ? .min : .max }
        return total
    }
}
