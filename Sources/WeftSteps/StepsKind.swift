import Foundation
import WeftCore
import WeftPrimitives

/// The `steps` provider kind: step counts from CSV exports, with goals, streaks and averages.
public enum StepsKind: ProviderKind {
    public static let type = "steps"
    public static var schemaVersion: Int { StepsSnapshot.schemaVersion }

    public static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        let settings = try StepSettings(config: config)
        let prefix = try config.string("prefix") ?? "__steps_"
        guard !prefix.isEmpty, prefix == prefix.lowercased(), !prefix.contains(" ") else {
            throw config.invalid("prefix", "must be non-empty, lower-case and without spaces, e.g. \"__steps_\"")
        }
        let interval = try config.duration("interval") ?? .seconds(300)
        guard interval >= .seconds(10) else { throw config.invalid("interval", "must be at least 10 s") }
        return StepsProvider(
            instance: config.instance, prefix: prefix, settings: settings,
            interval: DurationText.seconds(interval))
    }

    public static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        let steps = try snapshot.decode(StepsSnapshot.self)
        return StepVariables.values(
            history: steps.history, access: steps.access, context: context, prefix: snapshot.prefix)
    }
}
