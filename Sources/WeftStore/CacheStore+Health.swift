import Foundation
import GRDB

extension CacheStore {
    /// The health of `instance` as its last refresh left it, or nil when the cache knows nothing of it.
    public func health(of instance: String) throws(StoreError) -> ProviderHealth? {
        try read({ db in try Self.health(db: db, instance: instance).first }, empty: nil)
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
        for row in try Row.fetchAll(
            db, sql: "SELECT instance, prefix, valid_until FROM snapshot" + filter, arguments: arguments)
        {
            let name: String = try row.decode(forColumn: "instance")
            var health = entry(name, try row.decode(forColumn: "prefix"))
            health.validUntil = Date(timeIntervalSince1970: try row.decode(forColumn: "valid_until"))
            result[name] = health
        }
        let attempts =
            instance == nil
            ? "SELECT * FROM refresh_attempt WHERE id IN (SELECT max(id) FROM refresh_attempt GROUP BY instance)"
            : "SELECT * FROM refresh_attempt WHERE instance = ? ORDER BY id DESC LIMIT 1"
        for row in try Row.fetchAll(db, sql: attempts, arguments: arguments) {
            let attempt = try attempt(from: row)
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
            for row in try Row.fetchAll(
                db, sql: "SELECT instance, prefix, config_error FROM provider_file" + filter, arguments: arguments)
            {
                let name: String = try row.decode(forColumn: "instance")
                var health = entry(name, try row.decode(forColumn: "prefix"))
                health.configError = try row.decode(forColumn: "config_error")
                result[name] = health
            }
        } catch let error as DatabaseError where error.message?.hasPrefix("no such table: provider_file") == true {
            // A cache from before migration v3 has no provider files; readers never migrate.
        }
        return result.values.sorted { $0.instance < $1.instance }
    }
}
