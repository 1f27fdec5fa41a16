import Foundation
import WeftPrimitives

/// A condition written as a template (a `notify.toml` rule's `when`, a `--class` rule in `{{…}}`): it holds when it
/// renders to a comparison of two numbers that holds (`{{__calendar_next_minutes}} <= 5` renders `3 <= 5`), or to
/// anything but empty, `0` or `false`. A comparison whose left side is not a number (a missing value) does not hold;
/// text that is no comparison (no number after the operator: `<b>`) is taken by its truth.
public enum TemplateCondition {
    /// Whether `template` holds in `session`.
    public static func holds(_ template: String, in session: RenderSession) -> Bool {
        holds(rendered: session.render(template))
    }

    /// Whether an already rendered condition holds.
    public static func holds(rendered: String) -> Bool {
        let text = rendered.trimmingCharacters(in: .whitespacesAndNewlines)
        for operation in Comparison.allCases {
            guard let range = text.range(of: operation.rawValue),
                let right = CheckedNumber.finite(text[range.upperBound...].trimmingCharacters(in: .whitespaces))
            else { continue }
            // A comparison with a number on the right; a left side that is no number (a missing value) fails it.
            guard let left = CheckedNumber.finite(text[..<range.lowerBound].trimmingCharacters(in: .whitespaces))
            else { return false }
            return operation.holds(left, right)
        }
        return !text.isEmpty && text != "0" && text.lowercased() != "false"
    }
}

/// A comparison of two numbers in a condition (`KEY <= 5` in a `--class` rule, `3 <= 5` in a rendered template).
enum Comparison: String, CaseIterable, Sendable {
    // Longest operators first, so a search in this order does not read `<=` as `<` followed by `=5`.
    case atMost = "<="
    case atLeast = ">="
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case greater = ">"

    /// Whether `left OP right` holds.
    func holds(_ left: Double, _ right: Double) -> Bool {
        switch self {
        case .less: left < right
        case .atMost: left <= right
        case .greater: left > right
        case .atLeast: left >= right
        case .equal: left == right
        case .notEqual: left != right
        }
    }
}
