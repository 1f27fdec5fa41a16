import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftHabits
import WeftPrimitives

struct HabitImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import habit-tracker CSV exports into the cache.",
        discussion: """
            Importing a file again replaces what it said before; completions recorded with `weft habit done` are \
            kept. Completion times become local days in the instance's timezone (else --tz, else $TZ), so \
            2024-10-09T23:30:00Z counts for 10 October in Europe/Berlin. Rows that cannot be read are skipped and \
            reported with file and line.

            Examples:
              weft habit import identitybuilder-export.csv --tz Europe/Berlin
              weft habit import numu.csv --habit-column "Habit Name" --date-column Date
            """)

    @Argument(help: ArgumentHelp("CSV exports to import.", valueName: "file"))
    var files: [String]

    @Option(help: ArgumentHelp("The column with the habit's name (a generic export).", valueName: "name"))
    var habitColumn: String?

    @Option(help: ArgumentHelp("The column with the completion date or time (a generic export).", valueName: "name"))
    var dateColumn: String?

    @Option(
        help: ArgumentHelp("The column with the schedule, weekday digits 0–6 (a generic export).", valueName: "name"))
    var scheduleColumn: String?

    @OptionGroup var clock: ClockOptions

    @OptionGroup var target: HabitInstanceOptions

    func run() throws {
        let now = try clock.instant()
        let (library, prefix) = try target.library(clock: clock)
        var format: HabitFormat?
        if habitColumn != nil || dateColumn != nil || scheduleColumn != nil {
            guard let habitColumn, let dateColumn else {
                throw ValidationError("a generic export needs both --habit-column and --date-column")
            }
            format = .generic(HabitColumns(habit: habitColumn, date: dateColumn, schedule: scheduleColumn))
        }
        let imports: [HabitImport]
        do {
            imports = try library.read(files, format: format)
        } catch {
            throw CLIError(verbatim: ErrorText.words(error))
        }
        let (habits, _) = try target.update(library: library, prefix: prefix, now: now) { archive in
            for result in imports { archive.merge(result) }
            return (imports.map(\.file), false, ())
        }
        let issues = imports.flatMap(\.issues)
        let catalog = ReaderLanguage.catalog
        ImportSummary.skipped(issues, count: issues.count, in: catalog)
        let rows = imports.map(\.rowCount).reduce(0, +) - issues.count
        let today = LocalDay.containing(now, in: library.zone)
        let due = habits.habits.filter { $0.schedule.contains(day: today) }
        let done = due.filter { $0.isDone(today) }.count
        Stderr.line(
            catalog.text(
                "{imported} {from} into {instance}: {habits}, {done}",
                [
                    "imported": ImportSummary.rows(rows, in: catalog),
                    "from": ImportSummary.files(files.count, in: catalog), "instance": library.instance,
                    "habits": catalog.plural(
                        "{count} habit", "{count} habits", count: habits.habits.count,
                        ["count": "\(habits.habits.count)"]),
                    "done": catalog.plural(
                        "{done} of {count} due today done", "{done} of {count} due today done", count: due.count,
                        ["done": "\(done)", "count": "\(due.count)"]),
                ]))
    }
}
