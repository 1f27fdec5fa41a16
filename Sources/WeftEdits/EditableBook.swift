import Foundation
import WeftAlarms
import WeftCore
import WeftStore

/// A book of the user's records of one kind whose instance snapshot is rebuilt from it (alarms, timers): what
/// ``BookWriter`` needs to change and rewrite it.
protocol EditableBook: Sendable {
    /// The user-record kind the book is kept under.
    static var recordKind: String { get }
    /// The record kinds the instance's refresh reads.
    static var recordKinds: [String] { get }
    /// The book the records hold.
    init(records: [String: Data]) throws
    /// The change of records that makes `before` into this book (removed ones to the trash under `trashAs`).
    func change(from before: Self, trashAs: String?) throws -> UserRecordChange
    /// The instance's snapshot of this book.
    func snapshot(instance: String, prefix: String, at now: Date) throws -> Snapshot
}

extension AlarmBook: EditableBook {
    static var recordKinds: [String] { AlarmsKind.recordKinds }

    func snapshot(instance: String, prefix: String, at now: Date) throws -> Snapshot {
        try AlarmsKind.snapshot(self, instance: instance, prefix: prefix, at: now)
    }
}

extension TimerBook: EditableBook {
    static var recordKinds: [String] { TimersKind.recordKinds }

    /// Timers are never trashed: a stopped timer is gone.
    func change(from before: TimerBook, trashAs: String?) throws -> UserRecordChange {
        try change(from: before)
    }

    func snapshot(instance: String, prefix: String, at now: Date) throws -> Snapshot {
        try TimersKind.snapshot(self, instance: instance, prefix: prefix, at: now)
    }
}
