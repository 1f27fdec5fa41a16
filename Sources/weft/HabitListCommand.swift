import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftHabits
import WeftPrimitives

struct HabitListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List habits with their streak, this week (Monday first) and 7- and 30-day completion rates.",
        discussion: """
            The same numbers as the __habits_* variables, computed at --now. In the week, ✓ is done, · scheduled \
            and not done, and a blank is a day off, a day to come or a day before the first completion.

            Examples:
              weft habit list
              weft habit list --json | jq '.[] | select(.done_today == false) | .name'
            """)

    @Flag(help: "Print JSON: [{\"name\", \"slug\", \"identity\", \"experiments\", \"schedule\", \"streak\", …}].")
    var json = false

    @OptionGroup var clock: ClockOptions
    @OptionGroup var target: HabitInstanceOptions

    func run() throws {
        let (instance, _, _) = try target.resolve()
        let snapshot = try target.snapshot(instance)
        let zone = try clock.zones().zone(recorded: snapshot.timeZone)
        let now = try clock.instant()
        let today = LocalDay.containing(now, in: zone)
        if json {
            // Keys in the order the help lists them.
            let objects = snapshot.habits.map { habit -> JSONValue in
                var pairs: [(key: String, value: JSONValue)] = [
                    ("name", .string(habit.name)), ("slug", .string(habit.slug)), ("identity", .string(habit.identity)),
                    ("experiments", .array(habit.experiments.map { .string($0) })),
                    ("schedule", .string(habit.schedule.digits)),
                    ("streak", .int(HabitStats.streak(habit, today: today))),
                    ("done_today", .bool(habit.isDone(today))),
                    ("scheduled_today", .bool(habit.schedule.contains(day: today))),
                    ("completions", .array(habit.completions.map { .string(LocalDay.iso($0.day)) })),
                ]
                for length in [7, 30] {
                    pairs.append(
                        (
                            "rate_\(length)",
                            HabitStats.rate(habit, today: today, length: length).map { .int($0) } ?? .null
                        ))
                }
                return .object(pairs)
            }
            JSONText.print(.array(objects))
            return
        }
        let catalog = ReaderLanguage.catalog
        let monday = LocalDay.weekStart(today)
        let width = snapshot.habits.map(\.name.count).max() ?? 0
        let lines = snapshot.habits.map { habit in
            let week = (0..<7).map { offset -> String in
                let day = monday + Int64(offset)
                if habit.isDone(day) { return "✓" }
                // Before its first completion the habit may not have existed: no day there counts as missed.
                let counted = day <= today && day >= (habit.completions.first?.day ?? today)
                return habit.schedule.contains(day: day) && counted ? "·" : " "
            }.joined()
            let rates = [7, 30].map { length in
                HabitStats.rate(habit, today: today, length: length).map { "\($0)%" } ?? "–"
            }
            let name = habit.name + String(repeating: " ", count: max(0, width - habit.name.count))
            let figures = catalog.text(
                "streak {streak}  7d {week}  30d {month}",
                ["streak": "\(HabitStats.streak(habit, today: today))", "week": rates[0], "month": rates[1]])
            return "\(name)  \(week)  " + figures
        }
        // The week's initials, Monday first, one letter each (the columns of ✓ and · below them).
        let initials = catalog.text("MTWTFSS")
        Stdout.line(
            lines.isEmpty
                ? catalog.text("No habits")
                : "\(String(repeating: " ", count: width))  \(initials)\n" + lines.joined(separator: "\n"))
    }
}
