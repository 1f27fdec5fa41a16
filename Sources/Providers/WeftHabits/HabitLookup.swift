import Foundation

/// Finds a habit by what the user typed: its slug first, then the same letters without accents or case
/// (`mediter` finds "Méditer 🧘"), and otherwise the closest names to offer.
public struct HabitLookup: Sendable {
    /// The habits to search.
    public var habits: [HabitState]

    /// A lookup over `habits`.
    public init(habits: [HabitState]) { self.habits = habits }

    /// The habit the text names: by slug, else the one habit whose folded name or slug equals the folded text.
    public func find(_ text: String) -> HabitState? {
        let slug = HabitSlug.of(text)
        if let exact = habits.first(where: { $0.slug == slug }) { return exact }
        let folded = Self.fold(text)
        let matches = habits.filter { Self.fold($0.name) == folded || Self.fold($0.slug) == folded }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Up to three names close to the text, closest first.
    public func closest(to text: String) -> [String] {
        let folded = Self.fold(text)
        let scored = habits.map { habit -> (Int, String) in
            let name = Self.fold(habit.name)
            let distance = name.contains(folded) || folded.contains(name) ? 0 : Self.distance(name, folded)
            return (distance, habit.name)
        }
        let limit = max(2, folded.count / 3)
        return scored.filter { $0.0 <= limit }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(3).map(\.1)
    }

    /// Lower-cased ASCII letters and digits only, accents dropped: what two spellings of one name share.
    static func fold(_ text: String) -> String {
        let plain = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        return String(plain.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
            .map(Character.init))
    }

    /// Levenshtein distance, over at most 64 characters of each (names are short; the bound keeps it linear).
    static func distance(_ a: String, _ b: String) -> Int {
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
