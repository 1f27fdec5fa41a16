import Foundation
import WeftPrimitives

/// Locale-aware number and currency formatting for one render; formatters are built on first use.
final class LocaleNumbers {
    /// The most fixed decimals `number:N`, `percent:N` and `round:N` allow.
    static let maximumFractionDigits = 12

    private let locale: Locale
    /// Decimal formatters by maximum fraction digits; changing a formatter's digits makes Foundation
    /// rebuild its ICU formatter, so each digit count keeps its own.
    private var decimalFormatters: [Int: NumberFormatter] = [:]
    private var zeroDigit: String?
    private var currencyFormatters: [String: NumberFormatter] = [:]

    init(locale: Locale) {
        self.locale = locale
    }

    /// Locale decimal with grouping. With `fractionDigits` (clamped 0–12) exactly that many decimals;
    /// without, integral values get none and others up to 2. Rounds half to even.
    func decimal(_ value: Double, fractionDigits: Int?) -> String {
        let digits: Int
        let fixed: Bool
        if let fractionDigits {
            digits = min(max(fractionDigits, 0), Self.maximumFractionDigits)
            fixed = true
        } else {
            digits = abs(value - value.rounded()) < 1e-9 ? 0 : 2
            fixed = false
        }
        let formatter = decimal(maximumFractionDigits: digits)
        guard let text = formatter.string(from: NSNumber(value: value)) else {
            return NumberText.plain(value)
        }
        guard fixed, digits > 0 else { return text }
        return padFraction(text, to: digits, separator: formatter.decimalSeparator ?? ".")
    }

    /// Locale currency style; `code` (an ISO 4217 code such as `EUR`) overrides the locale's currency.
    func currency(_ value: Double, code: String?) -> String {
        let key = code?.uppercased() ?? ""
        let formatter: NumberFormatter
        if let cached = currencyFormatters[key] {
            formatter = cached
        } else {
            formatter = NumberFormatter()
            formatter.locale = locale
            formatter.numberStyle = .currency
            if !key.isEmpty { formatter.currencyCode = key }
            currencyFormatters[key] = formatter
        }
        return formatter.string(from: NSNumber(value: value)) ?? NumberText.plain(value)
    }

    private func decimal(maximumFractionDigits digits: Int) -> NumberFormatter {
        if let cached = decimalFormatters[digits] { return cached }
        let formatter = NumberFormatter()
        formatter.locale = locale
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        formatter.roundingMode = .halfEven
        // Linux Foundation ignores maximumFractionDigits once minimumFractionDigits > 0
        // (swift-corelibs-foundation#4221), so format with 0…N digits and pad afterwards.
        formatter.minimumFractionDigits = 0
        formatter.maximumFractionDigits = digits
        decimalFormatters[digits] = formatter
        return formatter
    }

    /// The locale's zero digit (Arabic locales have their own digits), for padding fractions.
    private func zero() -> String {
        if let zeroDigit { return zeroDigit }
        let digit = decimal(maximumFractionDigits: 0).string(from: 0) ?? "0"
        zeroDigit = digit
        return digit
    }

    /// Appends zeros after the last digit until the fraction has `digits` digits.
    private func padFraction(_ text: String, to digits: Int, separator: String) -> String {
        guard let lastDigit = text.lastIndex(where: { $0.isNumber }) else { return text }
        let end = text.index(after: lastDigit)
        let number = text[..<end]
        let existing: Int
        var insertion = ""
        if let separatorRange = number.range(of: separator, options: .backwards) {
            existing = number[separatorRange.upperBound...].count
        } else {
            existing = 0
            insertion = separator
        }
        guard existing < digits else { return text }
        insertion += String(repeating: zero(), count: digits - existing)
        return String(number) + insertion + text[end...]
    }
}
