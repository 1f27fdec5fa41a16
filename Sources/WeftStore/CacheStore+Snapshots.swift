import Foundation
import GRDB
import WeftCore
import WeftPrimitives

/// What the cache remembers about one refresh attempt.
public struct RefreshAttempt: Sendable, Equatable {
    /// How an attempt ended.
    public enum Outcome: String, Sendable {
        case ok
        case notModified = "not-modified"
        case failed
    }

    /// The provider instance.
    public var instance: String
    /// The instance's variable prefix, so its error can be shown before it ever had a snapshot.
    public var prefix: String
    /// When it ran.
    var attemptedAt: Date
    /// How it ended.
    public var outcome: Outcome
    /// The error message of a failed attempt (never set on a successful one: its problems are `warnings`).
    public var error: String?
    /// What a successful attempt reported besides its data (a skipped file, a guessed zone), one line each.
    public var warnings: [String]
    /// The HTTP status of a failed HTTP request.
    public var httpStatus: Int?
    /// The earliest time the source allows another attempt.
    public var retryAfter: Date?
    /// The fingerprint of the provider file's settings a failed attempt ran with: its `retryAfter` holds only for a
    /// request with the same settings.
    public var fingerprint: String?

    /// Creates an attempt record.
    public init(
        instance: String, prefix: String, attemptedAt: Date, outcome: Outcome, error: String? = nil,
        warnings: [String] = [], httpStatus: Int? = nil, retryAfter: Date? = nil, fingerprint: String? = nil
    ) {
        self.instance = instance
        self.prefix = prefix
        self.attemptedAt = attemptedAt
        self.outcome = outcome
        self.error = error
        self.warnings = warnings
        self.httpStatus = httpStatus
        self.retryAfter = retryAfter
        self.fingerprint = fingerprint
    }
}

/// What forgetting one instance deletes (rows per table) and moves to the trash (records per kind).
public struct ForgetPlan: Sendable, Equatable {
    /// The instance.
    public var instance: String
    /// Rows a refresh can rebuild, by table.
    public var rebuildable: [String: Int] = [:]
    /// The user's records moved to the trash, by kind.
    public var records: [String: Int] = [:]

    /// Whether the instance held anything.
    public var isEmpty: Bool { rebuildable.values.allSatisfy { $0 == 0 } && records.values.allSatisfy { $0 == 0 } }
}

/// A snapshot's bookkeeping without its payload: enough to decide due-ness and find a prefix's owner.
public struct SnapshotInfo: Sendable, Equatable {
    public var instance: String
    public var kind: String
    public var prefix: String
    public var fetchedAt: Date
    public var validUntil: Date

    /// Creates snapshot bookkeeping.
    public init(instance: String, kind: String, prefix: String, fetchedAt: Date, validUntil: Date) {
        self.instance = instance
        self.kind = kind
        self.prefix = prefix
        self.fetchedAt = fetchedAt
        self.validUntil = validUntil
    }
}

extension CacheStore {
    private static let attemptsKept = 50

    /// The snapshot of `instance`, if one was ever stored.
    public func snapshot(_ instance: String) throws(StoreError) -> Snapshot? {
        try read(
            { db in
                try Row.fetchOne(db, sql: "SELECT * FROM snapshot WHERE instance = ?", arguments: [instance])
                    .map(Self.snapshot(from:))
            }, empty: nil)
    }

    /// The snapshot whose prefix (or second prefix) is the longest prefix of `key`: the one that can answer it.
    public func snapshot(answering key: String) throws(StoreError) -> Snapshot? {
        try read(
            { db in
                // A cache not yet migrated to v4 (no writer has opened it since weft was upgraded) has no second
                // prefixes; a reader must not fail on it.
                let extra =
                    try db.columns(in: "snapshot").contains { $0.name == "extra_prefix" } ? "extra_prefix" : "NULL"
                return try Row.fetchOne(
                    db,
                    sql: """
                        SELECT * FROM snapshot WHERE substr(?1, 1, length(prefix)) = prefix
                            OR substr(?1, 1, length(\(extra))) = \(extra)
                        ORDER BY max(
                            CASE WHEN substr(?1, 1, length(prefix)) = prefix THEN length(prefix) ELSE 0 END,
                            CASE WHEN substr(?1, 1, length(\(extra))) = \(extra) THEN length(\(extra)) ELSE 0 END
                        ) DESC,
                            fetched_at DESC
                        LIMIT 1
                        """, arguments: [key]
                ).map(Self.snapshot(from:))
            }, empty: nil)
    }

    /// The latest attempt of the instance whose prefix is the longest prefix of `key`.
    public func lastAttempt(answering key: String) throws(StoreError) -> RefreshAttempt? {
        try read(
            { db in
                try Row.fetchOne(
                    db,
                    sql: """
                        SELECT * FROM refresh_attempt WHERE substr(?1, 1, length(prefix)) = prefix
                        ORDER BY length(prefix) DESC, id DESC LIMIT 1
                        """, arguments: [key]
                ).map(Self.attempt(from:))
            }, empty: nil)
    }

    /// Every snapshot with its payload.
    public func allSnapshots() throws(StoreError) -> [Snapshot] {
        try read(
            { db in
                try Row.fetchAll(db, sql: "SELECT * FROM snapshot ORDER BY instance").map(Self.snapshot(from:))
            }, empty: [])
    }

    /// Bookkeeping of every snapshot, without payloads.
    public func snapshotInfos() throws(StoreError) -> [SnapshotInfo] {
        try read(
            { db in
                try Row.fetchAll(
                    db, sql: "SELECT instance, kind, prefix, fetched_at, valid_until FROM snapshot ORDER BY instance"
                ).map { row in
                    try SnapshotInfo(
                        instance: row.decode(forColumn: "instance"), kind: row.decode(forColumn: "kind"),
                        prefix: row.decode(forColumn: "prefix"),
                        fetchedAt: Date(timeIntervalSince1970: row.decode(forColumn: "fetched_at")),
                        validUntil: Date(timeIntervalSince1970: row.decode(forColumn: "valid_until")))
                }
            }, empty: [])
    }

    /// The most recent attempt of `instance`.
    public func lastAttempt(_ instance: String) throws(StoreError) -> RefreshAttempt? {
        try read(
            { db in
                try Row.fetchOne(
                    db, sql: "SELECT * FROM refresh_attempt WHERE instance = ? ORDER BY id DESC LIMIT 1",
                    arguments: [instance]
                ).map(Self.attempt(from:))
            }, empty: nil)
    }

    /// The most recent attempts of `instance`, newest first.
    public func attempts(_ instance: String, limit: Int = 10) throws(StoreError) -> [RefreshAttempt] {
        try read(
            { db in
                try Row.fetchAll(
                    db, sql: "SELECT * FROM refresh_attempt WHERE instance = ? ORDER BY id DESC LIMIT ?",
                    arguments: [instance, limit]
                ).map(Self.attempt(from:))
            }, empty: [])
    }

    /// The last successful attempt of `instance`.
    public func lastSuccess(_ instance: String) throws(StoreError) -> RefreshAttempt? {
        try read(
            { db in
                try Row.fetchOne(
                    db,
                    sql:
                        "SELECT * FROM refresh_attempt WHERE instance = ? AND outcome != 'failed' ORDER BY id DESC LIMIT 1",
                    arguments: [instance]
                ).map(Self.attempt(from:))
            }, empty: nil)
    }

    /// The stored validators of `instance`, by URL.
    public func validators(_ instance: String) throws(StoreError) -> [String: HTTPValidator] {
        try read(
            { db in
                var result: [String: HTTPValidator] = [:]
                for row in try Row.fetchAll(
                    db, sql: "SELECT * FROM http_validator WHERE instance = ?", arguments: [instance])
                {
                    let validator = try HTTPValidator(
                        url: row.decode(forColumn: "url"), etag: row.decode(forColumn: "etag"),
                        lastModified: row.decode(forColumn: "last_modified"))
                    result[validator.url] = validator
                }
                return result
            }, empty: [:])
    }

    /// Stores a successful refresh — new snapshot or extended validity, validators, provider data, the attempt and
    /// the provider file's record with the fingerprint of the settings it ran with — in one transaction.
    public func recordSuccess(
        instance: String, prefix: String, outcome: RefreshOutcome, at date: Date, duration: Duration = .zero,
        file: ProviderFileRecord? = nil
    ) throws(StoreError) {
        try write { db in
            if let file { try Self.saveProviderFile(file, at: date, db: db) }
            let attemptOutcome: RefreshAttempt.Outcome
            switch outcome.change {
            case .updated(let snapshot):
                try Self.upsert(snapshot, db: db)
                attemptOutcome = .ok
            case .notModified(let validUntil):
                try db.execute(
                    sql: "UPDATE snapshot SET valid_until = ? WHERE instance = ?",
                    arguments: [validUntil.timeIntervalSince1970, instance])
                attemptOutcome = .notModified
            }
            // The validators of the last success replace the instance's old ones, so a key that is gone from the
            // configuration (or was stored before keys were redacted) does not linger.
            try db.execute(sql: "DELETE FROM http_validator WHERE instance = ?", arguments: [instance])
            for validator in outcome.validators {
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO http_validator (url, instance, etag, last_modified, updated_at)
                        VALUES (?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        validator.url, instance, validator.etag, validator.lastModified, date.timeIntervalSince1970,
                    ])
            }
            try Self.setProviderData(instance: instance, set: outcome.data, remove: [], at: date, db: db)
            try Self.apply(outcome.records, origin: instance, at: date, db: db)
            // A success's problems are warnings, kept apart from `error` (failures only).
            try Self.insert(
                RefreshAttempt(
                    instance: instance, prefix: prefix, attemptedAt: date, outcome: attemptOutcome,
                    warnings: outcome.problems),
                duration: duration,
                db: db)
        }
    }

    /// Records a failed attempt; the last good snapshot is left exactly as it was.
    public func recordFailure(_ attempt: RefreshAttempt, duration: Duration = .zero) throws(StoreError) {
        try write { db in try Self.insert(attempt, duration: duration, db: db) }
    }

    /// Forgets instances on purpose (`weft forget`): deletes what each can rebuild (snapshot, attempts, validators,
    /// provider data, its file's record) and moves the user's records of `trashKinds` to the trash under the
    /// instance's name, in one transaction. With `dryRun`, only counts. Returns, per instance, what it held.
    public func forget(
        instances: [String], trashKinds: [String: [String]], at date: Date, dryRun: Bool = false
    ) throws(StoreError) -> [ForgetPlan] {
        try write { db in
            try Self.purgeTrash(now: date, db: db)
            var plans: [ForgetPlan] = []
            for instance in instances {
                var plan = ForgetPlan(instance: instance)
                for table in Self.rebuildableTables {
                    plan.rebuildable[table] =
                        try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table) WHERE instance = ?", arguments: [instance])
                        ?? 0
                }
                for kind in trashKinds[instance] ?? [] {
                    let keys = try Self.recordRows(kind: kind, db: db).map { try $0.decode(String.self, forColumn: "key") }
                    plan.records[kind] = keys.count
                    if !dryRun {
                        for key in keys { try Self.trash(kind: kind, key: key, batch: instance, at: date, db: db) }
                    }
                }
                if !dryRun { _ = try Self.forgetRebuildable([instance], db: db) }
                plans.append(plan)
            }
            return plans
        }
    }

    /// Brings the provider files' records up to date in one transaction: each of `files` is saved (keeping the
    /// fingerprint its last successful refresh stored), and every instance in `forgetting` loses what it can rebuild;
    /// the user's records are never touched here.
    public func syncProviderFiles(
        _ files: [ProviderFileRecord], forgetting: [String], at date: Date
    ) throws(StoreError) -> [String] {
        try write { db in
            for var record in files {
                record.fingerprint = try String.fetchOne(
                    db, sql: "SELECT fingerprint FROM provider_file WHERE instance = ?", arguments: [record.instance])
                try Self.saveProviderFile(record, at: date, db: db)
            }
            try Self.purgeTrash(now: date, db: db)
            return try Self.forgetRebuildable(forgetting, db: db)
        }
    }

    /// What an instance holds that a refresh can make again.
    static let rebuildableTables = ["snapshot", "refresh_attempt", "http_validator", "provider_data", "provider_file"]

    private static func forgetRebuildable(_ instances: [String], db: Database) throws -> [String] {
        var forgotten: [String] = []
        for instance in instances {
            var removed = 0
            for table in rebuildableTables {
                try db.execute(sql: "DELETE FROM \(table) WHERE instance = ?", arguments: [instance])
                removed += db.changesCount
            }
            if removed > 0 { forgotten.append(instance) }
        }
        return forgotten
    }

    private static func insert(_ attempt: RefreshAttempt, duration: Duration, db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO refresh_attempt
                    (instance, prefix, attempted_at, outcome, error, http_status, retry_after, duration_ms, warnings,
                        fingerprint)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                attempt.instance, attempt.prefix, attempt.attemptedAt.timeIntervalSince1970, attempt.outcome.rawValue,
                attempt.error,
                attempt.httpStatus, attempt.retryAfter?.timeIntervalSince1970,
                DurationText.milliseconds(duration), Self.warningsText(attempt.warnings), attempt.fingerprint,
            ])
        try db.execute(
            sql: """
                DELETE FROM refresh_attempt WHERE instance = ?1 AND id NOT IN
                    (SELECT id FROM refresh_attempt WHERE instance = ?1 ORDER BY id DESC LIMIT ?2)
                """, arguments: [attempt.instance, attemptsKept])
    }

    /// Stores `snapshot` in place of the instance's previous one.
    static func upsert(_ snapshot: Snapshot, db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO snapshot
                    (instance, kind, prefix, schema_version, fetched_at, valid_until, payload, extra_prefix)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(instance) DO UPDATE SET kind = excluded.kind, prefix = excluded.prefix,
                    schema_version = excluded.schema_version, fetched_at = excluded.fetched_at,
                    valid_until = excluded.valid_until, payload = excluded.payload,
                    extra_prefix = excluded.extra_prefix
                """,
            arguments: [
                snapshot.instance, snapshot.kind, snapshot.prefix, snapshot.schemaVersion,
                snapshot.fetchedAt.timeIntervalSince1970, snapshot.validUntil.timeIntervalSince1970,
                snapshot.payload, snapshot.extraPrefix,
            ])
    }

    static func snapshot(from row: Row) throws -> Snapshot {
        try Snapshot(
            instance: row.decode(forColumn: "instance"), kind: row.decode(forColumn: "kind"),
            prefix: row.decode(forColumn: "prefix"), schemaVersion: row.decode(forColumn: "schema_version"),
            fetchedAt: Date(timeIntervalSince1970: row.decode(forColumn: "fetched_at")),
            validUntil: Date(timeIntervalSince1970: row.decode(forColumn: "valid_until")),
            payload: row.decode(forColumn: "payload"),
            // A cache from before migration v4 has no such column; the snapshot is read all the same.
            extraPrefix: row.hasColumn("extra_prefix") ? row.decode(String?.self, forColumn: "extra_prefix") : nil)
    }

    static func attempt(from row: Row) throws -> RefreshAttempt {
        let outcome = RefreshAttempt.Outcome(rawValue: try row.decode(forColumn: "outcome")) ?? .failed
        var error: String? = try row.decode(forColumn: "error")
        // A cache from before migration v6 has neither column (readers never migrate). Its successful attempts kept
        // their problems in `error`: they are warnings.
        var warnings =
            row.hasColumn("warnings") ? warningsList(try row.decode(String?.self, forColumn: "warnings")) : []
        if outcome != .failed, let old = error {
            if warnings.isEmpty { warnings = [old] }
            error = nil
        }
        return try RefreshAttempt(
            instance: row.decode(forColumn: "instance"), prefix: row.decode(forColumn: "prefix"),
            attemptedAt: Date(timeIntervalSince1970: row.decode(forColumn: "attempted_at")),
            outcome: outcome, error: error, warnings: warnings,
            httpStatus: row.decode(forColumn: "http_status"),
            retryAfter: (row.decode(Double?.self, forColumn: "retry_after")).map(Date.init(timeIntervalSince1970:)),
            fingerprint: row.hasColumn("fingerprint") ? row.decode(String?.self, forColumn: "fingerprint") : nil)
    }

    /// Warnings as stored: a JSON array of strings, or NULL for none.
    static func warningsText(_ warnings: [String]) -> String? {
        guard !warnings.isEmpty, let data = try? JSONEncoder().encode(warnings) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// The stored warnings; text that is not a JSON array of strings is one warning.
    static func warningsList(_ text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return (try? JSONDecoder().decode([String].self, from: Data(text.utf8))) ?? [text]
    }
}
