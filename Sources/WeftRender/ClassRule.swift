import Foundation
import WeftPrimitives
import WeftTemplate

/// A `--class NAME=CONDITION` rule: Waybar gets class NAME while the condition holds, so thresholds are styled in
/// CSS.
///
/// The condition is a comparison `KEY OP NUMBER` (`<`, `<=`, `>`, `>=`, `==`, `!=`), false when the key is missing
/// or not a number, or a template in `{{…}}` that holds when it renders to something other than empty or `0`.
public struct ClassRule: Sendable, Equatable {
    /// What a rule tests.
    enum Condition: Sendable, Equatable {
        case compare(key: String, operation: Comparison, number: Double)
        case template(String)
    }

    /// The class added while the condition holds.
    public let name: String
    let condition: Condition

    /// Parses `NAME=CONDITION`; nil when it is not one (the caller names the option in its message).
    public init?(parsing text: String) {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let name = text[..<equals].trimmingCharacters(in: .whitespaces)
        let rest = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }),
            let condition = Self.condition(rest)
        else { return nil }
        self.name = name
        self.condition = condition
    }

    private static func condition(_ text: String) -> Condition? {
        if text.hasPrefix("{{") { return text.hasSuffix("}}") ? .template(text) : nil }
        for operation in Comparison.allCases {
            guard let range = text.range(of: operation.rawValue) else { continue }
            let key = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
            let number = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !key.contains(where: { "<>=!".contains($0) }), let value = CheckedNumber.finite(number)
            else { return nil }
            return .compare(key: TemplateKey.canonical(key), operation: operation, number: value)
        }
        return nil
    }

    /// Whether the condition holds in `session`.
    public func holds(in session: RenderSession) -> Bool {
        switch condition {
        case .template(let template):
            let text = session.render(template).trimmingCharacters(in: .whitespacesAndNewlines)
            return !text.isEmpty && text != "0"
        case .compare(let key, let operation, let number):
            guard let raw = session.resolver.value(key), let value = CheckedNumber.finite(raw) else { return false }
            return operation.holds(value, number)
        }
    }
}
