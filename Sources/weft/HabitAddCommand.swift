import ArgumentParser
import Foundation
import WeftCommandLine
import WeftHabits
import WeftPrimitives

struct HabitAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a habit kept by hand, with the days it is scheduled on.",
        discussion: """
            Examples:
              weft habit add Read
              weft habit add Stretch --days mon,wed,fri --identity Athlete
            """)

    @Argument(help: "The habit's name.")
    var name: String

    @Option(
        help: ArgumentHelp(
            "The days it is scheduled on: mon,wed,fri, weekday digits (0 = Sunday) or daily.",
            valueName: "days"))
    var days: String?

    @Option(help: ArgumentHelp("The identity it serves (identitybuilder's column).", valueName: "text"))
    var identity: String?

    @OptionGroup var clock: ClockOptions
    @OptionGroup var target: HabitInstanceOptions

    func validate() throws {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty, name.count <= 200 else {
            throw ValidationError("the name must have 1 to 200 characters")
        }
        if let days, HabitSchedule(text: days) == nil {
            throw ValidationError("--days \"\(days)\" is not a list of weekdays like mon,wed,fri")
        }
    }

    func run() throws {
        let schedule = days.flatMap(HabitSchedule.init(text:))
        let habits = try target.manage(clock: clock) { archive in
            HabitEditor.add(&archive, name: name, schedule: schedule, identity: identity)
        }
        let slug = HabitSlug.of(name)
        let catalog = ReaderLanguage.catalog
        Stdout.line(
            catalog.plural(
                "{name}: added ({slug}), scheduled {days}; {count} habit",
                "{name}: added ({slug}), scheduled {days}; {count} habits", count: habits.habits.count,
                ["name": name, "slug": slug, "days": days ?? catalog.text("every day")]))
    }
}
