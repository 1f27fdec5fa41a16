import Foundation

/// Numbers printed as people write them, the one rule for stored values, provider values, templates and messages.
///
/// A magnitude of 1e21 or more prints in exponent form (`1e+300`, `-1.5e+22`, the shortest text that reads back
/// as the same Double), as JavaScript and JSON writers do: a Double has about 17 significant digits, so the 301
/// digits `%.0f` gives for `1e300` were noise, and a status bar cannot show them.
public enum NumberText {
    /// From this magnitude on, numbers print in exponent form.
    static let exponentFrom = 1e21

    /// A number without grouping: values within 1e-9 of an integer print as that integer (`-0.0` is `0`), others
    /// with 6 decimals and trailing zeros trimmed (`2.5`, `0.333333`), so a tiny negative such as `-0.0000004`
    /// prints `-0`, as the template contract (spec/TEMPLATES.md) says; non-finite values print `0`.
    public static func plain(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if abs(value) >= exponentFrom { return value.description }
        let nearest = value.rounded()
        if abs(value - nearest) < 1e-9 {
            if nearest == 0 { return "0" }
            // Int64 covers everyday values exactly and fast; up to 1e21 `%.0f` prints every digit.
            if abs(nearest) < 9.0e18, let integer = Int64(exactly: nearest) { return String(integer) }
            return String(format: "%.0f", nearest)
        }
        return trimmed(value, maxDecimals: 6)
    }

    /// Exactly `places` decimals (`12.0`, `0.35`), for values shown with a fixed precision (mm/h, coordinates);
    /// non-finite values print `0`, and 1e21 or more in exponent form.
    public static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "0" }
        if abs(value) >= exponentFrom { return value.description }
        return String(format: "%.\(min(max(places, 0), 17))f", value)
    }

    /// At most `maxDecimals` decimals with trailing zeros trimmed (`52.52`, `13.4`, `2`); a value that rounds to
    /// zero keeps the sign `%f` gives it (`-0`) — `plain` snaps integral values first.
    public static func trimmed(_ value: Double, maxDecimals: Int) -> String {
        var text = fixed(value, places: maxDecimals)
        guard text.contains("."), !text.contains("e") else { return text }
        while text.last == "0" { text.removeLast() }
        if text.last == "." { text.removeLast() }
        return text
    }
}
