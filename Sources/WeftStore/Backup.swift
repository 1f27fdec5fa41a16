import Foundation
import GRDB
import WeftPrimitives

/// `weft backup` / `weft restore`: every one of the user's own records — stored variables with all their counter
/// settings, the user records (hand-kept habits, imported step history, alarms and timers) and the notifier's ledger
/// of what already fired — as one versioned JSON document.
///
/// Variables are written with every column the `variable` table has, so settings added by later migrations travel
/// without a change here. A record whose value is a JSON object is embedded as it is (readable, diffable); any other
/// (the step archive's packed samples) as base64.
public enum Backup {
    /// The document's `format` value.
    static let format = "weft-backup"
    /// The document version this weft writes and reads.
    public static let version = 1
    /// The largest document `restore` reads.
    public static let maximumSize = 1 << 30

    /// What a restore changed.
    public struct Summary: Sendable, Equatable {
        /// Variables and records written (absent, or older here than in the backup).
        public var variables = 0
        /// Records written.
        public var records = 0
        /// Entries left as they were: the same, or newer here.
        public var unchanged = 0
        /// Records here that a newer one from the backup replaced; they are in the trash under `restore`.
        public var trashed = 0
        /// Ledger entries added (what already fired there, so it does not fire again here).
        public var notifications = 0
    }
}

/// Why a backup document cannot be restored.
public enum BackupError: Error, CustomStringConvertible, Equatable {
    /// Not JSON, or not a weft backup.
    case notABackup(file: String, reason: String)
    /// A version this weft does not read.
    case unsupportedVersion(file: String, version: Int)
    /// A field is missing or has the wrong type or range.
    case badField(file: String, field: String, reason: String)
    /// The file is larger than any backup weft writes.
    case tooLarge(file: String)

    public var description: String {
        switch self {
        case .notABackup(let file, let reason): "\(file): not a weft backup (\(reason))"
        case .unsupportedVersion(let file, let version):
            "\(file): backup version \(version) was written by a newer weft; this one reads version \(Backup.version)"
        case .badField(let file, let field, let reason): "\(file): \(field) \(reason); nothing was restored"
        case .tooLarge(let file): "\(file): larger than 1 GiB, which no weft backup is"
        }
    }
}

extension CacheStore {
    /// The backup document of everything the user entered or imported, at `now`.
    public func backup(now: Date) throws(StoreError) -> Data {
        let (variables, records, notifications): ([[String: Any]], [[String: Any]], [[String: Any]]) = try read(
            { db in
                var variables: [[String: Any]] = []
                for row in try Row.fetchAll(db, sql: "SELECT * FROM variable ORDER BY key") {
                    var entry: [String: Any] = [:]
                    for column in row.columnNames {
                        switch row[column] as DatabaseValue? {
                        case .some(let value) where !value.isNull: entry[column] = value.storage.jsonValue
                        default: continue
                        }
                    }
                    variables.append(entry)
                }
                var records: [[String: Any]] = []
                if try db.tableExists("user_record") {
                    for row in try UserRecordRow.order(Column("kind"), Column("key")).fetchAll(db) {
                        let value = row.value
                        var entry: [String: Any] = [
                            "kind": row.kind, "key": row.key, "updated_at": row.updatedAt.timeIntervalSince1970,
                        ]
                        if let origin = row.origin { entry["origin"] = origin }
                        if let object = try? JSONSerialization.jsonObject(with: value), object is [String: Any] {
                            entry["json"] = object
                        } else {
                            entry["base64"] = value.base64EncodedString()
                        }
                        records.append(entry)
                    }
                }
                var notifications: [[String: Any]] = []
                if try db.tableExists("notification") {
                    // The server's id is not carried: it means nothing to another session's notification server.
                    for row in try Row.fetchAll(
                        db,
                        sql: "SELECT key, kind, at, fired_at, state, thread, occasion FROM notification ORDER BY key")
                    {
                        var entry: [String: Any] = [
                            "key": row["key"] as String, "kind": row["kind"] as String,
                            "at": row["at"] as Double, "fired_at": row["fired_at"] as Double,
                            "state": row["state"] as String,
                        ]
                        if let thread = row["thread"] as String? { entry["thread"] = thread }
                        if let occasion = row["occasion"] as Data? {
                            entry["occasion"] = occasion.base64EncodedString()
                        }
                        notifications.append(entry)
                    }
                }
                return (variables, records, notifications)
            }, empty: ([], [], []))
        let document: [String: Any] = [
            "format": Backup.format, "version": Backup.version,
            "created": now.timeIntervalSince1970, "variables": variables, "records": records,
            "notifications": notifications,
        ]
        do {
            return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted])
        } catch {
            throw .database(path: path, reason: "the backup could not be written as JSON: \(ErrorText.words(error))")
        }
    }

    /// Merges a backup document back, in one transaction: an entry absent here is added, one older here than in the
    /// backup is replaced (a replaced record goes to the trash under `restore`), the rest stay. Ledger entries are
    /// only added: a key already here stays as it is. Restoring the same
    /// document twice changes nothing the second time. `file` names the document in errors.
    public func restore(_ document: Data, file: String, at date: Date) throws -> Backup.Summary {
        guard document.count <= Backup.maximumSize else { throw BackupError.tooLarge(file: file) }
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: document)
        } catch {
            throw BackupError.notABackup(file: file, reason: "it is not JSON")
        }
        guard let top = object as? [String: Any], top["format"] as? String == Backup.format else {
            throw BackupError.notABackup(file: file, reason: "no \"format\": \"\(Backup.format)\" in it")
        }
        guard let version = top["version"] as? Int else {
            throw BackupError.badField(file: file, field: "version", reason: "is missing")
        }
        guard version <= Backup.version else { throw BackupError.unsupportedVersion(file: file, version: version) }
        let variables = try Self.entries(top, "variables", file: file)
        let records = try Self.entries(top, "records", file: file)
        let notifications = try Self.notificationEntries(top, file: file)
        return try write { db in
            var summary = Backup.Summary()
            let columns = Set(try db.columns(in: "variable").map(\.name))
            for (index, entry) in variables.enumerated() {
                let field = "variables[\(index)]"
                let key = try Self.text(entry, "key", field: field, file: file)
                let updated = try Self.instant(entry, field: field, file: file)
                for column in entry.keys where !columns.contains(column) {
                    throw BackupError.badField(
                        file: file, field: "\(field).\(column)", reason: "is not known to this weft (a newer backup?)")
                }
                let current = try Double.fetchOne(
                    db, sql: "SELECT updated_at FROM variable WHERE key = ?", arguments: [key])
                if let current, current >= updated {
                    summary.unchanged += 1
                    continue
                }
                let names = entry.keys.sorted()
                var values: [DatabaseValueConvertible?] = []
                for name in names {
                    guard let value = Self.databaseValue(entry[name]) else {
                        throw BackupError.badField(
                            file: file, field: "\(field).\(name)", reason: "is not a string, a finite number or null")
                    }
                    values.append(value)
                }
                try db.execute(
                    sql: "INSERT OR REPLACE INTO variable (\(names.joined(separator: ", "))) VALUES ("
                        + names.map { _ in "?" }.joined(separator: ", ") + ")",
                    arguments: StatementArguments(values))
                summary.variables += 1
            }
            for (index, entry) in records.enumerated() {
                let field = "records[\(index)]"
                let kind = try Self.text(entry, "kind", field: field, file: file)
                let key = try Self.text(entry, "key", field: field, file: file)
                let updated = try Self.instant(entry, field: field, file: file)
                let value: Data
                if let object = entry["json"] as? [String: Any] {
                    value = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
                } else if let text = entry["base64"] as? String, let data = Data(base64Encoded: text) {
                    value = data
                } else {
                    throw BackupError.badField(file: file, field: field, reason: "has neither a json object nor base64")
                }
                let current = try UserRecordRow.filter(Column("kind") == kind && Column("key") == key).fetchOne(db)
                if let current {
                    if current.value == value || current.updatedAt.timeIntervalSince1970 >= updated {
                        summary.unchanged += 1
                        continue
                    }
                    try Self.trash(kind: kind, key: key, batch: "restore", at: date, db: db)
                    summary.trashed += 1
                }
                try UserRecordRow(
                    UserRecord(
                        kind: kind, key: key, value: value, origin: entry["origin"] as? String,
                        updatedAt: Date(timeIntervalSince1970: updated))
                ).insert(db)
                summary.records += 1
            }
            for entry in notifications {
                try db.execute(
                    sql: """
                        INSERT OR IGNORE INTO notification (key, kind, at, fired_at, state, thread, occasion)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        entry.key, entry.kind, entry.at.timeIntervalSince1970, entry.firedAt.timeIntervalSince1970,
                        entry.state.rawValue, entry.thread, entry.occasion,
                    ])
                if db.changesCount > 0 { summary.notifications += 1 } else { summary.unchanged += 1 }
            }
            return summary
        }
    }

    /// The ledger entries of a backup, checked before anything is written. One decided but not yet delivered there
    /// is restored as delivered: the other machine's notifier owned its delivery, and a restore must not repeat it.
    private static func notificationEntries(_ top: [String: Any], file: String) throws -> [NotificationEntry] {
        try entries(top, "notifications", file: file).enumerated().map { index, entry in
            let field = "notifications[\(index)]"
            func seconds(_ name: String) throws -> Date {
                guard let number = entry[name] as? NSNumber, !(entry[name] is Bool),
                    case let value = number.doubleValue, value.isFinite, (0...7_258_118_400).contains(value)
                else {
                    throw BackupError.badField(
                        file: file, field: "\(field).\(name)", reason: "is not a time in seconds since 1970")
                }
                return Date(timeIntervalSince1970: value)
            }
            let stateText = try text(entry, "state", field: field, file: file)
            guard let state = NotificationEntry.State(rawValue: stateText) else {
                throw BackupError.badField(
                    file: file, field: "\(field).state", reason: "is not a state this weft knows (a newer backup?)")
            }
            var occasion: Data?
            if let encoded = entry["occasion"] {
                guard let text = encoded as? String, let data = Data(base64Encoded: text) else {
                    throw BackupError.badField(file: file, field: "\(field).occasion", reason: "is not base64")
                }
                occasion = data
            }
            return NotificationEntry(
                key: try text(entry, "key", field: field, file: file),
                kind: try text(entry, "kind", field: field, file: file), at: try seconds("at"),
                firedAt: try seconds("fired_at"), state: state == .fired ? .delivered : state,
                thread: entry["thread"] as? String, occasion: occasion)
        }
    }

    private static func entries(_ top: [String: Any], _ name: String, file: String) throws -> [[String: Any]] {
        guard let list = top[name] else { return [] }
        guard let entries = list as? [[String: Any]] else {
            throw BackupError.badField(file: file, field: name, reason: "is not a list of objects")
        }
        return entries
    }

    private static func text(_ entry: [String: Any], _ name: String, field: String, file: String) throws -> String {
        guard let text = entry[name] as? String, !text.isEmpty, text.utf8.count <= 4096 else {
            throw BackupError.badField(file: file, field: "\(field).\(name)", reason: "is missing or not a short text")
        }
        return text
    }

    /// `updated_at`, seconds since 1970 within 1970…2200.
    private static func instant(_ entry: [String: Any], field: String, file: String) throws -> Double {
        guard let number = entry["updated_at"] as? NSNumber, !(entry["updated_at"] is Bool),
            case let seconds = number.doubleValue, seconds.isFinite, (0...7_258_118_400).contains(seconds)
        else {
            throw BackupError.badField(
                file: file, field: "\(field).updated_at", reason: "is not a time in seconds since 1970")
        }
        return seconds
    }

    private static func databaseValue(_ value: Any?) -> DatabaseValueConvertible?? {
        switch value {
        case nil, is NSNull: return .some(nil)
        case let text as String: return .some(text)
        case let number as NSNumber:
            let double = number.doubleValue
            return double.isFinite ? .some(double) : nil
        default: return nil
        }
    }
}

extension DatabaseValue.Storage {
    /// The value as JSONSerialization writes it.
    fileprivate var jsonValue: Any {
        switch self {
        case .null: NSNull()
        case .int64(let value): value
        case .double(let value): value
        case .string(let value): value
        case .blob(let value): value.base64EncodedString()
        }
    }
}
