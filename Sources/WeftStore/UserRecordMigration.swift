import Foundation
import GRDB

/// Migration v5: the user's own records leave the per-instance provider data for tables keyed by what they are.
///
/// Until v4, hand-entered habit completions, imported habit exports and imported step history were blobs of the
/// provider instance that held them, so renaming a provider file (a new instance) lost them and forgetting the
/// instance deleted them.
enum UserRecordMigration {
    static func migrate(_ db: Database) throws {
        // A trashed record keeps the columns it had, between its batch and when it was trashed.
        func recordColumns(_ t: TableDefinition) {
            t.column("kind", .text).notNull()
            t.column("key", .text).notNull()
            t.column("value", .blob).notNull()
            t.column("origin", .text)
            t.column("updated_at", .double).notNull()
        }
        try db.create(table: "user_record") { t in
            recordColumns(t)
            t.primaryKey(["kind", "key"])
        }
        try db.create(table: "trash") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("batch", .text).notNull()
            recordColumns(t)
            t.column("trashed_at", .double).notNull()
        }
        try db.create(index: "trash_by_batch", on: "trash", columns: ["batch"])
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT d.instance, d.name, d.value, d.updated_at,
                    coalesce((SELECT kind FROM snapshot s WHERE s.instance = d.instance),
                             (SELECT type FROM provider_file f WHERE f.instance = d.instance)) AS kind
                FROM provider_data d ORDER BY d.updated_at
                """)
        let now = Date().timeIntervalSince1970
        for row in rows {
            let instance: String = try row.decode(forColumn: "instance")
            let name: String = try row.decode(forColumn: "name")
            let value: Data = try row.decode(forColumn: "value")
            let updated: Double = try row.decode(forColumn: "updated_at")
            let moved: [(kind: String, key: String, value: Data)]
            switch try row.decode(String?.self, forColumn: "kind") {
            case "steps"?:
                moved = [("steps", name, value)]
            case "habits"? where name == "manual":
                moved = try habitEntries(value).map { ("habit", $0.slug, $0.value) }
            case "habits"? where name.hasPrefix("import/"):
                moved = [("habit-import", String(name.dropFirst("import/".count)), value)]
            default:
                continue
            }
            for record in moved {
                // Two instances of one kind holding the same key: the newer one stays, the other goes to the trash,
                // so an upgrade deletes nothing.
                if let existing = try Row.fetchOne(
                    db, sql: "SELECT * FROM user_record WHERE kind = ? AND key = ?", arguments: [record.kind, record.key])
                {
                    try db.execute(
                        sql: """
                            INSERT INTO trash (batch, kind, key, value, origin, updated_at, trashed_at)
                            VALUES (?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            "upgrade", record.kind, record.key, existing["value"] as Data?, existing["origin"] as String?,
                            existing["updated_at"] as Double?, now,
                        ])
                }
                try db.execute(
                    sql: """
                        INSERT OR REPLACE INTO user_record (kind, key, value, origin, updated_at) VALUES (?, ?, ?, ?, ?)
                        """, arguments: [record.kind, record.key, record.value, instance, updated])
            }
            try db.execute(
                sql: "DELETE FROM provider_data WHERE instance = ? AND name = ?", arguments: [instance, name])
        }
    }

    /// The entries of a v4 `manual` blob (`{"habits": {slug: entry}, "revision": n}`), one JSON object per slug.
    private static func habitEntries(_ blob: Data) throws -> [(slug: String, value: Data)] {
        guard let object = try JSONSerialization.jsonObject(with: blob) as? [String: Any],
            let habits = object["habits"] as? [String: Any]
        else { return [] }
        return try habits.keys.sorted().compactMap { slug in
            guard let entry = habits[slug] as? [String: Any] else { return nil }
            return (slug, try JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys]))
        }
    }
}
