import ArgumentParser
import Foundation
import WeftCore
import WeftHabits

struct HabitUndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back a habit's completion today (or on --date); exit 1 when it was not done.",
        discussion: """
            A completion recorded with `weft habit done` is removed. A completion that came from an imported export
            is hidden: the day stays not done even when the export is imported again, until `weft habit done`
            marks it again.

            Examples:
              weft habit undo Read
              weft habit undo "Exercise 30min" --date 2026-03-09
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
        let day = try self.day.completion(now: now, zone: zone).day
        let slug = HabitSlug.of(name)
        let library = HabitLibrary(instance: instance, settings: settings, timeZone: zone)
        let (habits, outcome) = try target.update(library: library, prefix: prefix, now: now) {
            archive -> (changedFiles: [String], manual: Bool, result: String?) in
            let states = archive.states()
            guard states.contains(where: { $0.slug == slug }) else {
                return ([], false, "no habit \"\(name)\"; known: \(states.map(\.name).joined(separator: ", "))")
            }
            guard archive.manual.undo(slug, day: day, imported: archive.isImported(slug, day: day)) else {
                return ([], false, "\(name) was not done on \(HabitDay.iso(day))")
            }
            return ([], true, nil)
        }
        if let outcome {
            Stderr.line("weft: \(outcome)")
            throw ExitCode(1)
        }
        let streak = habits.habit(slug).map { HabitStats.streak($0, today: HabitDay.containing(now, in: zone)) } ?? 0
        print("\(habits.habit(slug)?.name ?? name): not done \(HabitDay.iso(day)), streak \(streak)")
    }
}
