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
        let rows = try ProviderDataRow.fetchAll(
            db, sql: "SELECT * FROM provider_data WHERE instance = ? AND substr(name, 1, length(?2)) = ?2",
            arguments: [instance, prefix])
        return Dictionary(rows.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    static func setProviderData(
        instance: String, set: [String: Data], remove: [String], at date: Date, db: Database
    ) throws {
        for name in remove {
            try ProviderDataRow.deleteOne(db, key: ["instance": instance, "name": name])
        }
        for (name, value) in set {
            try ProviderDataRow(instance: instance, name: name, value: value, updatedAt: date)
                .insert(db, onConflict: .replace)
        }
    }
}
