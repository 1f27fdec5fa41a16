import Foundation

/// Parses and prints durations the way configs and flags write them: `500ms`, `30s`, `5m`, `1h30m`, `2d`.
public enum DurationText {
    /// Parses a duration; a bare number is seconds. Returns nil for anything else.
    public static func parse(_ text: String) -> Duration? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.isEmpty { return nil }
        if let seconds = Double(trimmed), seconds >= 0, seconds.isFinite {
            return .milliseconds(Int64(seconds * 1000))
        }
        var total = Duration.zero
        var number = ""
        var index = trimmed.startIndex
        var sawUnit = false
        while index < trimmed.endIndex {
            let char = trimmed[index]
            if char.isNumber || char == "." {
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
            let millis: Double
            switch unit {
            case "ms": millis = value
            case "s", "sec", "secs": millis = value * 1000
            case "m", "min", "mins": millis = value * 60_000
            case "h", "hr", "hrs": millis = value * 3_600_000
            case "d", "day", "days": millis = value * 86_400_000
            default: return nil
            }
            total += .milliseconds(Int64(millis))
            number = ""
            sawUnit = true
        }
        return number.isEmpty && sawUnit ? total : nil
    }

    /// Seconds of a Duration as a Double.
    public static func seconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
