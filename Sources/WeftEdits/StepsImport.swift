import Foundation
import WeftCore
import WeftRefresh
import WeftSteps

/// `weft steps import`'s write: the batch read from the user's exports merged into the instance's history, and
/// the snapshot rebuilt from it, through the cache's one writer.
public struct StepsImport: Sendable {
    /// The cache the import goes to.
    public var cacheDirectory: String

    /// Imports into the cache at `cacheDirectory`.
    public init(cacheDirectory: String) {
        self.cacheDirectory = cacheDirectory
    }

    /// Adds `batch` to the stored history of `library`'s instance and writes the rebuilt snapshot (fetched at `now`,
    /// keeping the stored one's prefix and expiry; `prefix` for a first one), recording `stamps` (path → the
    /// imported file's ``ExportStamp``); returns the steps as they are now.
    public func write(
        _ batch: consuming StepBatch, into library: StepLibrary, prefix: String, now: Date,
        stamps: [String: ExportStamp] = [:]
    ) throws -> StepsSnapshot {
        let instance = library.instance
        let writer = try CacheWriter(cacheDirectory: cacheDirectory)
        let previousSnapshot = try writer.store.snapshot(instance)
        let previous = try previousSnapshot.map { try $0.decode(StepsSnapshot.self) }
        var (steps, records) = try library.rebuild(
            adding: consume batch, store: writer.store, previous: previous, files: previous?.files ?? [:], now: now)
        if !stamps.isEmpty {
            steps.imports = (steps.imports ?? [:]).merging(stamps.mapValues(\.text)) { _, new in new }
        }
        let prefix = previousSnapshot?.prefix ?? prefix
        let snapshot = Snapshot(
            instance: instance, kind: StepsKind.type, prefix: prefix, schemaVersion: StepsSnapshot.schemaVersion,
            fetchedAt: now, validUntil: previousSnapshot?.validUntil ?? now, payload: try Snapshot.encode(steps),
            extraPrefix: StepsKind.extraPrefix(forPrefix: prefix))
        try writer.recordSuccess(
            instance: instance, prefix: snapshot.prefix, outcome: RefreshOutcome(.updated(snapshot), records: records),
            at: now)
        return steps
    }
}
