import Foundation
import WeftCore
import WeftHabits
import WeftPrimitives
import WeftRefresh
import WeftStore

/// One change to a habits instance's stored archive, written with the snapshot rebuilt from it: what `weft habit
/// done|undo|add|rename|remove|import` and the dashboard's habit buttons share.
public struct HabitEdit: Sendable {
    /// What rebuilds the archive and snapshot.
    public var editor: HabitEditor
    /// The cache the change goes to.
    public var cacheDirectory: String

    /// An edit of `editor`'s instance in the cache at `cacheDirectory`.
    public init(editor: HabitEditor, cacheDirectory: String) {
        self.editor = editor
        self.cacheDirectory = cacheDirectory
    }

    /// Changes the stored archive and rewrites the snapshot from it in one transaction through the cache's one
    /// writer, under the refresh lock, so a refresh of the same instance cannot write over the change.
    public func commit<T>(
        _ change: (inout HabitArchive) throws -> (changedFiles: [String], manual: Bool, result: T)
    ) throws -> (snapshot: HabitsSnapshot, result: T) {
        let writer = try CacheWriter(cacheDirectory: cacheDirectory)
        return try writer.update(
            instance: editor.library.instance, prefix: HabitArchive.importPrefix,
            recordKinds: [ManualCompletions.recordKind]
        ) { state in
            let outcome = try editor.apply(
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
