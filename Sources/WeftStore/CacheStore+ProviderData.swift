import Foundation
import GRDB
import WeftCore

extension CacheStore: ProviderDataStore {
    public func providerData(instance: String, prefix: String) throws -> [String: Data] {
        try read({ db in try Self.providerData(instance: instance, prefix: prefix, db: db) }, empty: [:])
    }

    /// Sets and removes blobs of `instance` in one transaction: for tests, which seed data; weft itself writes
    /// provider data only with a snapshot, through the engine's `CacheWriter`.
    package func updateProviderData(instance: String, set: [String: Data], remove: [String]) throws {
        try write { db in try Self.setProviderData(instance: instance, set: set, remove: remove, at: Date(), db: db) }
    }

    static func providerData(instance: String, prefix: String, db: Database) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT name, value FROM provider_data WHERE instance = ? AND substr(name, 1, length(?2)) = ?2",
            arguments: [instance, prefix])
        while let row = try rows.next() {
            result[try row.decode(forColumn: "name")] = try row.decode(forColumn: "value")
        }
        return result
    }

    static func setProviderData(
        instance: String, set: [String: Data], remove: [String], at date: Date, db: Database
    ) throws {
        for name in remove {
            try db.execute(
                sql: "DELETE FROM provider_data WHERE instance = ? AND name = ?", arguments: [instance, name])
        }
        for (name, value) in set {
            try db.execute(
                sql: "INSERT OR REPLACE INTO provider_data (instance, name, value, updated_at) VALUES (?, ?, ?, ?)",
                arguments: [instance, name, value, date.timeIntervalSince1970])
        }
    }
}
