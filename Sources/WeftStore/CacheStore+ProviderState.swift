import Foundation
import GRDB
import WeftCore

/// What `CacheStore.updateProviderState` writes back: blobs to set and remove, and the snapshot's new payload.
public struct ProviderStateChange: Sendable {
    /// Blobs to write.
    var set: [String: Data]
    /// Blobs to delete.
    var remove: [String]
    /// The snapshot to store (nil leaves it as it is).
    public var snapshot: Snapshot?

    /// Creates a change.
    public init(set: [String: Data] = [:], remove: [String] = [], snapshot: Snapshot? = nil) {
        self.set = set
        self.remove = remove
        self.snapshot = snapshot
    }
}

extension CacheStore {
    /// Reads an instance's blobs (those starting with `prefix`) and snapshot, and writes what `change` makes of
    /// them, in one short IMMEDIATE transaction: a command such as `weft habit done` records data and the snapshot
    /// renders read at once, without the refresh lock, and readers are never blocked.
    public func updateProviderState<T>(
        instance: String, prefix: String = "",
        _ change: ([String: Data], Snapshot?) throws -> (change: ProviderStateChange, result: T)
    ) throws(StoreError) -> T {
        try write { db in
            let blobs = try Self.providerData(instance: instance, prefix: prefix, db: db)
            let current = try Row.fetchOne(db, sql: "SELECT * FROM snapshot WHERE instance = ?", arguments: [instance])
                .map(Self.snapshot(from:))
            let (update, result) = try change(blobs, current)
            try Self.setProviderData(
                instance: instance, set: update.set, remove: update.remove, at: Date(), db: db)
            if let snapshot = update.snapshot { try Self.upsert(snapshot, db: db) }
            return result
        }
    }
}
