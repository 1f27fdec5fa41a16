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
    /// Changes to the user's own records.
    public var records: [UserRecordChange]

    /// Creates a change.
    public init(
        set: [String: Data] = [:], remove: [String] = [], snapshot: Snapshot? = nil, records: [UserRecordChange] = []
    ) {
        self.set = set
        self.remove = remove
        self.snapshot = snapshot
        self.records = records
    }
}

/// What `CacheStore.updateProviderState` reads for a change: an instance's blobs, the user's records of the kinds
/// asked for, and the stored snapshot.
public struct ProviderState: Sendable {
    /// The instance's blobs.
    public var blobs: [String: Data]
    /// The user's records, by kind and key.
    public var records: [String: [String: Data]]
    /// The stored snapshot.
    public var snapshot: Snapshot?
}

extension CacheStore {
    /// Reads an instance's blobs (those starting with `prefix`) and snapshot, and writes what `change` makes of
    /// them, in one short IMMEDIATE transaction: a command such as `weft habit done` records data and the snapshot
    /// renders read at once, without the refresh lock, and readers are never blocked.
    public func updateProviderState<T>(
        instance: String, prefix: String = "", recordKinds: [String] = [],
        _ change: (ProviderState) throws -> (change: ProviderStateChange, result: T)
    ) throws(StoreError) -> T {
        try write { db in
            let blobs = try Self.providerData(instance: instance, prefix: prefix, db: db)
            var records: [String: [String: Data]] = [:]
            for kind in recordKinds { records[kind] = try Self.recordValues(kind: kind, db: db) }
            let current = try SnapshotRow.filter(Column("instance") == instance).fetchOne(db)?.snapshot
            let (update, result) = try change(ProviderState(blobs: blobs, records: records, snapshot: current))
            let now = Date()
            try Self.setProviderData(instance: instance, set: update.set, remove: update.remove, at: now, db: db)
            try Self.apply(update.records, origin: instance, at: now, db: db)
            if let snapshot = update.snapshot { try Self.upsert(snapshot, db: db) }
            return result
        }
    }
}
