import Foundation
import WeftPrimitives

/// How templates read plain numbers (they print them with WeftPrimitives' `NumberText.plain`).
enum TemplateNumber {
    /// Numeric input as filters and maths variables read it: trimmed, every `,` deleted, then Swift's
    /// `Double(String)` (so `0x1F` is 31); nil when it does not parse or is not finite.
    static func parse(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        let cleaned = trimmed.contains(",") ? trimmed.replacingOccurrences(of: ",", with: "") : trimmed
        // `inf`, `nan` and overflowing literals would print as symbols or crash integer
        // conversions downstream; treating them as text keeps every filter total.
        guard let value = Double(cleaned), value.isFinite else { return nil }
        return value
    }
}
