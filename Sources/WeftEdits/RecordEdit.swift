import Foundation
import WeftAlarms
import WeftCore
import WeftRefresh
import WeftStore

/// A change to a book of the user's records (alarms, timers), written with the instance's snapshot rebuilt from it in
/// one transaction through the cache's one writer: what the commands, a bar click, the dashboard and the notifier's
/// buttons share. The book needs no provider file: without one it lives in the instance named after its kind.
public struct RecordEdit<Kind: RecordKind>: Sendable where Kind.Payload.Book: EditableBook {
    /// The book the records hold.
    public typealias Book = Kind.Payload.Book

    /// The cache the change goes to.
    let cacheDirectory: String
    /// The instance whose snapshot shows the book.
    let instance: String
    /// Its variable prefix, when the instance has no snapshot yet.
    let prefix: String

    /// Edits in the cache at `cacheDirectory`, shown by `instance` (default: the kind's name, with its default
    /// prefix).
    public init(cacheDirectory: String, instance: String = Kind.type, prefix: String? = nil) {
        self.cacheDirectory = cacheDirectory
        self.instance = instance
        self.prefix = prefix ?? Kind.defaultPrefix(instance: instance)
    }

    /// Applies `change` to the stored book at `now` and writes the changed records (removed ones to the trash under
    /// `trashAs`) with the rebuilt snapshot; nothing is written when `change` throws or changes nothing.
    public func commit<T>(
        at now: Date, trashAs: String? = nil, _ change: (inout Book) throws -> T
    ) throws -> (book: Book, result: T) {
        let writer = try CacheWriter(cacheDirectory: cacheDirectory)
        // A refusal (no such alarm) is the user's error, not the database's: it leaves the writer as itself.
        var refusal: AlarmError?
        let done = try writer.update(instance: instance, recordKinds: Kind.recordKinds) {
            state -> (change: ProviderStateChange, result: (Book, T)?) in
            let before = try Book(records: state.records[Book.recordKind] ?? [:])
            var book = before
            let result: T
            do {
                result = try change(&book)
            } catch let error as AlarmError {
                refusal = error
                return (ProviderStateChange(), nil)
            }
            let records = try book.change(from: before, trashAs: trashAs)
            guard !records.isEmpty || state.snapshot == nil else { return (ProviderStateChange(), (book, result)) }
            let snapshot = try Kind.snapshot(
                book, instance: instance, prefix: state.snapshot?.prefix ?? prefix, at: now)
            return (ProviderStateChange(snapshot: snapshot, records: [records]), (book, result))
        }
        if let refusal { throw refusal }
        guard let done else { throw AlarmError.noneYet(what: "change", hint: "nothing was written") }
        return done
    }

    /// What `change` returns, once it and the rebuilt snapshot are written (``commit(at:trashAs:_:)``).
    func apply<T>(at now: Date, trashAs: String? = nil, _ change: (inout Book) throws -> T) throws -> T {
        try commit(at: now, trashAs: trashAs, change).result
    }

    /// Rewrites the snapshot from the stored records (after `weft restore`), when there are any; returns whether it
    /// wrote one.
    @discardableResult public func rebuild(at now: Date) throws -> Bool {
        let writer = try CacheWriter(cacheDirectory: cacheDirectory)
        return try writer.update(instance: instance, recordKinds: Kind.recordKinds) { state in
            let records = state.records[Book.recordKind] ?? [:]
            guard !records.isEmpty || state.snapshot != nil else { return (ProviderStateChange(), false) }
            let snapshot = try Kind.snapshot(
                Book(records: records), instance: instance, prefix: state.snapshot?.prefix ?? prefix, at: now)
            return (ProviderStateChange(snapshot: snapshot), true)
        }
    }
}

/// A record book ``RecordEdit`` can change: the records that make one book into another.
public protocol EditableBook: RecordBook {
    /// The change of records that makes `before` into this book (removed ones to the trash under `trashAs`).
    func change(from before: Self, trashAs: String?) throws -> UserRecordChange
}

extension AlarmBook: EditableBook {}

extension TimerBook: EditableBook {
    /// Timers are never trashed: a stopped timer is gone.
    public func change(from before: TimerBook, trashAs: String?) throws -> UserRecordChange {
        try change(from: before)
    }
}
