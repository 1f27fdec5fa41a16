import WeftCore
import WeftPrimitives

/// The `habits` provider kind: completions from habit-tracker exports and `weft habit done`, with streaks.
public enum HabitsKind: ProviderKind {
    public static let type = "habits"
    public static var schemaVersion: Int { HabitsSnapshot.schemaVersion }
    public static var recordKinds: [String] { HabitArchive.recordKinds }

    public static let summary = "Habits from an export and kept by hand: done today, streaks and rates."
    public static var fileKeys: [ConfigKey] { HabitSettings.fileKeys }

    public static func defaultPrefix(instance: String) -> String { "__habits_" }

    public static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        HabitVariables.values(try snapshot.decode(HabitsSnapshot.self), context: context, prefix: snapshot.prefix)
    }

    public static var card: BoardCard { .habits }

    /// Each habit's week, today in the habits' zone.
    public static func figures(of snapshot: Snapshot, context: VariableContext) throws -> CardFigures? {
        let habits = try snapshot.decode(HabitsSnapshot.self)
        let context = context.viewing(recordedZone: habits.timeZone)
        let today = LocalDay.containing(context.now, in: context.timeZone)
        return CardFigures(weeks: habits.weeks(today: today))
    }

    /// Habits not done by a set time on a scheduled day (``HabitOccasions``).
    public static func occasions(of snapshot: Snapshot, query: OccasionQuery) throws -> [Occasion] {
        try HabitOccasions.occasions(try snapshot.decode(HabitsSnapshot.self), snapshot: snapshot, query: query)
    }
}
