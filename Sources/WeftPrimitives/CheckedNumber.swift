import Foundation

/// The one door for a number from outside (a server's JSON, a file, a header, a flag, a stored snapshot) into an
/// integer type or a physical quantity: every conversion is checked, so `1e300`, `inf` or `nan` is refused instead
/// of trapping the process.
public enum CheckedNumber {
    /// `value` rounded by `rule` as an Int, or nil when it is not finite or falls outside Int's range.
    public static func int(_ value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) -> Int? {
        guard value.isFinite else { return nil }
        return Int(exactly: value.rounded(rule))
    }

    /// `value` rounded by `rule` as an Int64, or nil when it is not finite or falls outside Int64's range.
    public static func int64(_ value: Double, rounding rule: FloatingPointRoundingRule = .towardZero) -> Int64? {
        guard value.isFinite else { return nil }
        return Int64(exactly: value.rounded(rule))
    }

    /// `value` rounded by `rule`, clamped into `bounds` (NaN goes to the lower bound): for values already known
    /// to be sensible where only an edge case could stray (a progress bar's width, a chart row).
    public static func clamped(
        _ value: Double, to bounds: ClosedRange<Int>, rounding rule: FloatingPointRoundingRule = .towardZero
    ) -> Int {
        guard !value.isNaN else { return bounds.lowerBound }
        let rounded = value.rounded(rule)
        if rounded <= Double(bounds.lowerBound) { return bounds.lowerBound }
        if rounded >= Double(bounds.upperBound) { return bounds.upperBound }
        return Int(exactly: rounded) ?? bounds.lowerBound
    }

    /// `text` as a finite Double (`1e309`, `inf` and `nan` are nil).
    public static func finite(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        return value
    }
}
