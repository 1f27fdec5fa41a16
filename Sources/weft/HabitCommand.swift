import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftHabits
import WeftPrimitives
import WeftStore

struct HabitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habit",
        abstract: "Import habit-tracker exports, mark habits done and look at streaks.",
        discussion: """
            identitybuilder's CSV export (Habit,Identity,Experiments,Schedule,CompletionDate) is recognised by its \
            header; other trackers need a column mapping (--habit-column, --date-column). Completions live in the \
            cache, so {{__habits_read_streak}} renders without reading any CSV. A provider file with \
            type = "habits" and files = ["~/exports/habits*.csv"] re-imports changed files on `weft refresh`.

            Habits you add or mark by hand are your own records: they belong to no provider file (renaming one \
            loses nothing), `weft backup` saves them, and `weft habit remove` puts one in the trash.

            Examples:
              weft habit import ~/Downloads/identitybuilder.csv --tz Europe/Berlin
              weft habit add Stretch --days mon,wed,fri --identity Athlete
              weft habit done "Exercise 30min"
              weft habit undo Read --date 2026-03-09
              weft habit rename Stretch "Stretch 10min"
              weft habit remove "Stretch 10min"
              weft habit list
            """,
        subcommands: [
            HabitImportCommand.self, HabitAddCommand.self, HabitDoneCommand.self, HabitUndoCommand.self,
            HabitRenameCommand.self, HabitRemoveCommand.self, HabitListCommand.self,
        ])
}

extension HabitsKind: CommandKind {
    static func settings(of instance: HabitsProvider?) -> HabitSettings { instance?.settings ?? HabitSettings() }
    static func missingSnapshot(_ catalog: Catalog, instance: String, cache: String) -> String {
        catalog.text(
            "no habits for \"{instance}\" in {cache}; run `weft habit import FILE…` or `weft habit done NAME` first",
            ["instance": instance, "cache": cache])
    }
}

/// Which habits instance a command works on, its settings, and the one transaction every write goes through.
typealias HabitInstanceOptions = InstanceOptions<HabitsKind>

extension InstanceOptions where Kind == HabitsKind {
    /// Changes the stored archive and rewrites the snapshot from it in one transaction through the cache's one
    /// writer, under the refresh lock, so a refresh of the same instance cannot write over the change.
    func update<T>(
        library: HabitLibrary, prefix: String, now: Date, trashAs: String? = nil,
        _ change: (inout HabitArchive) throws -> (changedFiles: [String], manual: Bool, result: T)
    ) throws -> (snapshot: HabitsSnapshot, result: T) {
        try HabitEdit(cacheDirectory: locations.resolved.cacheDirectory).commit(
            HabitEditor(library: library, prefix: prefix, now: now, trashAs: trashAs), change)
    }

    /// Applies a change that needs no day (add, rename, remove) to the stored habits; throws the change's problem.
    func manage(
        clock: ClockOptions, trashAs: String? = nil, _ change: (inout HabitArchive) -> String?
    ) throws -> HabitsSnapshot {
        let now = try clock.instant()
        let (library, prefix) = try library(clock: clock)
        let (habits, problem) = try update(library: library, prefix: prefix, now: now, trashAs: trashAs) { archive in
            let problem = change(&archive)
            return (changedFiles: [], manual: problem == nil, result: problem)
        }
        if let problem { throw CLIError(verbatim: problem) }
        return habits
    }
}

/// What `done` and `undo` share: the habit's name, `--date` (a day, `today` or `yesterday`), the clock and the instance.
struct HabitEditOptions: ParsableArguments {
    @Argument(help: "The habit's name.", completion: Completions.habits)
    var name: String

    @Option(
        help: ArgumentHelp(
            "The local day (yyyy-MM-dd, today or yesterday; default today in the instance's timezone, else --tz).",
            valueName: "date"))
    var date: String?

    @OptionGroup var clock: ClockOptions
    @OptionGroup var target: HabitInstanceOptions

    /// Resolves the instance, the zone and the day, then applies `change` to the stored archive with the habit the
    /// name finds (by slug, or by the same letters without accents: `mediter` finds "Méditer 🧘"; nil when none);
    /// the database is written only when `change` says it changed something.
    func edit<T>(
        _ change: (inout HabitArchive, _ habit: HabitState?, _ slug: String, _ completion: HabitCompletion) throws -> (
            changed: Bool, result: T
        )
    ) throws -> StoredHabitEdit<T> {
        let now = try clock.instant()
        let (library, prefix) = try target.library(clock: clock)
        let zone = library.zone
        let completion = try self.completion(now: now, zone: zone)
        var slug = HabitSlug.of(name)
        let (habits, result) = try target.update(library: library, prefix: prefix, now: now) { archive in
            let found = HabitLookup(habits: archive.states()).find(name)
            slug = found?.slug ?? slug
            let (changed, result) = try change(&archive, found, slug, completion)
            return (changedFiles: [], manual: changed, result: result)
        }
        let streak = habits.habit(slug).map { HabitStats.streak($0, today: LocalDay.containing(now, in: zone)) } ?? 0
        return StoredHabitEdit(
            habits: habits, slug: slug, name: habits.habit(slug)?.name ?? name, day: completion.day, streak: streak,
            result: result)
    }

    /// The day and, for today, the instant to record. A day after today is refused: a completion cannot happen
    /// before the day it is for.
    private func completion(now: Date, zone: TimeZone) throws -> HabitCompletion {
        let today = LocalDay.containing(now, in: zone)
        switch date?.lowercased() {
        case nil, "today"?: return HabitCompletion(day: today, at: now)
        case "yesterday"?: return HabitCompletion(day: today - 1)
        case let text?:
            guard let day = LocalDay.parse(text) else {
                throw ValidationError("--date \"\(text)\" is not a date like 2026-03-10, today or yesterday")
            }
            guard day <= today else {
                throw CLIError { catalog in
                    catalog.text(
                        "--date {date} is in the future (today is {today} in {zone})",
                        ["date": text, "today": LocalDay.iso(today), "zone": zone.identifier])
                }
            }
            return HabitCompletion(day: day, at: day == today ? now : nil)
        }
    }
}

/// A `done` or `undo` after it was stored: the habits as they are now and what the change returned.
struct StoredHabitEdit<T> {
    let habits: HabitsSnapshot
    let slug: String
    /// The habit's stored name, or the name given when it is unknown.
    let name: String
    let day: Int64
    let streak: Int
    let result: T
}
