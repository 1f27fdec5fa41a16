import Foundation
import WeftPrimitives

/// Finds a habit by what the user typed: its slug first, then the same letters without accents or case
/// (`mediter` finds "Méditer 🧘"), and otherwise the closest names to offer (``NameMatch``).
public struct HabitLookup: Sendable {
    /// The habits to search.
    public var habits: [HabitState]

    /// A lookup over `habits`.
    public init(habits: [HabitState]) { self.habits = habits }

    /// The habit the text names: by slug, else the one habit whose folded name or slug equals the folded text.
    public func find(_ text: String) -> HabitState? {
        let slug = HabitSlug.of(text)
        if let exact = habits.first(where: { $0.slug == slug }) { return exact }
        let folded = NameMatch.fold(text)
        let matches = habits.filter { NameMatch.fold($0.name) == folded || NameMatch.fold($0.slug) == folded }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Up to three names close to the text, closest first.
    public func closest(to text: String) -> [String] { NameMatch.closest(to: text, among: habits.map(\.name)) }
}
