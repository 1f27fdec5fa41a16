/// The shape of a provider's warning lines that readers group and count: the one owner of a warning's reason
/// (its first clause) and of the line that stands for repeated ones (`… and 16,399 more: reason`).
public enum WarningLine {
    /// The first clause of what a warning says (up to its first `,`, `;`, `:` or newline), at most 80 characters:
    /// warnings that differ only in detail share it.
    public static func reason(of text: Substring) -> String {
        let bytes = text.utf8
        let end = bytes.firstIndex { $0 == 0x2C || $0 == 0x3B || $0 == 0x3A || $0 == 0x0A } ?? bytes.endIndex
        let clause = text[..<end].trimmingSpaces
        return cut(clause.isEmpty ? String(text) : String(clause), 80)
    }

    /// `warnings` with each run of the same `key` cut to its first, followed in its place by `line(first, n)` for
    /// the `n` others: what is stored and shown grows with the kinds of problem, not with their number. `count`
    /// tells a line that already stands for others (and how many): it adds to its group, and when it begins one,
    /// it is replaced by the group's line.
    public static func collapsed<Warning, Key: Hashable>(
        _ warnings: [Warning], key: (Warning) -> Key, count: (Warning) -> Int? = { _ in nil },
        line: (Warning, Int) -> Warning
    ) -> [Warning] {
        var groups: [Key: (first: Int, more: Int, firstCounts: Bool)] = [:]
        var kept: [(warning: Warning, key: Key)] = []
        for warning in warnings {
            let key = key(warning)
            let counted = count(warning)
            if var group = groups[key] {
                group.more += counted ?? 1
                groups[key] = group
            } else {
                groups[key] = (kept.count, counted ?? 0, counted != nil)
                kept.append((warning, key))
            }
        }
        guard kept.count < warnings.count || groups.values.contains(where: \.firstCounts) else { return warnings }
        var result: [Warning] = []
        result.reserveCapacity(kept.count * 2)
        for (warning, key) in kept {
            guard let group = groups[key] else { continue }
            if group.firstCounts {
                result.append(line(warning, group.more))
                continue
            }
            result.append(warning)
            if group.more > 0 { result.append(line(warning, group.more)) }
        }
        return result
    }

    /// The line that stands for `count` more warnings with `reason`.
    public static func more(_ count: Int, reason: String) -> String {
        "… and \(grouped(count)) more: \(reason)"
    }

    /// The count and reason of a line made by `more`; nil for any other text.
    public static func parseMore(_ text: Substring) -> (count: Int, reason: String)? {
        let marker = "… and "
        guard text.hasPrefix(marker) else { return nil }
        let after = text.dropFirst(marker.count)
        let digits = after.prefix { $0.isASCII && ($0.isNumber || $0 == ",") }
        let tail = after.dropFirst(digits.count)
        guard let count = Int(String(digits.filter { $0 != "," })), tail.hasPrefix(" more: ") else { return nil }
        return (count, cut(String(tail.dropFirst(" more: ".count)), 80))
    }

    /// `text` on one line and at most `limit` characters, `…` marking a cut.
    public static func cut(_ text: String, _ limit: Int) -> String {
        guard text.utf8.count > limit || text.utf8.contains(0x0A) else { return text }
        let line = String(text.map { $0 == "\n" || $0 == "\r\n" ? " " : $0 })
        return line.count <= limit ? line : String(line.prefix(max(1, limit - 1))) + "…"
    }

    /// `16399` as `16,399`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
