import Foundation

/// How weft matches a name the user typed against the names it keeps (habits, alarms, timers): the same letters
/// without accents or case, and otherwise the closest names to offer.
public enum NameMatch {
    /// Lower-cased ASCII letters and digits only, accents dropped: what two spellings of one name share
    /// (`Méditer 🧘` and `mediter`).
    public static func fold(_ text: String) -> String {
        let plain = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        return String(
            plain.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
                .map(Character.init))
    }

    /// Up to three of `names` close to `text`, closest first: those containing it or contained in it, then those
    /// within a few edits.
    public static func closest(to text: String, among names: [String]) -> [String] {
        let folded = fold(text)
        let scored = names.map { name -> (Int, String) in
            let candidate = fold(name)
            let distance =
                candidate.contains(folded) || folded.contains(candidate) ? 0 : self.distance(candidate, folded)
            return (distance, name)
        }
        let limit = max(2, folded.count / 3)
        return scored.filter { $0.0 <= limit }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(3).map(\.1)
    }

    /// Levenshtein distance, over at most 64 characters of each (names are short; the bound keeps it linear).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64))
        let b = Array(b.prefix(64))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
