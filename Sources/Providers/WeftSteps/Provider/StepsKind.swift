import WeftCore
import WeftPrimitives

/// The `steps` provider kind: step counts (and distance, flights, active energy) from health exports, with goals,
/// streaks and averages.
public enum StepsKind: ProviderKind {
    public static let type = "steps"
    public static var schemaVersion: Int { StepsSnapshot.schemaVersion }
    public static var recordKinds: [String] { [StepArchive.recordKind] }

    public static let summary = "Step counts and activity from health-app exports: today, goals, streaks and averages."
    public static var fileKeys: [ConfigKey] { StepSettings.fileKeys }

    public static func defaultPrefix(instance: String) -> String { "__steps_" }

    /// The second prefix a steps snapshot answers: its activity prefix, when that does not already fall under the
    /// steps prefix (`__activity_` beside `__steps_`; `__walk_activity_` falls under `__walk_`).
    public static func extraPrefix(forPrefix prefix: String) -> String? {
        let activity = ActivityVariables.prefix(forStepsPrefix: prefix)
        return activity.hasPrefix(prefix) ? nil : activity
    }

    public static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        let steps = try context.decode(snapshot, as: StepsSnapshot.self)
        let context = context.viewing(recordedZone: steps.timeZone)
        var values = StepVariables.values(
            history: steps.history, access: steps.access, context: context, prefix: snapshot.prefix)
        values.merge(
            ActivityVariables.values(
                steps, context: context, prefix: ActivityVariables.prefix(forStepsPrefix: snapshot.prefix))
        ) { current, _ in current }
        return values
    }

    public static var card: BoardCard { .steps }

    /// The past year's heatmap and this month's calendar, today in the steps' zone.
    public static func figures(of snapshot: Snapshot, context: VariableContext) throws -> CardFigures? {
        let steps = try snapshot.decode(StepsSnapshot.self)
        let context = context.viewing(recordedZone: steps.timeZone)
        let today = StepDay(containing: context.now, in: context.timeZone)
        let (year, month, _) = today.components
        return CardFigures(
            pastYear: StepCalendarGrid.pastYear(history: steps.history, today: today).dayGrid,
            month: StepCalendarGrid.month(year: year, month: month, history: steps.history, today: today).dayGrid)
    }

    /// Today's goal met (``StepOccasions``).
    public static func occasions(of snapshot: Snapshot, query: OccasionQuery) throws -> [Occasion] {
        StepOccasions.occasions(try snapshot.decode(StepsSnapshot.self), snapshot: snapshot, query: query)
    }
}
