import Foundation

// TODO(lead): HabitLookup (WeftHabits) folds and measures names the same way; both could share one owner in
// WeftPrimitives once the branches are merged (moving it now would rebuild every module on every branch).

/// Finds an alarm or timer by what the user typed: its id, else its label without accents or case, and otherwise
/// the closest labels to offer (as `weft habit` finds habits).
struct NameLookup {
    /// (id, label) of each.
    var entries: [(id: String, label: String)]
    /// `alarm` or `timer`, for messages.
    var what: String

    /// The id the text names, or why none.
    func find(_ text: String) throws(AlarmError) -> String {
        if let exact = entries.first(where: { $0.id == text }) { return exact.id }
        let folded = Self.fold(text)
        let matches = entries.filter { Self.fold($0.label) == folded || Self.fold($0.id) == folded }
        if matches.count == 1 { return matches[0].id }
        if matches.count > 1 { throw .ambiguous(what: what, name: text, ids: matches.map(\.id).sorted()) }
        throw .notFound(what: what, name: text, closest: closest(to: text), known: entries.map(\.label).sorted())
    }

    /// Up to three labels close to the text, closest first.
    func closest(to text: String) -> [String] {
        let folded = Self.fold(text)
        let scored = entries.map { entry -> (Int, String) in
            let name = Self.fold(entry.label)
            let distance = name.contains(folded) || folded.contains(name) ? 0 : Self.distance(name, folded)
            return (distance, entry.label)
        }
        let limit = max(2, folded.count / 3)
        return scored.filter { $0.0 <= limit }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.prefix(3).map(\.1)
    }

    /// A new id from a label: its folded letters (`wake`), else `what`, with a number when taken.
    func newID(for label: String) -> String {
        var base = String(Self.fold(label).prefix(32))
        if base.isEmpty { base = what }
        let taken = Set(entries.map(\.id))
        if !taken.contains(base) { return base }
        var number = 2
        while taken.contains("\(base)-\(number)") { number += 1 }
        return "\(base)-\(number)"
    }

    /// Lower-cased ASCII letters and digits only, accents dropped.
    static func fold(_ text: String) -> String {
        let plain = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        return String(
            plain.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
                .map(Character.init))
    }

    /// Levenshtein distance over at most 64 characters of each.
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
