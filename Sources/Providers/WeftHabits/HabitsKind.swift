import WeftCore
import WeftPrimitives

/// The `habits` provider kind: completions from habit-tracker exports and `weft habit done`, with streaks.
public enum HabitsKind: ProviderKind {
    public static let type = "habits"
    public static var schemaVersion: Int { HabitsSnapshot.schemaVersion }
    public static var recordKinds: [String] { [ManualCompletions.recordKind] }

    public static func defaultPrefix(instance: String) -> String { "__habits_" }

    public static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        let settings = try HabitSettings(config: config)
        let prefix = try config.prefix(default: defaultPrefix(instance: config.instance))
        let interval = try config.interval(default: .seconds(300), minimum: .seconds(10))
        return HabitsProvider(
            instance: config.instance, prefix: prefix, settings: settings,
            interval: DurationText.seconds(interval))
    }

    public static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        HabitVariables.values(try snapshot.decode(HabitsSnapshot.self), context: context, prefix: snapshot.prefix)
    }
}
