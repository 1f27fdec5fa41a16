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
        // Longest operators first, so `<=` is not read as `<` followed by `=5`.
        for operation in ["<=", ">=", "==", "!=", "<", ">"] {
            guard let range = text.range(of: operation),
                let right = CheckedNumber.finite(text[range.upperBound...].trimmingCharacters(in: .whitespaces))
            else { continue }
            // A comparison with a number on the right; a left side that is no number (a missing value) fails it.
            guard let left = CheckedNumber.finite(text[..<range.lowerBound].trimmingCharacters(in: .whitespaces))
            else { return false }
            switch operation {
            case "<": return left < right
            case "<=": return left <= right
            case ">": return left > right
            case ">=": return left >= right
            case "==": return left == right
            default: return left != right
            }
        }
        return !text.isEmpty && text != "0" && text.lowercased() != "false"
    }
}
