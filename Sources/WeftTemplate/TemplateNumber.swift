import Foundation

/// How templates read and print plain numbers.
public enum TemplateNumber {
    /// Numeric input as filters and maths variables read it: trimmed, every `,` deleted, then Swift's
    /// `Double(String)` (so `0x1F` is 31); nil when it does not parse or is not finite.
    public static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let cleaned = trimmed.contains(",") ? trimmed.replacingOccurrences(of: ",", with: "") : trimmed
        // `inf`, `nan` and overflowing literals would print as symbols or crash integer
        // conversions downstream; treating them as text keeps every filter total.
        guard let value = Double(cleaned), value.isFinite else { return nil }
        return value
    }

    /// A number without grouping: integral values (within 1e-9) as integers of any size,
    /// others with 6 decimals and trailing zeros trimmed; non-finite values print `0`.
    public static func plain(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let nearest = value.rounded()
        if abs(value - nearest) < 1e-9 {
            if nearest == 0 { return "0" }
            // Int64 covers everyday values exactly; beyond it `%.0f` still prints every digit.
            if abs(nearest) < 9.0e18 { return String(Int64(nearest)) }
            return String(format: "%.0f", nearest)
        }
        var text = String(format: "%.6f", value)
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text
    }
}
