import ArgumentParser
import Foundation
import WeftCommandLine
import WeftHabits

struct HabitRenameCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a habit kept by hand; its completions and days go along.",
        discussion: """
            Its variables take the new name's slug (`__habits_stretch_10min_streak`). A habit that comes from an \
            imported export is renamed in the tracker that wrote it.

            Examples:
              weft habit rename Stretch "Stretch 10min"
            """)

    @Argument(help: "The habit's name now.", completion: Completions.habits)
    var name: String

    @Argument(help: "Its new name.")
    var newName: String

    @OptionGroup var clock: ClockOptions
    @OptionGroup var target: HabitInstanceOptions

    func run() throws {
        var oldName = name
        _ = try target.manage(clock: clock) { archive in
            let lookup = HabitLookup(habits: archive.states())
            guard let habit = lookup.find(name) else { return HabitRemoveCommand.unknown(name, lookup) }
            oldName = habit.name
            return HabitEditor.rename(&archive, slug: habit.slug, to: newName)
        }
        Stdout.line(
            ReaderLanguage.catalog.text(
                "{old}: renamed to {new} ({slug})", ["old": oldName, "new": newName, "slug": HabitSlug.of(newName)]))
    }
}
