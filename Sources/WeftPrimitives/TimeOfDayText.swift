import Foundation

/// Local times of day as configs write them (`20:00`, `7:30`, `07:30:15`): the one parser of a wall-clock time.
public enum TimeOfDayText {
    /// Seconds into the day of `H:MM` or `HH:MM[:SS]` (24-hour clock, 00:00 … 23:59:59); nil for anything else.
    public static func parse(_ text: String) -> Int? {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count) else { return nil }
        var values: [Int] = []
        for (index, part) in parts.enumerated() {
            let limit = index == 0 ? 1...2 : 2...2
            guard limit.contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part)
            else { return nil }
            values.append(value)
        }
        let second = values.count == 3 ? values[2] : 0
        guard values[0] < 24, values[1] < 60, second < 60 else { return nil }
        return values[0] * 3600 + values[1] * 60 + second
    }
}
