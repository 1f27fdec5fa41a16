import Foundation
import GRDB
import WeftCore

/// What `CacheStore.updateProviderState` writes back: blobs to set and remove, and the snapshot's new payload.
public struct ProviderStateChange: Sendable {
    /// Blobs to write.
    public var set: [String: Data]
    /// Blobs to delete.
    public var remove: [String]
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
        let now = Date().timeIntervalSince1970
        return try write { db in
            var blobs: [String: Data] = [:]
            let rows = try Row.fetchCursor(
                db,
                sql: "SELECT name, value FROM provider_data WHERE instance = ? AND substr(name, 1, length(?2)) = ?2",
                arguments: [instance, prefix])
            while let row = try rows.next() { blobs[row["name"]] = row["value"] }
            let current = try Row.fetchOne(db, sql: "SELECT * FROM snapshot WHERE instance = ?", arguments: [instance])
                .map(Self.snapshot(from:))
            let (update, result) = try change(blobs, current)
            for name in update.remove {
                try db.execute(
                    sql: "DELETE FROM provider_data WHERE instance = ? AND name = ?", arguments: [instance, name])
            }
            for (name, value) in update.set {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO provider_data (instance, name, value, updated_at) VALUES (?, ?, ?, ?)",
                    arguments: [instance, name, value, now])
            }
            if let snapshot = update.snapshot {
                try db.execute(
                    sql: """
                        INSERT INTO snapshot (instance, kind, prefix, schema_version, fetched_at, valid_until, payload)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        ON CONFLICT(instance) DO UPDATE SET kind = excluded.kind, prefix = excluded.prefix,
                            schema_version = excluded.schema_version, fetched_at = excluded.fetched_at,
                            valid_until = excluded.valid_until, payload = excluded.payload
                        """,
                    arguments: [
                        snapshot.instance, snapshot.kind, snapshot.prefix, snapshot.schemaVersion,
                        snapshot.fetchedAt.timeIntervalSince1970, snapshot.validUntil.timeIntervalSince1970,
                        snapshot.payload,
                    ])
            }
            return result
        }
    }
}
