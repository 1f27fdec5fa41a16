import Foundation

/// A CSV header with names normalised for matching: case, spaces, `_`, units in parentheses and dotted prefixes
/// (`com.samsung.health.step_count.count` → `count`) do not matter.
struct StepHeader: Sendable {
    /// The names as written.
    let names: [String]
    /// Lower-case letters and digits of each full name.
    let keys: [String]
    /// Like `keys`, without a trailing `(unit)` or `[…]` and without a dotted prefix.
    let baseKeys: [String]

    init(_ names: [String]) {
        self.names = names
        keys = names.map(Self.normalise)
        baseKeys = names.map { name in
            var text = Substring(name)
            if let paren = text.firstIndex(where: { $0 == "(" || $0 == "[" }) { text = text[..<paren] }
            if text.contains("."), !text.contains(" "), let dot = text.lastIndex(of: ".") {
                text = text[text.index(after: dot)...]
            }
            return Self.normalise(String(text))
        }
    }

    static func normalise(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// The first column whose full or base key equals one of the candidates.
    func index(_ candidates: String...) -> Int? { index(in: candidates) }

    func index(in candidates: [String]) -> Int? {
        for candidate in candidates {
            let key = Self.normalise(candidate)
            if let found = keys.firstIndex(of: key) ?? baseKeys.firstIndex(of: key) { return found }
        }
        return nil
    }

    /// The column a user named: exact spelling first, then normalised.
    func column(named name: String) -> Int? {
        names.firstIndex(of: name) ?? names.firstIndex { $0.trimmingCharacters(in: .whitespaces) == name }
            ?? index(name)
    }

    func has(_ candidates: String...) -> Bool { candidates.allSatisfy { index($0) != nil } }

    /// The first column whose base key contains one of the words.
    func index(containing words: [String]) -> Int? {
        for (position, key) in baseKeys.enumerated() where words.contains(where: { key.contains($0) }) {
            return position
        }
        return nil
    }
}
