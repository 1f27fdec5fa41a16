import ArgumentParser
import Foundation
import WeftCore
import WeftHabits
import WeftPrimitives

struct HabitDoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark a habit done today (or on --date) and print its streak.",
        discussion: """
            The habit is matched by its slug (`exercise 30min` finds "Exercise 30min"); a name never seen before \
            starts a new habit scheduled every day. Marking a day done again changes nothing.

            Examples:
              weft habit done Read
              weft habit done "Exercise 30min" --date yesterday
            """)

    @OptionGroup var habit: HabitEditOptions

    func run() throws {
        let edit = try habit.edit { archive, slug, completion in
            (true, HabitEditor.markDone(&archive, name: habit.name, slug: slug, completion))
        }
        if !edit.result {
            let others = edit.habits.habits.filter { $0.slug != edit.slug }.map(\.name)
            Stderr.line(
                "weft: new habit \"\(habit.name)\" (\(edit.slug)), scheduled every day"
                    + (others.isEmpty ? "" : "; known: \(others.joined(separator: ", "))"))
        }
        print("\(edit.name): done \(LocalDay.iso(edit.day)), streak \(edit.streak)")
    }
}
