import Foundation
import GRDB

extension CacheStore {
    /// The health of `instance` as its last refresh left it, or nil when the cache knows nothing of it.
    public func health(of instance: String) throws(StoreError) -> ProviderHealth? {
        try read({ db in try Self.health(db: db, of: instance) }, empty: nil)
    }

    /// One instance's health in one statement: a status bar's render asks this of every provider it reads. Three
    /// plain reads joined by UNION ALL (the snapshot's row, the last attempt's and the provider file's, each tagged)
    /// cost a fraction of a join's planning. A cache from before a migration lacks a table or a column; readers
    /// never migrate, so the statement is made again without it.
    private static func health(db: Database, of instance: String) throws -> ProviderHealth? {
        var files = true
        var warnings = true
        while true {
            do {
                return try health(db: db, of: instance, files: files, warnings: warnings)
            } catch let error as DatabaseError
                where files && error.message?.hasPrefix("no such table: provider_file") == true
            {
                files = false  // before migration v3
            } catch let error as DatabaseError where warnings && error.message == "no such column: warnings" {
                warnings = false  // before migration v6
            }
        }
    }

    private static func health(db: Database, of instance: String, files: Bool, warnings: Bool) throws
        -> ProviderHealth?
    {
        // Columns: which row, prefix, then valid_until | outcome, error, http_status, warnings | config_error.
        var sql = """
            SELECT 0, prefix, valid_until, NULL, NULL, NULL FROM snapshot WHERE instance = ?1
            UNION ALL SELECT * FROM (SELECT 1, prefix, outcome, error, http_status, \(warnings ? "warnings" : "NULL")
                FROM refresh_attempt WHERE instance = ?1 ORDER BY id DESC LIMIT 1)
            """
        if files {
            sql += "\nUNION ALL SELECT 2, prefix, config_error, NULL, NULL, NULL FROM provider_file WHERE instance = ?1"
        }
        let rows = try Row.fetchAll(db, sql: sql, arguments: [instance])
        guard !rows.isEmpty else { return nil }
        var health = ProviderHealth(instance: instance, prefix: "")
        // The snapshot's prefix first, then the attempt's, then the file's: the order of the rows.
        for row in rows.sorted(by: { ($0[0] as Int? ?? 0) < ($1[0] as Int? ?? 0) }) {
            if health.prefix.isEmpty, let prefix = try row.decode(String?.self, atIndex: 1) { health.prefix = prefix }
            switch try row.decode(Int.self, atIndex: 0) {
            case 0:
                health.validUntil = Date(timeIntervalSince1970: try row.decode(Double.self, atIndex: 2))
            case 1:
                let result = AttemptRow.result(
                    outcome: try row.decode(atIndex: 2), error: try row.decode(atIndex: 3),
                    warnings: try row.decode(atIndex: 5))
                if result.outcome == .failed {
                    health.attemptError = result.error ?? "the last refresh failed"
                    health.httpStatus = try row.decode(atIndex: 4)
                } else {
                    health.warnings = result.warnings
                }
            default:
                health.configError = try row.decode(atIndex: 2)
            }
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
