import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftHabits
import WeftPrimitives

struct HabitDoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark a habit done today (or on --date) and print its streak.",
        discussion: """
            The habit is matched by its slug (`exercise 30min` finds "Exercise 30min") or by its letters without \
            accents (`mediter` finds "Méditer 🧘"). A name that matches no habit is an error that offers the \
            closest names, so a typo never makes a habit; --create starts a new one (scheduled every day; `weft \
            habit add` sets its days). --date takes today, yesterday or a date, never a day to come. Marking a \
            day done again changes nothing.

            Examples:
              weft habit done Read
              weft habit done "Exercise 30min" --date yesterday
              weft habit done Stretch --create
            """)

    @Flag(help: "Start a new habit when the name matches none.")
    var create = false

    @OptionGroup var habit: HabitEditOptions

    func run() throws {
        let edit = try habit.edit { archive, found, slug, completion -> (changed: Bool, result: String?) in
            guard found != nil || create else {
                let states = archive.states()
                let close = HabitLookup(habits: states).closest(to: habit.name)
                var message = "no habit \"\(habit.name)\""
                if !close.isEmpty {
                    message += "; did you mean \(close.map { "\"\($0)\"" }.joined(separator: " or "))?"
                } else if !states.isEmpty {
                    message += "; known: \(states.map(\.name).joined(separator: ", "))"
                }
                return (false, message + " (--create starts a new habit)")
            }
            _ = HabitEditor.markDone(&archive, name: found?.name ?? habit.name, slug: slug, completion)
            return (true, found == nil ? "new" : nil)
        }
        let catalog = ReaderLanguage.catalog
        switch edit.result {
        case "new"?:
            Stderr.line(
                "weft: "
                    + catalog.text(
                        "new habit \"{name}\" ({slug}), scheduled every day", ["name": habit.name, "slug": edit.slug]))
        case let problem?:
            Stderr.line("weft: \(problem)")
            throw ExitCode(1)
        case nil: break
        }
        Stdout.line(
            catalog.text(
                "{name}: done {day}, streak {streak}",
                ["name": edit.name, "day": LocalDay.iso(edit.day), "streak": "\(edit.streak)"]))
    }
}
