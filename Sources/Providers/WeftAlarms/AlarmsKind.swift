import Foundation
import WeftCore

/// The snapshot of the `alarms` kind: every alarm, as the records hold them. It is rebuilt with each change in the
/// change's transaction and never goes stale; what is due, ringing or next is derived at read time.
public struct AlarmsSnapshot: RecordPayload {
    /// The payload version.
    public static let schemaVersion = 1
    /// The alarms, sorted by time of day.
    public var alarms: [Alarm]

    /// A snapshot of `book`.
    public init(_ book: AlarmBook) { alarms = book.sorted }
}

/// The snapshot of the `timers` kind: every timer, as the records hold them.
public struct TimersSnapshot: RecordPayload {
    /// The payload version.
    public static let schemaVersion = 1
    /// The timers, oldest first.
    public var timers: [CountdownTimer]

    /// A snapshot of `book`.
    public init(_ book: TimerBook) { timers = book.sorted }
}

/// The `alarms` provider kind: alarms kept as the user's own records (instance `alarms` without a file).
public enum AlarmsKind: RecordKind {
    public static let type = "alarms"
    public static let summary =
        "Your alarms, kept by weft alarm: the next one, its countdown and the one ringing. It needs no file."
    public static func defaultPrefix(instance: String) -> String { "__alarms_" }
    public static var card: BoardCard { .alarms }

    public static func variables(_ payload: AlarmsSnapshot, context: VariableContext, prefix: String) -> [String:
        String]
    {
        AlarmVariables.values(payload, context: context, prefix: prefix)
    }

    public static func figures(_ payload: AlarmsSnapshot, context: VariableContext) -> CardFigures? {
        CardFigures(alarms: AlarmFigures.alarms(payload, context: context))
    }

    public static func occasions(_ payload: AlarmsSnapshot, instance: String, query: OccasionQuery) -> [Occasion] {
        AlarmOccasions.alarms(payload, instance: instance, query: query)
    }
}

/// The `timers` provider kind: timers kept as the user's own records, like ``AlarmsKind`` (instance `timers`).
public enum TimersKind: RecordKind {
    public static let type = "timers"
    public static let summary =
        "Your timers, kept by weft timer: the time left, the round and the state. It needs no file."
    public static func defaultPrefix(instance: String) -> String { "__timer_" }
    /// `remaining` and `fraction` change every second.
    public static var countsSeconds: Bool { true }
    public static var card: BoardCard { .timers }

    public static func variables(_ payload: TimersSnapshot, context: VariableContext, prefix: String) -> [String:
        String]
    {
        TimerVariables.values(payload, context: context, prefix: prefix)
    }

    public static func figures(_ payload: TimersSnapshot, context: VariableContext) -> CardFigures? {
        CardFigures(timers: AlarmFigures.timers(payload, context: context))
    }

    public static func occasions(_ payload: TimersSnapshot, instance: String, query: OccasionQuery) -> [Occasion] {
        AlarmOccasions.timers(payload, instance: instance, query: query)
    }
}
