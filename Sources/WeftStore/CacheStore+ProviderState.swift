import Foundation
import GRDB
import WeftCore

/// What `CacheStore.updateProviderState` writes back: changes to the user's records and the snapshot's new payload.
public struct ProviderStateChange: Sendable {
    /// The snapshot to store (nil leaves it as it is).
    public var snapshot: Snapshot?
    /// Changes to the user's own records.
    public var records: [UserRecordChange]

    /// Creates a change.
    public init(snapshot: Snapshot? = nil, records: [UserRecordChange] = []) {
        self.snapshot = snapshot
        self.records = records
    }
}

/// What `CacheStore.updateProviderState` reads for a change: the user's records of the kinds asked for, and the
/// instance's stored snapshot.
public struct ProviderState: Sendable {
    /// The user's records, by kind and key.
    public var records: [String: [String: Data]]
    /// The stored snapshot.
    public var snapshot: Snapshot?
}

extension CacheStore {
    /// Reads the user's records of `recordKinds` and the instance's snapshot, and writes what `change` makes of
    /// them, in one short IMMEDIATE transaction: a command such as `weft habit done` records data and the snapshot
    /// renders read at once, and readers are never blocked.
    public func updateProviderState<T>(
        instance: String, recordKinds: [String] = [],
        _ change: (ProviderState) throws -> (change: ProviderStateChange, result: T)
    ) throws(StoreError) -> T {
        try write { db in
            var records: [String: [String: Data]] = [:]
            for kind in recordKinds { records[kind] = try Self.recordValues(kind: kind, db: db) }
            let current = try SnapshotRow.filter(Column("instance") == instance).fetchOne(db)?.snapshot
            let (update, result) = try change(ProviderState(records: records, snapshot: current))
            try Self.apply(update.records, origin: instance, at: Date(), db: db)
            if let snapshot = update.snapshot { try Self.upsert(snapshot, db: db) }
            return result
        }
    }
}
