import Foundation
import GRDB

extension CacheStore {
    /// The health of `instance` as its last refresh left it, or nil when the cache knows nothing of it.
    public func health(of instance: String) throws(StoreError) -> ProviderHealth? {
        try read({ db in try Self.health(db: db, of: instance) }, empty: nil)
    }

    /// One instance's health in one statement: a render asks this of every provider it reads, every second.
    private static func health(db: Database, of instance: String) throws -> ProviderHealth? {
        func query(files: Bool) -> String {
            """
            SELECT a.*, s.valid_until AS h_valid_until, s.prefix AS h_snapshot_prefix, \
            \(files ? "f.instance AS h_file, f.config_error AS h_config_error, f.prefix AS h_file_prefix" : "NULL AS h_file")
            FROM (SELECT ?1 AS h_instance) i
            LEFT JOIN snapshot s ON s.instance = i.h_instance
            LEFT JOIN (SELECT * FROM refresh_attempt WHERE instance = ?1 ORDER BY id DESC LIMIT 1) a ON 1
            \(files ? "LEFT JOIN provider_file f ON f.instance = i.h_instance" : "")
            """
        }
        let row: Row?
        do {
            row = try Row.fetchOne(db, sql: query(files: true), arguments: [instance])
        } catch let error as DatabaseError where error.message?.hasPrefix("no such table: provider_file") == true {
            // A cache from before migration v3 has no provider files; readers never migrate.
            row = try Row.fetchOne(db, sql: query(files: false), arguments: [instance])
        }
        guard let row else { return nil }
        let snapshotPrefix: String? = try row.decode(forColumn: "h_snapshot_prefix")
        let hasAttempt = !((row["instance"] as DatabaseValue?)?.isNull ?? true)
        let hasFile = !((row["h_file"] as DatabaseValue?)?.isNull ?? true)
        guard snapshotPrefix != nil || hasAttempt || hasFile else { return nil }
        var health = ProviderHealth(instance: instance, prefix: snapshotPrefix ?? "")
        if let seconds = try row.decode(Double?.self, forColumn: "h_valid_until") {
            health.validUntil = Date(timeIntervalSince1970: seconds)
        }
        if hasAttempt {
            let attempt = try AttemptRow(row: row).attempt
            if health.prefix.isEmpty { health.prefix = attempt.prefix }
            if attempt.outcome == .failed {
                health.attemptError = attempt.error ?? "the last refresh failed"
                health.httpStatus = attempt.httpStatus
            } else {
                health.warnings = attempt.warnings
            }
        }
        if hasFile {
            if health.prefix.isEmpty, let prefix = try row.decode(String?.self, forColumn: "h_file_prefix") {
                health.prefix = prefix
            }
            health.configError = try row.decode(forColumn: "h_config_error")
        }
        return health
    }

    /// The health of every instance the cache knows of (by snapshot, attempt or provider file), by instance.
    public func allHealth() throws(StoreError) -> [ProviderHealth] {
        try read({ db in try Self.health(db: db, instance: nil) }, empty: [])
    }

    /// One read of the three tables health comes from; `instance` nil reads every instance.
    private static func health(db: Database, instance: String?) throws -> [ProviderHealth] {
        let filter = instance == nil ? "" : " WHERE instance = ?"
        let arguments: StatementArguments = instance.map { [$0] } ?? []
        var result: [String: ProviderHealth] = [:]
        func entry(_ instance: String, _ prefix: String?) -> ProviderHealth {
            var health = result[instance] ?? ProviderHealth(instance: instance, prefix: prefix ?? "")
            if health.prefix.isEmpty, let prefix { health.prefix = prefix }
            return health
        }
        for row in try SnapshotInfoRow.fetchAll(
            db, sql: "SELECT instance, kind, prefix, fetched_at, valid_until FROM snapshot" + filter,
            arguments: arguments)
        {
            var health = entry(row.instance, row.prefix)
            health.validUntil = row.validUntil
            result[row.instance] = health
        }
        let attempts =
            instance == nil
            ? "SELECT * FROM refresh_attempt WHERE id IN (SELECT max(id) FROM refresh_attempt GROUP BY instance)"
            : "SELECT * FROM refresh_attempt WHERE instance = ? ORDER BY id DESC LIMIT 1"
        for row in try AttemptRow.fetchAll(db, sql: attempts, arguments: arguments) {
            let attempt = row.attempt
            var health = entry(attempt.instance, attempt.prefix)
            if attempt.outcome == .failed {
                health.attemptError = attempt.error ?? "the last refresh failed"
                health.httpStatus = attempt.httpStatus
            } else {
                health.warnings = attempt.warnings
            }
            result[attempt.instance] = health
        }
        do {
            for row in try ProviderFileRow.fetchAll(
                db, sql: "SELECT * FROM provider_file" + filter, arguments: arguments)
            {
                var health = entry(row.instance, row.prefix)
                health.configError = row.configError
                result[row.instance] = health
            }
        } catch let error as DatabaseError where error.message?.hasPrefix("no such table: provider_file") == true {
            // A cache from before migration v3 has no provider files; readers never migrate.
        }
        return result.values.sorted { $0.instance < $1.instance }
    }
}
