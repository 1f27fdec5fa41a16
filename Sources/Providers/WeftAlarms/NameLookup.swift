import Foundation
import WeftPrimitives

/// Finds an alarm or timer by what the user typed: its id, else its label without accents or case, and otherwise
/// the closest labels to offer (``NameMatch``, as `weft habit` finds habits).
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
    func closest(to text: String) -> [String] { NameMatch.closest(to: text, among: entries.map(\.label)) }

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

    static func fold(_ text: String) -> String { NameMatch.fold(text) }
}
