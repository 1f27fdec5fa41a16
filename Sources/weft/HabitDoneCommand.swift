import ArgumentParser
import Foundation
import WeftCore
import WeftHabits

struct HabitDoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done",
        abstract: "Mark a habit done today (or on --date) and print its streak.",
        discussion: """
            The habit is matched by its slug (`exercise 30min` finds "Exercise 30min"); a name never seen before
            starts a new habit scheduled every day. Marking a day done again changes nothing.

            Examples:
              weft habit done Read
              weft habit done "Exercise 30min" --date yesterday
            """)

    @Argument(help: "The habit's name.")
    var name: String

    @OptionGroup var day: HabitDateOption
    @OptionGroup var clock: ClockOptions
    @OptionGroup var target: HabitInstanceOptions

    func run() throws {
        let now = try clock.instant()
        var (instance, prefix, settings) = try target.resolve()
        let zone = try clock.habitZone(&settings)
        let completion = try day.completion(now: now, zone: zone)
        let slug = HabitSlug.of(name)
        let library = HabitLibrary(instance: instance, settings: settings, timeZone: zone)
        let (habits, known) = try target.update(library: library, prefix: prefix, now: now) { archive in
            let known = archive.states().first { $0.slug == slug }
            archive.manual.markDone(known?.name ?? name, completion)
            return ([], true, known != nil)
        }
        if !known {
            let others = habits.habits.filter { $0.slug != slug }.map(\.name)
            Stderr.line(
                "weft: new habit \"\(name)\" (\(slug)), scheduled every day"
                    + (others.isEmpty ? "" : "; known: \(others.joined(separator: ", "))"))
        }
        let today = HabitDay.containing(now, in: zone)
        let streak = habits.habit(slug).map { HabitStats.streak($0, today: today) } ?? 0
        print("\(habits.habit(slug)?.name ?? name): done \(HabitDay.iso(completion.day)), streak \(streak)")
    }
}
