import Foundation

/// The parts of one `{{…}}` token: base, fallback and filters.
struct TokenBody: Equatable {
    /// A variable key, or a maths expression when it starts with `=`; trimmed.
    var base: String
    /// Used when the key is missing or empty, or the expression does not parse; kept as written.
    var fallback: String
    /// Filters in the order they run; each trimmed, none empty.
    var filters: [Filter]

    /// A token body as written between `{{` and `}}`, trimmed and split; nil when nothing but spaces.
    init?(written rawBody: String) {
        let body = rawBody.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !body.isEmpty else { return nil }
        self.init(parsing: body)
    }

    /// Splits an already-trimmed token body.
    init(parsing body: String) {
        if let doubleBar = body.range(of: "||") {
            // Explicit form: `base|fallback||filter|filter`.
            let left = body[..<doubleBar.lowerBound]
            let right = body[doubleBar.upperBound...]
            if let bar = left.firstIndex(of: "|") {
                base = Self.trim(left[..<bar])
                fallback = String(left[left.index(after: bar)...])
            } else {
                base = Self.trim(left)
                fallback = ""
            }
            filters = Self.filters(right.split(separator: "|", omittingEmptySubsequences: true))
            return
        }

        let parts = body.split(separator: "|", omittingEmptySubsequences: false)
        base = Self.trim(parts[0])
        switch parts.count {
        case 1:
            fallback = ""
            filters = []
        case 2:
            fallback = String(parts[1])
            filters = []
        default:
            // Legacy form: later parts are filters only when one of them names a filter,
            // otherwise they belong to the fallback (`{{m|a|b|c}}` is `a|b|c`).
            let later = parts.dropFirst(2)
            if later.contains(where: { Filter($0)?.isRecognised == true }) {
                fallback = String(parts[1])
                filters = Self.filters(later)
            } else {
                fallback = parts.dropFirst().joined(separator: "|")
                filters = []
            }
        }
    }

    private static func filters<S: Sequence>(_ parts: S) -> [Filter] where S.Element == Substring {
        parts.compactMap { Filter($0) }
    }

    private static func trim(_ text: Substring) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
