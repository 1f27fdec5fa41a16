import Foundation
import WeftCore
import WeftHabits
import WeftPrimitives
import WeftRefresh
import WeftStore

/// Marks a habit done today or takes today's completion back, in whichever cached instance has it: the
/// dashboard's habit buttons, which know a habit only by its name in the page.
public struct HabitToday: Sendable {
    /// The database and provider files.
    public var workspace: Workspace
    /// The kinds the provider files are read with.
    public var registry: ProviderRegistry

    /// Changes to the database of `workspace`.
    public init(workspace: Workspace, registry: ProviderRegistry) {
        self.workspace = workspace
        self.registry = registry
    }

    /// The habit after a change: its name, whether it is done today, its streak and why the change could not be
    /// made (an undo of a day not done), as the dashboard's script reads it.
    public struct Answer: Encodable, Sendable {
        /// The habit's name.
        public var habit: String
        /// Whether today is done.
        public var done: Bool
        /// The streak after the change.
        public var streak: Int
        /// Why nothing changed, when nothing did.
        public var problem: String?
    }

    /// The slug a habit's name is found by.
    public static func slug(_ name: String) -> String { HabitSlug.of(name) }

    /// Marks the habit named `name` (by its slug) done today (`done`) or takes today back, at `now`; today is in the
    /// instance's timezone, else `zone` (``ZoneRule/general``). Nil when no cached habits instance has such a habit.
    public func mark(_ name: String, done: Bool, at now: Date, zone: TimeZone) throws -> Answer? {
        let slug = Self.slug(name)
        // Configured instances use their settings; one `weft habit done` made without a provider file, the defaults.
        // An unreadable providers directory is an error, not "no settings".
        let (store, set) = try workspace.openWithProviders(registry: registry)
        let cacheDirectory = workspace.locations.cacheDirectory
        var providers: [String: HabitsProvider] = [:]
        for entry in set.entries {
            if let provider = entry.provider as? HabitsProvider { providers[entry.config.instance] = provider }
        }
        for info in try store.snapshotInfos() where info.kind == HabitsKind.type {
            guard let snapshot = try store.snapshot(info.instance),
                let habits = try? snapshot.decode(HabitsSnapshot.self), let habit = habits.habit(slug)
            else { continue }
            let settings = providers[info.instance]?.settings ?? HabitSettings()
            // The zone `weft habit done` and the variables use (ZoneRule): the instance's timezone, else the board's.
            let library = HabitLibrary(instance: info.instance, settings: settings, timeZone: zone)
            let editor = HabitEditor(
                library: library, prefix: providers[info.instance]?.prefix ?? info.prefix, now: now)
            let today = LocalDay.containing(now, in: library.zone)
            let outcome = try HabitEdit(cacheDirectory: cacheDirectory).commit(editor) { archive in
                if done {
                    _ = HabitEditor.markDone(
                        &archive, name: habit.name, slug: slug, HabitCompletion(day: today, at: now))
                    return (changedFiles: [], manual: true, result: String?.none)
                }
                let problem = HabitEditor.undo(&archive, name: habit.name, slug: slug, day: today)
                return (changedFiles: [], manual: problem == nil, result: problem)
            }
            let state = outcome.snapshot.habit(slug)
            return Answer(
                habit: state?.name ?? habit.name, done: state?.isDone(today) ?? false,
                streak: state.map { HabitStats.streak($0, today: today) } ?? 0, problem: outcome.result)
        }
        return nil
    }
}
