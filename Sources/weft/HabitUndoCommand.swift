import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftHabits
import WeftPrimitives

struct HabitUndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back a habit's completion today (or on --date); exit 1 when it was not done.",
        discussion: """
            A completion recorded with `weft habit done` is removed. A completion that came from an imported export \
            is hidden: the day stays not done even when the export is imported again, until `weft habit done` \
            marks it again.

            Examples:
              weft habit undo Read
              weft habit undo "Exercise 30min" --date 2026-03-09
            """)

    @OptionGroup var habit: HabitEditOptions

    func run() throws {
        let edit = try habit.edit { archive, _, slug, completion -> (changed: Bool, result: String?) in
            let problem = HabitEditor.undo(&archive, name: habit.name, slug: slug, day: completion.day)
            return (problem == nil, problem)
        }
        if let problem = edit.result {
            Stderr.line("weft: \(problem)")
            throw ExitCode(1)
        }
        Stdout.line(
            ReaderLanguage.catalog.text(
                "{name}: not done {day}, streak {streak}",
                ["name": edit.name, "day": LocalDay.iso(edit.day), "streak": "\(edit.streak)"]))
    }
}
