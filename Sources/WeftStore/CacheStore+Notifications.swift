import Foundation
import GRDB

/// One occurrence the notifier decided on, kept by its key so it is never decided twice.
public struct NotificationEntry: Sendable, Equatable {
    /// What became of it.
    public enum State: String, Sendable, CaseIterable {
        /// Decided to fire; not yet handed to the notification server (a crash in between delivers it on restart).
        case fired
        /// Handed to the notification server or the command.
        case delivered
        /// Due while the notifier was not running, longer ago than its late window: listed by `weft notify --missed`.
        case missed
        /// Missed, and already part of the one summary notification of missed ones.
        case shown
        /// Due in quiet hours: not shown, and not shown later.
        case quiet
        /// Over its section's or rule's rate limit.
        case limited
        /// Its data went stale (the snapshot it came from expired) before it could be delivered.
        case expired
    }

    /// The occurrence's key (`alarm:wake:2026-11-28T06:00:00Z`).
    public var key: String
    /// The `notify.toml` section (or rule) it belongs to, which rate limits count by.
    public var kind: String
    /// When it was due.
    public var at: Date
    /// When it was decided on.
    public var firedAt: Date
    /// What became of it.
    public var state: State
    /// The notification server's id for it, to update or close it and to map an action back.
    public var notificationID: Int?
    /// The notification it updates in place, if any.
    public var thread: String?
    /// The occasion as the notifier encoded it, to deliver it after a crash and to act on its buttons.
    public var occasion: Data?

    /// Creates an entry.
    public init(
        key: String, kind: String, at: Date, firedAt: Date, state: State, notificationID: Int? = nil,
        thread: String? = nil, occasion: Data? = nil
    ) {
        self.key = key
        self.kind = kind
        self.at = at
        self.firedAt = firedAt
        self.state = state
        self.notificationID = notificationID
        self.thread = thread
        self.occasion = occasion
    }
}

extension CacheStore {
    /// How long the ledger keeps an entry: longer than any occurrence can be asked about again (a yearly reminder's
    /// key names its year), so pruning on write never lets one fire twice.
    public static let notificationsKept: TimeInterval = 400 * 86_400

    /// Records `entry` unless its key is already there, in one IMMEDIATE transaction: true when this call decided it
    /// (and so must deliver it), false when a run before, or another process, already had. Entries older than
    /// ``notificationsKept`` are pruned in the same transaction.
    public func decideNotification(_ entry: NotificationEntry) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(
                sql: "DELETE FROM notification WHERE fired_at < ?",
                arguments: [entry.firedAt.timeIntervalSince1970 - Self.notificationsKept])
            try db.execute(
                sql: """
                    INSERT OR IGNORE INTO notification
                        (key, kind, at, fired_at, state, notification_id, thread, occasion)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    entry.key, entry.kind, entry.at.timeIntervalSince1970, entry.firedAt.timeIntervalSince1970,
                    entry.state.rawValue, entry.notificationID, entry.thread, entry.occasion,
                ])
            return db.changesCount > 0
        }
    }

    /// Changes the state of the entries `keys` (and the notification id, when given).
    public func markNotifications(_ keys: [String], state: NotificationEntry.State, notificationID: Int? = nil)
        throws(StoreError)
    {
        guard !keys.isEmpty else { return }
        try write { db in
            for key in keys {
                try db.execute(
                    sql: "UPDATE notification SET state = ?, notification_id = coalesce(?, notification_id) "
                        + "WHERE key = ?",
                    arguments: [state.rawValue, notificationID, key])
            }
        }
    }

    /// The entry of `key`, if decided.
    public func notification(_ key: String) throws(StoreError) -> NotificationEntry? {
        try read(
            { db in
                guard try db.tableExists("notification") else { return nil }
                return try Row.fetchOne(db, sql: "SELECT * FROM notification WHERE key = ?", arguments: [key])
                    .map { try Self.entry($0) }
            }, empty: nil)
    }

    /// The entries in any of `states`, oldest first.
    public func notifications(in states: [NotificationEntry.State]) throws(StoreError) -> [NotificationEntry] {
        try read(
            { db in
                guard try db.tableExists("notification"), !states.isEmpty else { return [] }
                let marks = states.map { _ in "?" }.joined(separator: ", ")
                return try Row.fetchAll(
                    db, sql: "SELECT * FROM notification WHERE state IN (\(marks)) ORDER BY at, key",
                    arguments: StatementArguments(states.map(\.rawValue))
                ).map { try Self.entry($0) }
            }, empty: [])
    }

    /// The entry last shown with the notification server's id `id` (an action on it maps back to its occasion).
    public func notification(id: Int) throws(StoreError) -> NotificationEntry? {
        try read(
            { db in
                guard try db.tableExists("notification") else { return nil }
                return try Row.fetchOne(
                    db, sql: "SELECT * FROM notification WHERE notification_id = ? ORDER BY fired_at DESC LIMIT 1",
                    arguments: [id]
                ).map { try Self.entry($0) }
            }, empty: nil)
    }

    /// The notification server's id of the last delivered notification of `thread`, to replace it in place.
    public func lastNotificationID(thread: String) throws(StoreError) -> Int? {
        try read(
            { db in
                guard try db.tableExists("notification") else { return nil }
                return try Int.fetchOne(
                    db,
                    sql: """
                        SELECT notification_id FROM notification
                        WHERE thread = ? AND notification_id IS NOT NULL ORDER BY fired_at DESC LIMIT 1
                        """, arguments: [thread])
            }, empty: nil)
    }

    /// How many entries of `kind` were delivered (or are being) since `since`: what a rate limit counts.
    public func deliveredCount(kind: String, since: Date) throws(StoreError) -> Int {
        try read(
            { db in
                guard try db.tableExists("notification") else { return 0 }
                return try Int.fetchOne(
                    db,
                    sql: "SELECT count(*) FROM notification WHERE kind = ? AND fired_at >= ? "
                        + "AND state IN ('fired', 'delivered')",
                    arguments: [kind, since.timeIntervalSince1970]) ?? 0
            }, empty: 0)
    }

    /// Until when the notifier last looked; nil before it first ran.
    public func notifierWatchedUntil() throws(StoreError) -> Date? {
        try read(
            { db in
                guard try db.tableExists("notifier_watch") else { return nil }
                return try Double.fetchOne(db, sql: "SELECT watched_until FROM notifier_watch WHERE id = 1")
                    .map(Date.init(timeIntervalSince1970:))
            }, empty: nil)
    }

    /// Records until when the notifier looked.
    public func setNotifierWatchedUntil(_ date: Date) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO notifier_watch (id, watched_until) VALUES (1, ?)",
                arguments: [date.timeIntervalSince1970])
        }
    }

    /// A row of `notification`, strictly: a cell of the wrong type is damage, never a default.
    private static func entry(_ row: Row) throws -> NotificationEntry {
        let row = row.copy()
        let stateText: String = try row.decode(forColumn: "state")
        guard let state = NotificationEntry.State(rawValue: stateText) else {
            throw StoreError.database(path: "", reason: "a notification in an unknown state \"\(stateText)\"")
        }
        return NotificationEntry(
            key: try row.decode(forColumn: "key"), kind: try row.decode(forColumn: "kind"), at: try row.instant("at"),
            firedAt: try row.instant("fired_at"), state: state,
            notificationID: try row.decode(forColumn: "notification_id"), thread: try row.decode(forColumn: "thread"),
            occasion: try row.decode(forColumn: "occasion"))
    }
}
