import Foundation
import WeftAlarms
import WeftCore
import WeftStore

/// A change to the user's alarms (instance `alarms` without a provider file); see ``RecordEdit``.
public typealias AlarmEdit = RecordEdit<AlarmsKind>

/// A change to the user's timers (instance `timers` without a provider file); see ``RecordEdit``.
public typealias TimerEdit = RecordEdit<TimersKind>

extension RecordEdit where Kind == AlarmsKind {
    /// Adds an alarm; see ``AlarmBook/add(label:schedule:preAlert:snooze:at:)``.
    public func add(
        label: String, schedule: AlarmSchedule, preAlert: Int?, snooze: Int, at now: Date
    ) throws -> Alarm {
        try apply(at: now) { book in
            try book.add(label: label, schedule: schedule, preAlert: preAlert, snooze: snooze, at: now)
        }
    }

    /// Removes the alarm `name` (label or id); its record goes to the trash as `alarm LABEL`.
    public func remove(_ name: String, at now: Date) throws -> Alarm {
        let label = try (try? CacheStore.openForReading(directory: cacheDirectory)).map { store in
            try AlarmBook(records: try store.userRecords(kind: AlarmBook.recordKind)).find(name).label
        }
        return try apply(at: now, trashAs: "alarm \(label ?? name)") { book in try book.remove(name) }
    }

    /// Turns the alarm `name` on or off.
    public func setEnabled(_ name: String, _ enabled: Bool, at now: Date) throws -> Alarm {
        try apply(at: now) { book in try book.setEnabled(name, enabled, at: now) }
    }

    /// Skips the next occurrence of `name`; returns the alarm and the occurrence skipped.
    public func skipNext(_ name: String, at now: Date) throws -> (alarm: Alarm, skipped: Date) {
        try apply(at: now) { book in try book.skipNext(name, at: now) }
    }

    /// Snoozes `name` (nil: the alarm ringing) for its snooze time.
    public func snooze(_ name: String?, at now: Date) throws -> Alarm {
        try apply(at: now) { book in try book.snooze(name, at: now) }
    }

    /// Dismisses the ringing or snoozed occurrence of `name` (nil: the one ringing or snoozed), or during its
    /// pre-alert the occurrence to come.
    public func dismiss(_ name: String?, at now: Date) throws -> Alarm {
        try apply(at: now) { book in try book.dismiss(name, at: now) }
    }
}

extension RecordEdit where Kind == TimersKind {
    /// Starts a timer of `duration` seconds, `rounds` times in a row.
    public func start(label: String?, duration: Int, rounds: Int, at now: Date) throws -> CountdownTimer {
        try apply(at: now) { book in try book.start(label: label, duration: duration, rounds: rounds, at: now) }
    }

    /// Pauses `name` (nil: the current timer).
    public func pause(_ name: String?, at now: Date) throws -> CountdownTimer {
        try apply(at: now) { book in try book.pause(name, at: now) }
    }

    /// Resumes `name` (nil: the current timer).
    public func resume(_ name: String?, at now: Date) throws -> CountdownTimer {
        try apply(at: now) { book in try book.resume(name, at: now) }
    }

    /// Stops `name` (nil: the current timer) and takes it away.
    public func stop(_ name: String?, at now: Date) throws -> CountdownTimer {
        try apply(at: now) { book in try book.stop(name, at: now) }
    }

    /// Starts `name` (nil: the current timer) again from its first round.
    public func restart(_ name: String?, at now: Date) throws -> CountdownTimer {
        try apply(at: now) { book in try book.restart(name, at: now) }
    }
}
