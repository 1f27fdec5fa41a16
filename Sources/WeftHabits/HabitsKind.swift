import Foundation
import WeftCore
import WeftPrimitives

/// The `habits` provider kind: completions from habit-tracker exports and `weft habit done`, with streaks.
public enum HabitsKind: ProviderKind {
    public static let type = "habits"
    public static var schemaVersion: Int { HabitsSnapshot.schemaVersion }

    public static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        let settings = try HabitSettings(config: config)
        let prefix = try config.string("prefix") ?? "__habits_"
        guard !prefix.isEmpty, prefix == prefix.lowercased(), !prefix.contains(" ") else {
            throw config.invalid("prefix", "must be non-empty, lower-case and without spaces, e.g. \"__habits_\"")
        }
        let interval = try config.duration("interval") ?? .seconds(300)
        guard interval >= .seconds(10) else { throw config.invalid("interval", "must be at least 10 s") }
        return HabitsProvider(
            instance: config.instance, prefix: prefix, settings: settings,
            interval: DurationText.seconds(interval))
    }

    public static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        HabitVariables.values(try snapshot.decode(HabitsSnapshot.self), context: context, prefix: snapshot.prefix)
    }
}
