import Foundation
import WeftCore
import WeftStore

/// The one door through which weft writes: a refresh, `weft steps import`, `weft habit …`, forgetting, the trash and
/// `weft restore` all write through it.
///
/// Opening it takes the refresh lock (so no two writers interleave a read-modify-write of one instance's data), and
/// each write stores snapshot, attempt and the user's records in one transaction. The lock is released when the last
/// reference to the writer goes.
public final class CacheWriter: Sendable {
    /// The cache, open for writing; readers of the instance's data (a provider's refresh) use it too.
    public let store: CacheStore
    private let lock: RefreshLock
    /// Which providers are running, kept while the lock is held so the next writer can tell which ones a crash
    /// interrupted.
    let markers: RunMarkers

    /// Creates the cache directory if needed (private, 0700), takes the refresh lock, waiting up to `wait` for another
    /// writer, and opens the cache.
    public init(cacheDirectory: String, wait: Duration = .seconds(5)) throws(StoreError) {
        try CacheStore.prepareDirectory(cacheDirectory)
        lock = try RefreshLock(directory: cacheDirectory, wait: wait)
        store = try CacheStore.openForWriting(directory: cacheDirectory)
        markers = RunMarkers(directory: cacheDirectory)
    }

    /// Stores a successful refresh or import: snapshot (or extended validity), validators, the user's records, the attempt
    /// and, when given, the provider file's record with the fingerprint of the settings it ran with.
    public func recordSuccess(
        instance: String, prefix: String, outcome: RefreshOutcome, at date: Date, duration: Duration = .zero,
        file: ProviderFileRecord? = nil
    ) throws(StoreError) {
        try store.recordSuccess(
            instance: instance, prefix: prefix, outcome: outcome, at: date, duration: duration, file: file)
    }

    /// Records a failed attempt; the last good snapshot is left as it was.
    func recordFailure(_ attempt: RefreshAttempt, duration: Duration = .zero) throws(StoreError) {
        try store.recordFailure(attempt, duration: duration)
    }

    /// Reads an instance's blobs and snapshot and writes what `change` makes of them, in one transaction.
    public func update<T>(
        instance: String, recordKinds: [String] = [],
        _ change: (ProviderState) throws -> (change: ProviderStateChange, result: T)
    ) throws(StoreError) -> T {
        try store.updateProviderState(instance: instance, recordKinds: recordKinds, change)
    }

    /// Forgets instances on purpose: deletes what each can rebuild and moves the user's records of the kinds given
    /// per instance to the trash; with `dryRun`, only says what it would do.
    public func forget(
        _ instances: [String], trashKinds: [String: [String]], at date: Date, dryRun: Bool = false
    ) throws(StoreError) -> [ForgetPlan] {
        try store.forget(instances: instances, trashKinds: trashKinds, at: date, dryRun: dryRun)
    }

    /// Records which provider files exist (and which are broken, with why) and forgets the instances in `gone`.
    func syncProviderFiles(
        _ files: [ProviderFileRecord], forgetting gone: [String], at date: Date
    ) throws(StoreError) -> [String] {
        try store.syncProviderFiles(files, forgetting: gone, at: date)
    }
}
