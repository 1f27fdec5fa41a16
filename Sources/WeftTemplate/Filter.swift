import Foundation
import WeftPrimitives

/// One filter of a token, such as `number:2` or `plural:step:steps`.
struct Filter: Equatable {
    /// The filters the language knows; any other name leaves the value unchanged.
    enum Kind: String, CaseIterable {
        case upper, lower, title, trim, prefix, suffix, pad
        case number, percent, currency, round, floor, ceil, abs, clamp
        case date, relative
        case daysuntil, hoursuntil, minutesuntil, sincedays, sincehours, sinceminutes
        case plural, bar
        case escape
    }

    /// Output longer than this from `pad:N` or `bar:W` is cut to it, so a typo cannot allocate gigabytes.
    static let maximumWidth = 1000

    /// The lower-cased name before the first `:`.
    let name: String
    /// Everything after the first `:`, as written; nil without a `:`.
    let argument: String?
    /// The filter, when the name is one the language knows.
    let kind: Kind?

    var isRecognised: Bool { kind != nil }

    /// Reads one `|`-separated part; nil when it is blank.
    init?(_ part: Substring) {
        let trimmed = part.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        if let colon = trimmed.firstIndex(of: ":") {
            name = trimmed[..<colon].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            argument = String(trimmed[trimmed.index(after: colon)...])
        } else {
            name = trimmed.lowercased()
            argument = nil
        }
        kind = Kind(rawValue: name)
    }

    /// The argument trimmed, for numbers, codes and date patterns; "" without one.
    private var trimmedArgument: String {
        argument?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    }

    /// The argument split on `:` (for `clamp:MIN:MAX` and `plural:S:P`), parts kept as written.
    private var argumentParts: [Substring] {
        guard let argument else { return [] }
        return argument.split(separator: ":", omittingEmptySubsequences: false)
    }

    /// An integer argument such as the `N` of `number:N`; nil when absent or not an integer.
    private var integerArgument: Int? {
        Int(trimmedArgument)
    }

    /// Applies the filter; input a filter cannot use passes through unchanged.
    func apply(to value: String, resources: RenderResources) -> String {
        guard let kind else { return value }
        switch kind {
        case .upper:
            return value.uppercased()
        case .lower:
            return value.lowercased()
        case .title:
            return value.capitalized(with: resources.context.locale)
        case .trim:
            return value.trimmingCharacters(in: .whitespacesAndNewlines)
        case .prefix:
            return (argument ?? "") + value
        case .suffix:
            return value + (argument ?? "")
        case .pad:
            return pad(value)
        case .number:
            guard let number = TemplateNumber.parse(value) else { return value }
            return resources.numbers.decimal(number, fractionDigits: integerArgument)
        case .percent:
            guard let number = TemplateNumber.parse(value) else { return value }
            let scaled = Swift.abs(number) <= 1 ? number * 100 : number
            return resources.numbers.decimal(scaled, fractionDigits: integerArgument) + "%"
        case .currency:
            guard let number = TemplateNumber.parse(value) else { return value }
            let code = trimmedArgument
            return resources.numbers.currency(number, code: code.isEmpty ? nil : code)
        case .round:
            guard let number = TemplateNumber.parse(value) else { return value }
            return round(number, resources: resources)
        case .floor:
            return TemplateNumber.parse(value).map { NumberText.plain($0.rounded(.down)) } ?? value
        case .ceil:
            return TemplateNumber.parse(value).map { NumberText.plain($0.rounded(.up)) } ?? value
        case .abs:
            return TemplateNumber.parse(value).map { NumberText.plain(Swift.abs($0)) } ?? value
        case .clamp:
            return clamp(value)
        case .date:
            guard let date = resources.parseDate(value) else { return value }
            return resources.formatDate(date, pattern: trimmedArgument)
        case .relative:
            guard let date = resources.parseDate(value) else { return value }
            return RelativeTime.phrase(for: date, relativeTo: resources.context.now, catalog: resources.context.catalog)
        case .daysuntil, .hoursuntil, .minutesuntil, .sincedays, .sincehours, .sinceminutes:
            guard let date = resources.parseDate(value) else { return value }
            return delta(to: date, kind: kind, now: resources.context.now)
        case .plural:
            return plural(value)
        case .bar:
            return bar(value)
        case .escape:
            return escape(value, markup: resources.markup)
        }
    }

    /// `escape:pango`, `escape:html`, or `escape` alone for the markup the render writes (`--markup`); an unknown
    /// markup, or `escape` alone in a render that writes none, leaves the value unchanged.
    private func escape(_ value: String, markup: MarkupText?) -> String {
        let named = trimmedArgument.lowercased()
        guard let markup = named.isEmpty ? markup : MarkupText(rawValue: named) else { return value }
        return markup.escaped(value)
    }

    /// Trims, then left-pads with `0`; a missing, non-integer or non-positive N leaves the value as is.
    private func pad(_ value: String) -> String {
        guard let width = integerArgument, width > 0 else { return value }
        let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
        let missing = Swift.min(width, Self.maximumWidth) - trimmed.count
        guard missing > 0 else { return trimmed }
        return String(repeating: "0", count: missing) + trimmed
    }

    /// Half away from zero; no N, or N of 0, is a plain integer; any other N formats like `number:N`
    /// (clamped 0–12, so a negative N is `number:0`, with grouping).
    private func round(_ number: Double, resources: RenderResources) -> String {
        guard let requested = integerArgument, requested != 0 else {
            return NumberText.plain(number.rounded(.toNearestOrAwayFromZero))
        }
        let digits = Swift.min(Swift.max(requested, 0), LocaleNumbers.maximumFractionDigits)
        let factor = Foundation.pow(10.0, Double(digits))
        let scaled = number * factor
        // Beyond 2^53 a double has no fraction left to round, and scaling could overflow.
        let rounded = scaled.isFinite ? scaled.rounded(.toNearestOrAwayFromZero) / factor : number
        return resources.numbers.decimal(rounded, fractionDigits: digits)
    }

    /// `clamp:MIN:MAX` in either order; a bound that does not parse is the value itself.
    private func clamp(_ value: String) -> String {
        let parts = argumentParts
        guard parts.count >= 2, let number = TemplateNumber.parse(value) else { return value }
        let first = TemplateNumber.parse(String(parts[0])) ?? number
        let second = TemplateNumber.parse(String(parts[1])) ?? number
        let clamped = Swift.min(Swift.max(number, Swift.min(first, second)), Swift.max(first, second))
        return NumberText.plain(clamped)
    }

    /// Whole units between now and the date: ceiling when the delta is ≥ 0, floor when negative.
    private func delta(to date: Date, kind: Kind, now: Date) -> String {
        let seconds: Double
        let unit: Double
        switch kind {
        case .daysuntil: (seconds, unit) = (date.timeIntervalSince(now), 86_400)
        case .hoursuntil: (seconds, unit) = (date.timeIntervalSince(now), 3600)
        case .minutesuntil: (seconds, unit) = (date.timeIntervalSince(now), 60)
        case .sincedays: (seconds, unit) = (now.timeIntervalSince(date), 86_400)
        case .sincehours: (seconds, unit) = (now.timeIntervalSince(date), 3600)
        default: (seconds, unit) = (now.timeIntervalSince(date), 60)
        }
        let units = seconds / unit
        return NumberText.plain(units >= 0 ? units.rounded(.up) : units.rounded(.down))
    }

    /// `plural:S:P`: S when the integer part of the value is ±1, else P (non-numeric counts as 0).
    private func plural(_ value: String) -> String {
        let parts = argumentParts
        guard parts.count >= 2 else { return value }
        let whole = (TemplateNumber.parse(value) ?? 0).rounded(.towardZero)
        return String(Swift.abs(whole) == 1 ? parts[0] : parts[1])
    }

    /// `bar:W`: W defaults to 10 (also when it is not an integer); W ≤ 0 leaves the value unchanged.
    private func bar(_ value: String) -> String {
        let width = Swift.min(trimmedArgument.isEmpty ? 10 : (integerArgument ?? 10), Self.maximumWidth)
        guard width > 0, let number = TemplateNumber.parse(value) else { return value }
        let fraction = Swift.min(Swift.max(Swift.abs(number) <= 1 ? number : number / 100, 0), 1)
        let filled = CheckedNumber.clamped(fraction * Double(width), to: 0...width, rounding: .toNearestOrAwayFromZero)
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }
}

extension Filter.Kind {
    /// How it is written, with its argument.
    var usage: String {
        switch self {
        case .prefix: "prefix:T"
        case .suffix: "suffix:T"
        case .pad: "pad:N"
        case .number: "number[:N]"
        case .percent: "percent[:N]"
        case .currency: "currency[:CODE]"
        case .round: "round[:N]"
        case .clamp: "clamp:MIN:MAX"
        case .date: "date[:FMT]"
        case .plural: "plural:S:P"
        case .bar: "bar[:W]"
        case .escape: "escape[:pango|html]"
        default: rawValue
        }
    }

    /// What it does, for the manual.
    var meaning: String {
        switch self {
        case .upper: "Upper case."
        case .lower: "Lower case."
        case .title: "Capitalises each word."
        case .trim: "Removes white space at both ends."
        case .prefix: "Puts T before the value."
        case .suffix: "Puts T after the value."
        case .pad: "Trims, then pads with 0 on the left to N characters."
        case .number:
            "A decimal number in the locale, with grouping; N (0–12) fixed decimals, else up to 2 (integers none); "
                + "halves round to even."
        case .percent: "Multiplies a value within -1…1 by 100, then formats like number[:N] and appends %."
        case .currency: "The locale's currency style, in CODE (EUR, USD) when given."
        case .round:
            "Rounds half away from zero; without N (or N = 0) a plain integer, else formatted like number:N."
        case .floor: "Rounds down, without grouping."
        case .ceil: "Rounds up, without grouping."
        case .abs: "The absolute value, without grouping."
        case .clamp: "Keeps the value between MIN and MAX, in either order."
        case .date:
            "Formats a date in the render's time zone with a Unicode date pattern (HH:mm, EEE, yyyy-MM-dd); "
                + "without FMT the medium date style."
        case .relative: "A phrase such as \"in 5 minutes\" or \"2 hours ago\"."
        case .daysuntil: "Whole days from now to the date: rounded up ahead, down when past (a begun day counts)."
        case .hoursuntil: "Whole hours from now to the date, rounded as daysuntil."
        case .minutesuntil: "Whole minutes from now to the date, rounded as daysuntil."
        case .sincedays: "Whole days from the date to now, rounded as daysuntil."
        case .sincehours: "Whole hours from the date to now, rounded as daysuntil."
        case .sinceminutes: "Whole minutes from the date to now, rounded as daysuntil."
        case .plural: "S when the value's integer part is 1 or -1, else P (text counts as 0)."
        case .bar:
            "A bar of W (default 10) characters, full blocks for the filled part and light shades for the rest: a "
                + "value within -1…1 is a fraction, any other a percentage."
        case .escape: "Escapes the value for Pango or HTML markup; alone, for the markup the render writes."
        }
    }
}

/// One filter of the template language, for the manual.
public struct FilterEntry: Sendable, Equatable {
    /// Its name, as a template writes it.
    public var name: String
    /// How it is written with its argument (`number[:N]`).
    public var usage: String
    /// What it does.
    public var meaning: String

    /// Every filter the language knows, in the order the language lists them.
    public static var all: [FilterEntry] {
        Filter.Kind.allCases.map { FilterEntry(name: $0.rawValue, usage: $0.usage, meaning: $0.meaning) }
    }
}
