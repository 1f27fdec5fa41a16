import ArgumentParser
import Foundation
import WeftCommandLine
import WeftHabits

struct HabitRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Move a habit kept by hand, with its completions, to the trash.",
        discussion: """
            The trash keeps it 30 days: `weft forget --list-trash` shows it and `weft forget --restore "habit NAME"` \
            brings it back. A habit that comes from an imported export is removed in the tracker that wrote it.

            Examples:
              weft habit remove mediter
            """)

    @Argument(help: "The habit's name.", completion: Completions.habits)
    var name: String

    @OptionGroup var clock: ClockOptions
    @OptionGroup var target: HabitInstanceOptions

    func run() throws {
        // The trash batch is named after the habit the stored snapshot finds, before the change runs.
        let instance = try target.resolve().instance
        let stored = (try? target.snapshot(instance)).flatMap { HabitLookup(habits: $0.habits).find(name) }
        let batch = "habit \(stored?.slug ?? HabitSlug.of(name))"
        var removed = name
        _ = try target.manage(clock: clock, trashAs: batch) { archive in
            let lookup = HabitLookup(habits: archive.states())
            guard let habit = lookup.find(name) else { return Self.unknown(name, lookup) }
            removed = habit.name
            return HabitEditor.remove(&archive, slug: habit.slug)
        }
        Stdout.line(
            ReaderLanguage.catalog.text(
                "{name}: moved to the trash (`weft forget --restore \"{batch}\"` brings it back)",
                ["name": removed, "batch": batch]))
    }

    /// The error for a name that finds no habit, with the closest names.
    static func unknown(_ name: String, _ lookup: HabitLookup) -> String {
        let close = lookup.closest(to: name)
        return "no habit \"\(name)\""
            + (close.isEmpty
                ? "; known: \(lookup.habits.map(\.name).joined(separator: ", "))"
                : "; did you mean \(close.map { "\"\($0)\"" }.joined(separator: " or "))?")
    }
}
