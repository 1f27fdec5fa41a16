import Foundation

/// Numbers printed as people write them, the one rule for stored values, provider values and templates.
public enum NumberText {
    /// A number without grouping: values within 1e-9 of an integer print as that integer (every digit, however
    /// large; `-0.0` is `0`), others with 6 decimals and trailing zeros trimmed (`2.5`, `0.333333`), so a tiny
    /// negative such as `-0.0000004` prints `-0`, as the template contract (spec/TEMPLATES.md) says; non-finite
    /// values print `0`.
    public static func plain(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let nearest = value.rounded()
        if abs(value - nearest) < 1e-9 {
            if nearest == 0 { return "0" }
            // Int64 covers everyday values exactly and fast; beyond it `%.0f` still prints every digit.
            if abs(nearest) < 9.0e18, let integer = Int64(exactly: nearest) { return String(integer) }
            return String(format: "%.0f", nearest)
        }
        var text = String(format: "%.6f", value)
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text
    }
}
