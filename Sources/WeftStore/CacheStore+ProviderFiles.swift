import Foundation
import GRDB

/// What the cache remembers of one provider file: that it exists (so its instance is forgotten once it is gone),
/// the fingerprint of its settings (so a changed setting rebuilds derived data) and its configuration error.
public struct ProviderFileRecord: Sendable, Equatable {
    /// The instance id (the file's name without `.toml`).
    public var instance: String
    /// The file's path.
    public var file: String
    /// The provider type, when the file names one.
    public var type: String?
    /// The variable prefix, when it is known (from the file, or from the instance's snapshot).
    public var prefix: String?
    /// The fingerprint of the settings its last successful refresh ran with.
    public var fingerprint: String?
    /// Why the file cannot be used now, when it cannot.
    public var configError: String?

    /// Creates a record.
    public init(
        instance: String, file: String, type: String?, prefix: String?, fingerprint: String?, configError: String?
    ) {
        self.instance = instance
        self.file = file
        self.type = type
        self.prefix = prefix
        self.fingerprint = fingerprint
        self.configError = configError
    }
}

extension CacheStore {
    /// Every provider file the cache knows of, by instance.
    public func providerFiles() throws(StoreError) -> [String: ProviderFileRecord] {
        try readProviderFiles(
            { db in
                let rows = try ProviderFileRow.fetchAll(db)
                return Dictionary(rows.map { ($0.instance, $0.record) }, uniquingKeysWith: { _, last in last })
            }, empty: [:])
    }

    /// The record of a broken file whose prefix is the longest prefix of `key`: what answers `<prefix>error` for an
    /// instance that never refreshed.
    public func brokenFile(answering key: String) throws(StoreError) -> ProviderFileRecord? {
        try readProviderFiles(
            { db in
                try ProviderFileRow.fetchOne(
                    db,
                    sql: """
                        SELECT * FROM provider_file WHERE config_error IS NOT NULL AND prefix IS NOT NULL
                            AND substr(?1, 1, length(prefix)) = prefix
                        ORDER BY length(prefix) DESC LIMIT 1
                        """, arguments: [key]
                )?.record
            }, empty: nil)
    }

    /// A read of the provider-file records. A cache written by an older weft has no such table until the next
    /// refresh migrates it; readers never migrate, so until then it reads as empty instead of failing every render.
    private func readProviderFiles<T>(_ body: (Database) throws -> T, empty: T) throws(StoreError) -> T {
        try read(
            { db in
                do {
                    return try body(db)
                } catch let error as DatabaseError
                    where error.message?.hasPrefix("no such table: provider_file") == true
                {
                    return empty
                }
            }, empty: empty)
    }

    static func saveProviderFile(_ record: ProviderFileRecord, at date: Date, db: Database) throws {
        try ProviderFileRow(record, checkedAt: date).insert(db, onConflict: .replace)
    }
}
