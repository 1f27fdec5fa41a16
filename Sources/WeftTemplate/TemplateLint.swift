import Foundation
import WeftPrimitives

/// One thing wrong with a template, found without rendering it: what `weft check`, `weft bar --check` and
/// `weft resolve --strict` say.
public struct TemplateProblem: Sendable, Equatable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Sendable, Equatable {
        /// The template's text cannot be read as the author meant: an unclosed `{{`, a `{{` inside a token, maths
        /// that does not parse.
        case syntax
        /// No provider, stored variable, `--vars` value or built-in gives the key.
        case unknownKey
        /// A filter name the language does not know: it would leave the value unchanged.
        case unknownFilter
        /// A lone fallback spelled like a filter (`{{x|upper}}`), which shows as text.
        case fallbackLooksLikeFilter
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// The 1-based character column of the token (or of the stray `{{`) in the template.
    public var column: Int
    /// The problem and its fix in words.
    public var message: String

    /// `column N: message`.
    public var description: String { "column \(column): \(message)" }
}

/// Checks templates against the keys a render could answer: the one reading of a template's tokens for lint, the
/// same as a render's (``TokenBody``), so a warning is about what the template really does.
public struct TemplateLint {
    /// Whether a canonical key has a source (a provider, a stored variable, `--vars`, a built-in).
    let isKnown: (String) -> Bool
    /// The keys to offer as the closest names.
    let knownKeys: [String]

    /// A lint asking `isKnown` about each key and offering the closest of `knownKeys`.
    public init(knownKeys: [String], isKnown: @escaping (String) -> Bool) {
        self.knownKeys = knownKeys
        self.isKnown = isKnown
    }

    /// Every problem of `template`, left to right.
    public func problems(in template: String) -> [TemplateProblem] {
        var problems: [TemplateProblem] = []
        var position = template.startIndex
        func column(_ index: String.Index) -> Int { template.distance(from: template.startIndex, to: index) + 1 }
        while let open = template.range(of: "{{", range: position..<template.endIndex) {
            guard let close = template.range(of: "}}", range: open.upperBound..<template.endIndex) else {
                problems.append(
                    TemplateProblem(
                        kind: .syntax, column: column(open.lowerBound),
                        message: "`{{` is never closed with `}}`, so it shows as it is"))
                break
            }
            let body = template[open.upperBound..<close.lowerBound]
            if let inner = body.range(of: "{{") {
                problems.append(
                    TemplateProblem(
                        kind: .syntax, column: column(inner.lowerBound),
                        message: "`{{` inside the token that starts at column \(column(open.lowerBound)): tokens "
                            + "do not nest, and the token ends at the first `}}`"))
            } else {
                problems += token(body, at: column(open.lowerBound))
            }
            position = close.upperBound
        }
        return problems
    }

    /// The problems of one token body.
    private func token(_ raw: Substring, at column: Int) -> [TemplateProblem] {
        let body = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !body.isEmpty else { return [] }
        let token = TokenBody(parsing: body)
        var problems: [TemplateProblem] = []
        func add(_ kind: TemplateProblem.Kind, _ message: String) {
            problems.append(TemplateProblem(kind: kind, column: column, message: message))
        }

        if token.base.hasPrefix("=") {
            let expression = String(token.base.dropFirst())
            if MathExpression.evaluate(expression, now: Date(timeIntervalSince1970: 0), lookup: { _ in nil }) == nil {
                add(.syntax, "the expression `\(expression)` does not parse, so the fallback shows")
            }
        } else {
            let key = TemplateKey.canonical(token.base)
            // A user's key with a fallback is a counter not set yet, as often as a typo: only `__` keys, which
            // providers and built-ins own, and keys without a fallback are held to having a source.
            if !key.isEmpty, !isKnown(key), key.hasPrefix("__") || token.fallback.isEmpty {
                add(
                    .unknownKey,
                    "unknown key `\(key)`: no provider, stored variable or built-in gives it"
                        + Self.suggestion(Self.closest(to: key, among: knownKeys)))
            }
        }

        for filter in token.filters where !filter.isRecognised {
            add(
                .unknownFilter,
                "unknown filter `\(filter.name)`: it leaves the value unchanged"
                    + Self.suggestion(Self.closest(to: filter.name, among: Filter.Kind.allCases.map(\.rawValue))))
        }

        for filter in token.filters where filter.kind == .escape {
            let markup = filter.argument?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() ?? ""
            if !markup.isEmpty, MarkupText(rawValue: markup) == nil {
                add(
                    .unknownFilter,
                    "`escape:\(markup)` leaves the value unchanged: the markup is "
                        + MarkupText.allCases.map { "`\($0.rawValue)`" }.joined(separator: " or "))
            }
        }

        if !body.contains("||"), token.filters.isEmpty,
            let lone = Filter(Substring(token.fallback)), lone.isRecognised, !token.fallback.contains("|")
        {
            let written = token.fallback.trimmingCharacters(in: .whitespacesAndNewlines)
            add(
                .fallbackLooksLikeFilter,
                "`\(written)` is taken as the fallback text; write `{{\(token.base)||\(written)}}` for the filter")
        } else if !body.contains("||"), token.filters.isEmpty {
            // `{{x|--|uper}}`: with no known filter after the fallback, every part is fallback text.
            let later = token.fallback.split(separator: "|", omittingEmptySubsequences: false).dropFirst()
            for part in later {
                // Only a near miss of a word long enough to mean one: `a|b` is text, `--|uper` a typo.
                guard let filter = Filter(part), filter.name.count >= 3 else { continue }
                let names = Filter.Kind.allCases.map(\.rawValue).filter { NameMatch.distance($0, filter.name) == 1 }
                guard !names.isEmpty else { continue }
                add(
                    .unknownFilter,
                    "unknown filter `\(filter.name)`: so `\(token.fallback)` is all fallback text"
                        + Self.suggestion(names))
            }
        }
        return problems
    }

    /// `; did you mean `a` or `b`?`, or nothing.
    static func suggestion(_ names: [String]) -> String {
        names.isEmpty ? "" : "; did you mean \(names.map { "`\($0)`" }.joined(separator: " or "))?"
    }

    /// Up to three of `names` within a few edits of `name` (case, accents and punctuation aside), closest first.
    public static func closest(to name: String, among names: [String]) -> [String] {
        let folded = NameMatch.fold(name)
        let limit = max(2, folded.count / 3)
        return Set(names).map { (NameMatch.distance(NameMatch.fold($0), folded), $0) }
            .filter { $0.0 <= limit }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(3).map(\.1)
    }
}
