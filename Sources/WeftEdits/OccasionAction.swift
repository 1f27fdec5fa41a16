import Foundation
import WeftAlarms
import WeftCore

/// A button pressed on an alarm's or timer's notification, run through the same edits as the commands: what the
/// notifier calls with the action's id and the occasion's ``Occasion/fields``.
public struct OccasionAction: Sendable {
    /// The cache the change goes to.
    public var cacheDirectory: String

    /// Actions on the database in `cacheDirectory`.
    public init(cacheDirectory: String) { self.cacheDirectory = cacheDirectory }

    /// What pressing a button did, for a log line or a replacing notification.
    public enum Outcome: Sendable, Equatable {
        /// The alarm is snoozed until the instant.
        case snoozed(label: String, until: Date)
        /// The alarm's occurrence is dismissed.
        case dismissed(label: String)
        /// The timer is stopped and gone.
        case stopped(label: String)
        /// The timer runs again from its first round, ending its round at the instant.
        case restarted(label: String, endsAt: Date)
        /// Not an action of an alarm or a timer (the notifier handles `open` and the other kinds itself).
        case notMine
    }

    /// Runs `action` (`snooze`, `dismiss`, `stop`, `restart`) on the alarm or timer the `fields` name (`alarm` or
    /// `timer`, and `instance`) at `now`. A refusal (the alarm stopped ringing meanwhile) throws ``AlarmError``.
    public func perform(_ action: String, fields: [String: String], at now: Date) throws -> Outcome {
        if let alarm = fields["alarm"] {
            let edit = AlarmEdit(cacheDirectory: cacheDirectory, instance: fields["instance"] ?? AlarmsKind.type)
            switch action {
            case "snooze":
                let snoozed = try edit.snooze(alarm, at: now)
                return .snoozed(label: snoozed.label, until: snoozed.snoozed?.until ?? now)
            case "dismiss": return .dismissed(label: try edit.dismiss(alarm, at: now).label)
            default: return .notMine
            }
        }
        if let timer = fields["timer"] {
            let edit = TimerEdit(cacheDirectory: cacheDirectory, instance: fields["instance"] ?? TimersKind.type)
            switch action {
            case "stop": return .stopped(label: try edit.stop(timer, at: now).label)
            case "restart":
                let restarted = try edit.restart(timer, at: now)
                return .restarted(label: restarted.label, endsAt: restarted.roundEnd(at: now) ?? now)
            default: return .notMine
            }
        }
        return .notMine
    }
}
