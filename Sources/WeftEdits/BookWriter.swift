import Foundation
import WeftAlarms
import WeftCore
import WeftRefresh
import WeftStore

/// Writes a change to a book of the user's records with the instance's snapshot rebuilt from it, in one transaction
/// through the cache's one writer: the part ``AlarmEdit`` and ``TimerEdit`` share.
struct BookWriter<Book: EditableBook>: Sendable {
    /// The cache the change goes to.
    var cacheDirectory: String
    /// The instance whose snapshot shows the book.
    var instance: String
    /// Its variable prefix, when the instance has no snapshot yet.
    var prefix: String

    /// Applies `change` to the stored book at `now` and writes the changed records (removed ones to the trash under
    /// `trashAs`) with the rebuilt snapshot; nothing is written when `change` throws or changes nothing.
    func commit<T>(
        at now: Date, trashAs: String?, _ change: (inout Book) throws -> T
    ) throws -> (book: Book, result: T) {
        let writer = try CacheWriter(cacheDirectory: cacheDirectory)
        // A refusal (no such alarm) is the user's error, not the database's: it leaves the writer as itself.
        var refusal: AlarmError?
        let done = try writer.update(instance: instance, recordKinds: Book.recordKinds) {
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
            let snapshot = try book.snapshot(instance: instance, prefix: state.snapshot?.prefix ?? prefix, at: now)
            return (ProviderStateChange(snapshot: snapshot, records: [records]), (book, result))
        }
        if let refusal { throw refusal }
        guard let done else { throw AlarmError.noneYet(what: "change", hint: "nothing was written") }
        return done
    }

    /// Rewrites the snapshot from the stored records (after `weft restore`), when there are any; returns whether it
    /// wrote one.
    func rebuild(at now: Date) throws -> Bool {
        let writer = try CacheWriter(cacheDirectory: cacheDirectory)
        return try writer.update(instance: instance, recordKinds: Book.recordKinds) { state in
            let records = state.records[Book.recordKind] ?? [:]
            guard !records.isEmpty || state.snapshot != nil else { return (ProviderStateChange(), false) }
            let snapshot = try Book(records: records).snapshot(
                instance: instance, prefix: state.snapshot?.prefix ?? prefix, at: now)
            return (ProviderStateChange(snapshot: snapshot), true)
        }
    }
}
