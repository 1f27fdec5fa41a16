import Foundation
import GRDB
import WeftCore

/// One of the user's own records as the store keeps it.
public struct UserRecord: Sendable, Equatable {
    /// The kind (`habit`, `steps`).
    public var kind: String
    /// What it is within its kind (a habit's slug, a source's sample list).
    public var key: String
    /// The record.
    public var value: Data
    /// The provider instance that last wrote it.
    public var origin: String?
    /// When it was last written.
    public var updatedAt: Date

    /// Creates a record.
    public init(kind: String, key: String, value: Data, origin: String?, updatedAt: Date) {
        self.kind = kind
        self.key = key
        self.value = value
        self.origin = origin
        self.updatedAt = updatedAt
    }
}

/// A group of records in the trash: what one `weft forget` or `weft habit remove` moved there.
public struct TrashBatch: Sendable, Equatable {
    /// The name it was trashed under (an instance, or `habit NAME`).
    public var name: String
    /// How many records it holds, by kind.
    public var counts: [String: Int]
    /// When it was trashed (the latest, when trashed more than once).
    public var trashedAt: Date
}

extension CacheStore: ProviderDataStore {
    /// How long the trash keeps what was moved there.
    public static let trashKept: TimeInterval = 30 * 86_400

    public func userRecords(kind: String) throws -> [String: Data] {
        try read(
            { db in
                try Self.recordValues(kind: kind, db: db)
            }, empty: [:])
    }

    public func forEachUserRecord(
        kind: String, where wanted: (String) -> Bool, body: (String, Data) throws -> Void
    ) throws {
        try read(
            { db in
                guard try db.tableExists("user_record") else { return }
                // A cursor: a value is copied out only for a key that is wanted, and let go before the next.
                let rows = try Row.fetchCursor(
                    db, sql: "SELECT key, value FROM user_record WHERE kind = ? ORDER BY key", arguments: [kind])
                while let row = try rows.next() {
                    let key: String = try row.decode(forColumn: "key")
                    guard wanted(key) else { continue }
                    try body(key, try row.decode(forColumn: "value"))
                }
            }, empty: ())
    }

    /// Every one of the user's records, of every kind, sorted by kind and key.
    public func allUserRecords() throws(StoreError) -> [UserRecord] {
        try read(
            { db in
                guard try db.tableExists("user_record") else { return [] }
                return try UserRecordRow.order(Column("kind"), Column("key")).fetchAll(db).map(\.record)
            }, empty: [])
    }

    /// Writes user records in one transaction (a restore); the records given replace those with the same keys.
    public func saveUserRecords(_ records: [UserRecord]) throws(StoreError) {
        try write { db in
            for record in records { try Self.save(record, db: db) }
        }
    }

    /// The trash's batches, newest first (after dropping what is older than ``trashKept``).
    public func trashBatches(now: Date) throws(StoreError) -> [TrashBatch] {
        try read(
            { db in
                guard try db.tableExists("trash") else { return [] }
                var batches: [String: TrashBatch] = [:]
                let rows = try Row.fetchAll(
                    db, sql: "SELECT batch, kind, count(*) AS n, max(trashed_at) AS at FROM trash WHERE trashed_at >= ? GROUP BY batch, kind",
                    arguments: [now.timeIntervalSince1970 - Self.trashKept])
                for row in rows {
                    let name: String = try row.decode(forColumn: "batch")
                    let at = Date(timeIntervalSince1970: try row.decode(forColumn: "at"))
                    var batch = batches[name] ?? TrashBatch(name: name, counts: [:], trashedAt: at)
                    batch.counts[try row.decode(forColumn: "kind")] = try row.decode(forColumn: "n")
                    batch.trashedAt = max(batch.trashedAt, at)
                    batches[name] = batch
                }
                return batches.values.sorted { ($0.trashedAt, $0.name) > ($1.trashedAt, $1.name) }
            }, empty: [])
    }

    /// Moves a trash batch back: records whose key is free again are restored; one whose key is taken since stays in
    /// the trash and is returned.
    public func restoreTrash(_ name: String) throws(StoreError) -> (restored: [UserRecord], kept: [UserRecord]) {
        try write { db in
            var restored: [UserRecord] = []
            var kept: [UserRecord] = []
            for row in try TrashRow.filter(Column("batch") == name).order(Column("id")).fetchAll(db) {
                let record = row.record
                if try UserRecordRow.exists(db, key: ["kind": record.kind, "key": record.key]) {
                    kept.append(record)
                    continue
                }
                try Self.save(record, db: db)
                try row.delete(db)
                restored.append(record)
            }
            return (restored, kept)
        }
    }

    static func recordRows(kind: String, db: Database) throws -> [UserRecordRow] {
        // A database written before v5 has no such table until a writer migrates it.
        guard try db.tableExists("user_record") else { return [] }
        return try UserRecordRow.filter(Column("kind") == kind).order(Column("key")).fetchAll(db)
    }

    /// The values of the user's records of `kind`, by key.
    static func recordValues(kind: String, db: Database) throws -> [String: Data] {
        Dictionary(try recordRows(kind: kind, db: db).map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Applies record changes of `origin` inside a transaction.
    static func apply(_ changes: [UserRecordChange], origin: String, at date: Date, db: Database) throws {
        for change in changes {
            for key in change.remove {
                if let batch = change.trashAs {
                    try trash(kind: change.kind, key: key, batch: batch, at: date, db: db)
                } else {
                    try UserRecordRow.deleteOne(db, key: ["kind": change.kind, "key": key])
                }
            }
            for (key, value) in change.set {
                try save(UserRecord(kind: change.kind, key: key, value: value, origin: origin, updatedAt: date), db: db)
            }
        }
    }

    /// Moves one record to the trash under `batch`.
    static func trash(kind: String, key: String, batch: String, at date: Date, db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO trash (batch, kind, key, value, origin, updated_at, trashed_at)
                SELECT ?, kind, key, value, origin, updated_at, ? FROM user_record WHERE kind = ? AND key = ?
                """, arguments: [batch, date.timeIntervalSince1970, kind, key])
        try db.execute(sql: "DELETE FROM user_record WHERE kind = ? AND key = ?", arguments: [kind, key])
    }

    /// Drops what the trash has kept longer than ``trashKept``.
    static func purgeTrash(now: Date, db: Database) throws {
        try db.execute(
            sql: "DELETE FROM trash WHERE trashed_at < ?", arguments: [now.timeIntervalSince1970 - trashKept])
    }

    private static func save(_ record: UserRecord, db: Database) throws {
        try UserRecordRow(record).insert(db, onConflict: .replace)
    }
}
