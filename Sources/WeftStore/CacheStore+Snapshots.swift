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
    public var attemptedAt: Date
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
                // SQL, not the query interface: a render asks this, and a primary-key lookup costs a schema query.
                try SnapshotRow.fetchOne(db, sql: "SELECT * FROM snapshot WHERE instance = ?", arguments: [instance])?
                    .snapshot
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
                return try SnapshotRow.fetchOne(
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
                )?.snapshot
            }, empty: nil)
    }

    /// The latest attempt of the instance whose prefix is the longest prefix of `key`.
    public func lastAttempt(answering key: String) throws(StoreError) -> RefreshAttempt? {
        try read(
            { db in
                try AttemptRow.fetchOne(
                    db,
                    sql: """
                        SELECT * FROM refresh_attempt WHERE substr(?1, 1, length(prefix)) = prefix
                        ORDER BY length(prefix) DESC, id DESC LIMIT 1
                        """, arguments: [key]
                )?.attempt
            }, empty: nil)
    }

    /// Every snapshot with its payload.
    public func allSnapshots() throws(StoreError) -> [Snapshot] {
        try read(
            { db in
                try SnapshotRow.order(Column("instance")).fetchAll(db).map(\.snapshot)
            }, empty: [])
    }

    /// Bookkeeping of every snapshot, without payloads.
    public func snapshotInfos() throws(StoreError) -> [SnapshotInfo] {
        try read(
            { db in
                try SnapshotInfoRow.order(Column("instance")).fetchAll(db).map(\.info)
            }, empty: [])
    }

    /// The most recent attempt of `instance`.
    public func lastAttempt(_ instance: String) throws(StoreError) -> RefreshAttempt? {
        try read(
            { db in
                try Self.attempts(of: instance).fetchOne(db)?.attempt
            }, empty: nil)
    }

    /// The most recent attempts of `instance`, newest first.
    public func attempts(_ instance: String, limit: Int = 10) throws(StoreError) -> [RefreshAttempt] {
        try read(
            { db in
                try Self.attempts(of: instance).limit(limit).fetchAll(db).map(\.attempt)
            }, empty: [])
    }

    /// The last successful attempt of `instance`.
    public func lastSuccess(_ instance: String) throws(StoreError) -> RefreshAttempt? {
        try read(
            { db in
                try Self.attempts(of: instance).filter(Column("outcome") != RefreshAttempt.Outcome.failed.rawValue)
                    .fetchOne(db)?.attempt
            }, empty: nil)
    }

    /// The stored validators of `instance`, by URL.
    public func validators(_ instance: String) throws(StoreError) -> [String: HTTPValidator] {
        try read(
            { db in
                let rows = try ValidatorRow.filter(Column("instance") == instance).fetchAll(db)
                return Dictionary(rows.map { ($0.url, $0.validator) }, uniquingKeysWith: { _, last in last })
            }, empty: [:])
    }

    /// Stores a successful refresh — new snapshot or extended validity, validators, the user's records it changed,
    /// the attempt and the provider file's record with the fingerprint of the settings it ran with — in one
    /// transaction.
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
                try SnapshotRow.filter(Column("instance") == instance).updateAll(
                    db, Column("valid_until").set(to: validUntil.timeIntervalSince1970))
                attemptOutcome = .notModified
            }
            // The validators of the last success replace the instance's old ones, so a key that is gone from the
            // configuration (or was stored before keys were redacted) does not linger.
            try ValidatorRow.filter(Column("instance") == instance).deleteAll(db)
            for validator in outcome.validators {
                try ValidatorRow(validator, instance: instance, updatedAt: date).insert(db, onConflict: .replace)
            }
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
                        try Int.fetchOne(
                            db, sql: "SELECT count(*) FROM \(table) WHERE instance = ?", arguments: [instance])
                        ?? 0
                }
                for kind in trashKinds[instance] ?? [] {
                    let keys = try Self.recordRows(kind: kind, db: db).map(\.key)
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
                record.fingerprint =
                    try ProviderFileRow.filter(Column("instance") == record.instance).fetchOne(db)?.fingerprint
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
        try AttemptRow(attempt, duration: duration).insert(db)
        try db.execute(
            sql: """
                DELETE FROM refresh_attempt WHERE instance = ?1 AND id NOT IN
                    (SELECT id FROM refresh_attempt WHERE instance = ?1 ORDER BY id DESC LIMIT ?2)
                """, arguments: [attempt.instance, attemptsKept])
    }

    /// Stores `snapshot` in place of the instance's previous one.
    static func upsert(_ snapshot: Snapshot, db: Database) throws {
        try SnapshotRow(snapshot).upsert(db)
    }

    /// The attempts of `instance`, newest first.
    static func attempts(of instance: String) -> QueryInterfaceRequest<AttemptRow> {
        AttemptRow.filter(Column("instance") == instance).order(Column("id").desc)
    }
}
