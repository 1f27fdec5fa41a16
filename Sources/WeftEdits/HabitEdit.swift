import Foundation
import WeftCore
import WeftHabits
import WeftPrimitives
import WeftRefresh
import WeftStore

/// One change to a habits instance's stored archive, written with the snapshot rebuilt from it: what `weft habit
/// done|undo|add|rename|remove|import` and the dashboard's habit buttons share.
public struct HabitEdit: Sendable {
    /// The cache the change goes to.
    public var cacheDirectory: String

    /// Edits in the cache at `cacheDirectory`.
    public init(cacheDirectory: String) {
        self.cacheDirectory = cacheDirectory
    }

    /// Changes the stored archive of `editor`'s instance and rewrites the snapshot from it (``HabitEditor/apply``)
    /// in one transaction through the cache's one writer, under the refresh lock, so a refresh of the same instance
    /// cannot write over the change.
    public func commit<T>(
        _ editor: HabitEditor,
        _ change: (inout HabitArchive) throws -> (changedFiles: [String], manual: Bool, result: T)
    ) throws -> (snapshot: HabitsSnapshot, result: T) {
        let writer = try CacheWriter(cacheDirectory: cacheDirectory)
        return try writer.update(instance: editor.library.instance, recordKinds: HabitArchive.recordKinds) { state in
            let outcome = try editor.apply(records: state.records, current: state.snapshot, change)
            // Nothing changed (an undo with nothing to undo): leave the database exactly as it was.
            let stored =
                outcome.isEmpty
                ? ProviderStateChange() : ProviderStateChange(snapshot: outcome.snapshot, records: outcome.records)
            return (stored, (outcome.habits, outcome.result))
        }
    }
}
