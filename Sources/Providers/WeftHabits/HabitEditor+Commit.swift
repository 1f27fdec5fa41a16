import Foundation
import WeftRefresh
import WeftStore

extension HabitEditor {
    /// Changes the stored archive and rewrites the snapshot from it in one transaction through the cache's one
    /// writer, under the refresh lock, so a refresh of the same instance cannot write over the change: what
    /// `weft habit done|undo|import` and the dashboard's habit buttons share.
    public func commit<T>(
        cacheDirectory: String,
        _ change: (inout HabitArchive) throws -> (changedFiles: [String], manual: Bool, result: T)
    ) throws -> (snapshot: HabitsSnapshot, result: T) {
        let writer = try CacheWriter(cacheDirectory: cacheDirectory)
        return try writer.update(
            instance: library.instance, prefix: HabitArchive.importPrefix, recordKinds: [ManualCompletions.recordKind]
        ) { state in
            let outcome = try apply(
                blobs: state.blobs, records: state.records[ManualCompletions.recordKind] ?? [:], current: state.snapshot,
                change)
            // Nothing changed (an undo with nothing to undo): leave the database exactly as it was.
            let stored =
                outcome.isEmpty
                ? ProviderStateChange()
                : ProviderStateChange(set: outcome.blobs, snapshot: outcome.snapshot, records: [outcome.records])
            return (stored, (outcome.habits, outcome.result))
        }
    }
}
