import GRDB

/// The cache's tables, created and upgraded by GRDB's migrator.
enum CacheSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: snapshots, attempts, validators, variables") { db in
            try db.create(table: "snapshot") { t in
                t.primaryKey("instance", .text)
                t.column("kind", .text).notNull()
                t.column("prefix", .text).notNull()
                t.column("schema_version", .integer).notNull()
                t.column("fetched_at", .double).notNull()
                t.column("valid_until", .double).notNull()
                t.column("payload", .blob).notNull()
            }
            try db.create(table: "refresh_attempt") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("instance", .text).notNull()
                t.column("prefix", .text).notNull()
                t.column("attempted_at", .double).notNull()
                t.column("outcome", .text).notNull()
                t.column("error", .text)
                t.column("http_status", .integer)
                t.column("retry_after", .double)
                t.column("duration_ms", .integer)
            }
            try db.create(index: "refresh_attempt_by_instance", on: "refresh_attempt", columns: ["instance", "id"])
            try db.create(table: "http_validator") { t in
                t.primaryKey("url", .text)
                t.column("instance", .text).notNull()
                t.column("etag", .text)
                t.column("last_modified", .text)
                t.column("updated_at", .double).notNull()
            }
            try db.create(table: "variable") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
                t.column("updated_at", .double).notNull()
                t.column("counter_step", .double)
                t.column("counter_goal", .double)
                t.column("counter_reset", .text)
                t.column("counter_reset_value", .double)
                t.column("counter_week_start", .integer)
            }
        }
        migrator.registerMigration("v2: provider data") { db in
            try db.create(table: "provider_data") { t in
                t.column("instance", .text).notNull()
                t.column("name", .text).notNull()
                t.column("value", .blob).notNull()
                t.column("updated_at", .double).notNull()
                t.primaryKey(["instance", "name"])
            }
        }
        migrator.registerMigration("v3: provider files") { db in
            try db.create(table: "provider_file") { t in
                t.primaryKey("instance", .text)
                t.column("file", .text).notNull()
                t.column("type", .text)
                t.column("prefix", .text)
                t.column("fingerprint", .text)
                t.column("config_error", .text)
                t.column("checked_at", .double).notNull()
            }
        }
        migrator.registerMigration("v4: a snapshot's second prefix") { db in
            // The steps kind answers `__activity_*` beside `__steps_*` from one snapshot.
            try db.alter(table: "snapshot") { t in t.add(column: "extra_prefix", .text) }
        }
        migrator.registerMigration("v5: user records") { db in
            try UserRecordMigration.migrate(db)
        }
        migrator.registerMigration("v6: refresh warnings") { db in
            // What a successful refresh reported (a JSON array of lines), apart from `error`, which is for failures;
            // and the fingerprint of the settings an attempt ran with, so a Retry-After holds only for the request
            // that got it.
            try db.alter(table: "refresh_attempt") { t in
                t.add(column: "warnings", .text)
                t.add(column: "fingerprint", .text)
            }
        }
        migrator.registerMigration("v7: counter limits") { db in
            // A counter's floor and ceiling (`weft var … --min/--max`); NULL is no limit.
            try db.alter(table: "variable") { t in
                t.add(column: "counter_min", .double)
                t.add(column: "counter_max", .double)
            }
        }
        migrator.registerMigration("v8: notification ledger") { db in
            // The notifier's record of every occurrence it decided on, by its key: inserted in the transaction that
            // decides to fire it, so a restart, a second process or a crash never repeats one. The user's own data.
            try db.create(table: "notification") { t in
                t.primaryKey("key", .text)
                t.column("kind", .text).notNull()
                t.column("at", .double).notNull()
                t.column("fired_at", .double).notNull()
                t.column("state", .text).notNull()
                t.column("notification_id", .integer)
                t.column("thread", .text)
                t.column("occasion", .blob)
            }
            try db.create(index: "notification_by_state", on: "notification", columns: ["state", "at"])
            try db.create(index: "notification_by_thread", on: "notification", columns: ["thread", "fired_at"])
            // Until when the notifier last looked (one row): what fell due while it was down is found from here.
            try db.create(table: "notifier_watch") { t in
                t.primaryKey("id", .integer)
                t.column("watched_until", .double).notNull()
            }
        }
        return migrator
    }
}
