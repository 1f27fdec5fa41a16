import Foundation
import GRDB
import WeftCore
import WeftPrimitives

/// A row of one of the cache's tables as a GRDB record: its columns are its properties in snake case, written and
/// read by GRDB, so no query repeats a column list.
///
/// Instants are stored as seconds since 1970. A missing optional column (a cache a writer has not migrated yet)
/// reads as nil; a cell of the wrong type (text or a blob where an instant belongs) is an error, never zero.
///
/// The rows a render reads (snapshot, attempt, provider file, variable) decode themselves in `init(row:)` from a
/// copy of the row, as before records: `Decodable` costs a fresh `weft get` about half a millisecond of one-time
/// runtime work, and a copied row checks each cell's type (a statement's row would read text as 0).
protocol CacheRow: Codable, FetchableRecord, PersistableRecord {}

extension CacheRow {
    static var databaseColumnDecodingStrategy: DatabaseColumnDecodingStrategy { .convertFromSnakeCase }
    static var databaseColumnEncodingStrategy: DatabaseColumnEncodingStrategy { .convertToSnakeCase }

    static func databaseDateEncodingStrategy(for column: String) -> DatabaseDateEncodingStrategy {
        .timeIntervalSince1970
    }

    static func databaseDateDecodingStrategy(for column: String) -> DatabaseDateDecodingStrategy {
        .custom { value in Double.fromDatabaseValue(value).map(Date.init(timeIntervalSince1970:)) }
    }
}

extension Row {
    /// The instant in `column`, strictly: text or a blob there is damage.
    func instant(_ column: String) throws -> Date {
        Date(timeIntervalSince1970: try decode(Double.self, forColumn: column))
    }
}

/// A row of `snapshot`.
struct SnapshotRow: CacheRow {
    static let databaseTableName = "snapshot"
    var instance, kind, prefix: String
    var schemaVersion: Int
    var fetchedAt, validUntil: Date
    var payload: Data
    var extraPrefix: String?  // migration v4

    init(_ snapshot: Snapshot) {
        (instance, kind, prefix, schemaVersion) =
            (snapshot.instance, snapshot.kind, snapshot.prefix, snapshot.schemaVersion)
        (fetchedAt, validUntil, payload, extraPrefix) =
            (snapshot.fetchedAt, snapshot.validUntil, snapshot.payload, snapshot.extraPrefix)
    }

    init(row: Row) throws {
        let row = row.copy()  // see `CacheRow`'s note on renders
        (instance, kind, prefix) =
            try (row.decode(forColumn: "instance"), row.decode(forColumn: "kind"), row.decode(forColumn: "prefix"))
        schemaVersion = try row.decode(forColumn: "schema_version")
        (fetchedAt, validUntil) = try (row.instant("fetched_at"), row.instant("valid_until"))
        payload = try row.decode(forColumn: "payload")
        extraPrefix = row.hasColumn("extra_prefix") ? try row.decode(forColumn: "extra_prefix") : nil
    }

    var snapshot: Snapshot {
        Snapshot(
            instance: instance, kind: kind, prefix: prefix, schemaVersion: schemaVersion, fetchedAt: fetchedAt,
            validUntil: validUntil, payload: payload, extraPrefix: extraPrefix)
    }
}

/// The bookkeeping columns of `snapshot`, read without the payload.
struct SnapshotInfoRow: CacheRow {
    static let databaseTableName = "snapshot"
    static var databaseSelection: [any SQLSelectable] {
        [Column("instance"), Column("kind"), Column("prefix"), Column("fetched_at"), Column("valid_until")]
    }
    var instance, kind, prefix: String
    var fetchedAt, validUntil: Date

    init(row: Row) throws {
        let row = row.copy()
        (instance, kind, prefix) =
            try (row.decode(forColumn: "instance"), row.decode(forColumn: "kind"), row.decode(forColumn: "prefix"))
        (fetchedAt, validUntil) = try (row.instant("fetched_at"), row.instant("valid_until"))
    }

    var info: SnapshotInfo {
        SnapshotInfo(instance: instance, kind: kind, prefix: prefix, fetchedAt: fetchedAt, validUntil: validUntil)
    }
}

/// A row of `refresh_attempt`.
struct AttemptRow: CacheRow {
    static let databaseTableName = "refresh_attempt"
    var instance, prefix, outcome: String
    var attemptedAt: Date
    var id: Int64?  // nil until inserted
    var error: String?
    var httpStatus: Int?
    var retryAfter: Date?
    var durationMs: Int64?
    var warnings, fingerprint: String?  // migration v6

    init(_ attempt: RefreshAttempt, duration: Duration) {
        (instance, prefix, attemptedAt, outcome) =
            (attempt.instance, attempt.prefix, attempt.attemptedAt, attempt.outcome.rawValue)
        (error, httpStatus, retryAfter, fingerprint) =
            (attempt.error.map { StoredText.capped($0) }, attempt.httpStatus, attempt.retryAfter, attempt.fingerprint)
        durationMs = DurationText.milliseconds(duration)
        warnings = Self.warningsText(StoredText.warnings(attempt.warnings))
    }

    init(row: Row) throws {
        let row = row.copy()
        (instance, prefix, outcome) =
            try (row.decode(forColumn: "instance"), row.decode(forColumn: "prefix"), row.decode(forColumn: "outcome"))
        (attemptedAt, id, error) = try (
            row.instant("attempted_at"), row.decode(forColumn: "id"), row.decode(forColumn: "error")
        )
        (httpStatus, durationMs) = try (row.decode(forColumn: "http_status"), row.decode(forColumn: "duration_ms"))
        retryAfter = try row.decode(Double?.self, forColumn: "retry_after").map(Date.init(timeIntervalSince1970:))
        warnings = row.hasColumn("warnings") ? try row.decode(forColumn: "warnings") : nil
        fingerprint = row.hasColumn("fingerprint") ? try row.decode(forColumn: "fingerprint") : nil
    }

    var attempt: RefreshAttempt {
        let (outcome, error, warnings) = Self.result(outcome: outcome, error: error, warnings: warnings)
        return RefreshAttempt(
            instance: instance, prefix: prefix, attemptedAt: attemptedAt, outcome: outcome, error: error,
            warnings: warnings, httpStatus: httpStatus, retryAfter: retryAfter, fingerprint: fingerprint)
    }

    /// How an attempt ended, as stored columns say it: its outcome, its error (a failure's only) and its warnings.
    static func result(outcome: String, error: String?, warnings: String?) -> (
        outcome: RefreshAttempt.Outcome, error: String?, warnings: [String]
    ) {
        let outcome = RefreshAttempt.Outcome(rawValue: outcome) ?? .failed
        var error = error
        var warnings = warningsList(warnings)
        // A cache from before migration v6 kept a successful attempt's problems in `error`: they are warnings.
        if outcome != .failed, let old = error {
            if warnings.isEmpty { warnings = [old] }
            error = nil
        }
        return (outcome, error, warnings)
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

/// A row of `http_validator`.
struct ValidatorRow: CacheRow {
    static let databaseTableName = "http_validator"
    var url, instance: String
    var etag, lastModified: String?
    var updatedAt: Date

    init(_ validator: HTTPValidator, instance: String, updatedAt: Date) {
        (url, etag, lastModified) = (validator.url, validator.etag, validator.lastModified)
        (self.instance, self.updatedAt) = (instance, updatedAt)
    }

    var validator: HTTPValidator { HTTPValidator(url: url, etag: etag, lastModified: lastModified) }
}

/// A row of `variable`; the counter columns are NULL for a plain variable.
struct VariableRow: CacheRow {
    static let databaseTableName = "variable"
    var key, value: String
    var updatedAt: Date
    var counterStep, counterGoal, counterResetValue: Double?
    var counterReset: String?
    var counterWeekStart: Int?
    var counterMin, counterMax: Double?  // migration v7

    init(_ variable: StoredVariable) {
        (key, value, updatedAt) = (variable.key, variable.value, variable.updatedAt)
        let counter = variable.counter
        (counterStep, counterGoal, counterReset) = (counter?.step, counter?.goal, counter?.reset?.rawValue)
        (counterResetValue, counterWeekStart) = (counter?.resetValue, counter?.weekStart)
        (counterMin, counterMax) = (counter?.minimum, counter?.maximum)
    }

    init(row: Row) throws {
        let row = row.copy()
        (key, value, updatedAt) =
            try (row.decode(forColumn: "key"), row.decode(forColumn: "value"), row.instant("updated_at"))
        (counterStep, counterGoal, counterResetValue) = try (
            row.decode(forColumn: "counter_step"), row.decode(forColumn: "counter_goal"),
            row.decode(forColumn: "counter_reset_value")
        )
        (counterReset, counterWeekStart) =
            try (row.decode(forColumn: "counter_reset"), row.decode(forColumn: "counter_week_start"))
        counterMin = row.hasColumn("counter_min") ? try row.decode(forColumn: "counter_min") : nil
        counterMax = row.hasColumn("counter_max") ? try row.decode(forColumn: "counter_max") : nil
    }

    var variable: StoredVariable {
        let counter = counterStep.map { step in
            CounterRule(
                step: step, goal: counterGoal, reset: counterReset.flatMap(ResetPeriod.init(rawValue:)),
                resetValue: counterResetValue ?? 0, weekStart: counterWeekStart ?? 2, minimum: counterMin,
                maximum: counterMax)
        }
        return StoredVariable(key: key, value: value, updatedAt: updatedAt, counter: counter)
    }
}

/// A row of `provider_data`: one named blob of an instance.
struct ProviderDataRow: CacheRow {
    static let databaseTableName = "provider_data"
    var instance, name: String
    var value: Data
    var updatedAt: Date
}

/// A row of `provider_file`.
struct ProviderFileRow: CacheRow {
    static let databaseTableName = "provider_file"
    var instance, file: String
    var type, prefix, fingerprint, configError: String?
    var checkedAt: Date

    init(_ record: ProviderFileRecord, checkedAt: Date) {
        (instance, file, type, prefix) = (record.instance, record.file, record.type, record.prefix)
        (fingerprint, configError, self.checkedAt) =
            (record.fingerprint, record.configError.map { StoredText.capped($0) }, checkedAt)
    }

    init(row: Row) throws {
        let row = row.copy()
        (instance, file, type) =
            try (row.decode(forColumn: "instance"), row.decode(forColumn: "file"), row.decode(forColumn: "type"))
        (prefix, fingerprint, configError) = try (
            row.decode(forColumn: "prefix"), row.decode(forColumn: "fingerprint"), row.decode(forColumn: "config_error")
        )
        checkedAt = try row.instant("checked_at")
    }

    var record: ProviderFileRecord {
        ProviderFileRecord(
            instance: instance, file: file, type: type, prefix: prefix, fingerprint: fingerprint,
            configError: configError)
    }
}

/// A row of `user_record` (migration v5).
struct UserRecordRow: CacheRow {
    static let databaseTableName = "user_record"
    var kind, key: String
    var value: Data
    var origin: String?
    var updatedAt: Date

    init(_ record: UserRecord) {
        (kind, key, value, origin, updatedAt) = (record.kind, record.key, record.value, record.origin, record.updatedAt)
    }

    var record: UserRecord { UserRecord(kind: kind, key: key, value: value, origin: origin, updatedAt: updatedAt) }
}

/// A row of `trash` (migration v5): a user record with the batch it was trashed in.
struct TrashRow: CacheRow {
    static let databaseTableName = "trash"
    var id: Int64?
    var batch, kind, key: String
    var value: Data
    var origin: String?
    var updatedAt, trashedAt: Date

    var record: UserRecord { UserRecord(kind: kind, key: key, value: value, origin: origin, updatedAt: updatedAt) }
}
