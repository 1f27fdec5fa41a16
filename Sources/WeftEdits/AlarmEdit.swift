import Foundation
import WeftAlarms
import WeftCore
import WeftRefresh
import WeftStore

/// A change to the user's alarms, written with the `alarms` snapshot rebuilt from them in one transaction through
/// the cache's one writer: what `weft alarm …`, a bar click, the dashboard and the notifier's Snooze and Dismiss
/// buttons share. Alarms need no provider file: without one they live in the instance `alarms`.
public struct AlarmEdit: Sendable {
    /// The cache, the instance whose snapshot shows the alarms and its prefix.
    private let writer: BookWriter<AlarmBook>

    /// Edits in the cache at `cacheDirectory`, shown by `instance` (default `alarms`, prefix `__alarms_`).
    public init(cacheDirectory: String, instance: String = AlarmsKind.type, prefix: String? = nil) {
        let prefix = prefix ?? AlarmsKind.defaultPrefix(instance: instance)
        writer = BookWriter(cacheDirectory: cacheDirectory, instance: instance, prefix: prefix)
    }

    /// Applies `change` to the stored alarms at `now` and writes the changed records (removed ones to the trash under
    /// `trashAs`) with the rebuilt snapshot; nothing is written when `change` throws or changes nothing.
    public func commit<T>(
        at now: Date, trashAs: String? = nil, _ change: (inout AlarmBook) throws -> T
    ) throws -> (alarms: AlarmBook, result: T) {
        let done = try writer.commit(at: now, trashAs: trashAs, change)
        return (done.book, done.result)
    }

    /// Adds an alarm; see ``AlarmBook/add(label:schedule:preAlert:snooze:at:)``.
    public func add(
        label: String, schedule: AlarmSchedule, preAlert: Int?, snooze: Int, at now: Date
    ) throws -> Alarm {
        try commit(at: now) { book in
            try book.add(label: label, schedule: schedule, preAlert: preAlert, snooze: snooze, at: now)
        }.result
    }

    /// Removes the alarm `name` (label or id); its record goes to the trash as `alarm LABEL`.
    public func remove(_ name: String, at now: Date) throws -> Alarm {
        let label = try (try? CacheStore.openForReading(directory: writer.cacheDirectory)).map { store in
            try AlarmBook(records: try store.userRecords(kind: AlarmBook.recordKind)).find(name).label
        }
        return try commit(at: now, trashAs: "alarm \(label ?? name)") { book in try book.remove(name) }.result
    }

    /// Turns the alarm `name` on or off.
    public func setEnabled(_ name: String, _ enabled: Bool, at now: Date) throws -> Alarm {
        try commit(at: now) { book in try book.setEnabled(name, enabled, at: now) }.result
    }

    /// Skips the next occurrence of `name`; returns the alarm and the occurrence skipped.
    public func skipNext(_ name: String, at now: Date) throws -> (alarm: Alarm, skipped: Date) {
        try commit(at: now) { book in try book.skipNext(name, at: now) }.result
    }

    /// Snoozes `name` (nil: the alarm ringing) for its snooze time.
    public func snooze(_ name: String?, at now: Date) throws -> Alarm {
        try commit(at: now) { book in try book.snooze(name, at: now) }.result
    }

    /// Dismisses the ringing or snoozed occurrence of `name` (nil: the one ringing or snoozed), or during its
    /// pre-alert the occurrence to come.
    public func dismiss(_ name: String?, at now: Date) throws -> Alarm {
        try commit(at: now) { book in try book.dismiss(name, at: now) }.result
    }

    /// Rewrites the snapshot from the stored records (after `weft restore`), when there are any; returns whether it
    /// wrote one.
    @discardableResult public func rebuild(at now: Date) throws -> Bool { try writer.rebuild(at: now) }
}

/// A change to the user's timers, written with the `timers` snapshot in one transaction: what `weft timer …`, a
/// bar click and the notifier's Stop and Restart buttons share. Without a provider file they live in the instance
/// `timers`.
public struct TimerEdit: Sendable {
    /// The cache, the instance whose snapshot shows the timers and its prefix.
    private let writer: BookWriter<TimerBook>

    /// Edits in the cache at `cacheDirectory`, shown by `instance` (default `timers`, prefix `__timer_`).
    public init(cacheDirectory: String, instance: String = TimersKind.type, prefix: String? = nil) {
        let prefix = prefix ?? TimersKind.defaultPrefix(instance: instance)
        writer = BookWriter(cacheDirectory: cacheDirectory, instance: instance, prefix: prefix)
    }

    /// Applies `change` to the stored timers at `now` and writes the changed records with the rebuilt snapshot.
    public func commit<T>(
        at now: Date, _ change: (inout TimerBook) throws -> T
    ) throws -> (timers: TimerBook, result: T) {
        let done = try writer.commit(at: now, trashAs: nil, change)
        return (done.book, done.result)
    }

    /// Starts a timer of `duration` seconds, `rounds` times in a row.
    public func start(label: String?, duration: Int, rounds: Int, at now: Date) throws -> CountdownTimer {
        try commit(at: now) { book in try book.start(label: label, duration: duration, rounds: rounds, at: now) }.result
    }

    /// Pauses `name` (nil: the current timer).
    public func pause(_ name: String?, at now: Date) throws -> CountdownTimer {
        try commit(at: now) { book in try book.pause(name, at: now) }.result
    }

    /// Resumes `name` (nil: the current timer).
    public func resume(_ name: String?, at now: Date) throws -> CountdownTimer {
        try commit(at: now) { book in try book.resume(name, at: now) }.result
    }

    /// Stops `name` (nil: the current timer) and takes it away.
    public func stop(_ name: String?, at now: Date) throws -> CountdownTimer {
        try commit(at: now) { book in try book.stop(name, at: now) }.result
    }

    /// Starts `name` (nil: the current timer) again from its first round.
    public func restart(_ name: String?, at now: Date) throws -> CountdownTimer {
        try commit(at: now) { book in try book.restart(name, at: now) }.result
    }

    /// Rewrites the snapshot from the stored records (after `weft restore`), when there are any; returns whether it
    /// wrote one.
    @discardableResult public func rebuild(at now: Date) throws -> Bool { try writer.rebuild(at: now) }
}
