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
        return try writer.update(instance: library.instance) { blobs, current in
            let outcome = try apply(blobs: blobs, current: current, change)
            // Nothing changed (an undo with nothing to undo): leave the cache exactly as it was.
            let stored =
                outcome.blobs.isEmpty
                ? ProviderStateChange() : ProviderStateChange(set: outcome.blobs, snapshot: outcome.snapshot)
            return (stored, (outcome.habits, outcome.result))
        }
    }
}
