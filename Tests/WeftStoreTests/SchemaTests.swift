import Foundation
import GRDB
import Testing

@testable import WeftStore

/// Migrations v1–v8 are history: a cache they build (new, or upgraded from any older weft) has exactly this schema, so
/// a change to how they are written cannot change what they do.
@Suite struct SchemaTests {
    @Test func theMigrationsBuildTheSchemaTheyAlwaysBuilt() throws {
        let temp = try TempCache()
        _ = try CacheStore.openForWriting(directory: temp.directory)
        let queue = try DatabaseQueue(path: temp.directory + "/weft.sqlite")
        defer { try? queue.close() }
        let schema = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
        }
        #expect(
            schema == [
                #"CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)"#,
                #"CREATE TABLE "http_validator" ("url" TEXT PRIMARY KEY NOT NULL, "instance" TEXT NOT NULL, "etag" TEXT, "last_modified" TEXT, "updated_at" DOUBLE NOT NULL)"#,
                #"CREATE TABLE "notification" ("key" TEXT PRIMARY KEY NOT NULL, "kind" TEXT NOT NULL, "at" DOUBLE NOT NULL, "fired_at" DOUBLE NOT NULL, "state" TEXT NOT NULL, "notification_id" INTEGER, "thread" TEXT, "occasion" BLOB)"#,
                #"CREATE INDEX "notification_by_state" ON "notification"("state", "at")"#,
                #"CREATE INDEX "notification_by_thread" ON "notification"("thread", "fired_at")"#,
                #"CREATE TABLE "notifier_watch" ("id" INTEGER PRIMARY KEY, "watched_until" DOUBLE NOT NULL)"#,
                #"CREATE TABLE "provider_data" ("instance" TEXT NOT NULL, "name" TEXT NOT NULL, "value" BLOB NOT NULL, "updated_at" DOUBLE NOT NULL, PRIMARY KEY ("instance", "name"))"#,
                #"CREATE TABLE "provider_file" ("instance" TEXT PRIMARY KEY NOT NULL, "file" TEXT NOT NULL, "type" TEXT, "prefix" TEXT, "fingerprint" TEXT, "config_error" TEXT, "checked_at" DOUBLE NOT NULL)"#,
                #"CREATE TABLE "refresh_attempt" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "instance" TEXT NOT NULL, "prefix" TEXT NOT NULL, "attempted_at" DOUBLE NOT NULL, "outcome" TEXT NOT NULL, "error" TEXT, "http_status" INTEGER, "retry_after" DOUBLE, "duration_ms" INTEGER, "warnings" TEXT, "fingerprint" TEXT)"#,
                #"CREATE INDEX "refresh_attempt_by_instance" ON "refresh_attempt"("instance", "id")"#,
                #"CREATE TABLE "snapshot" ("instance" TEXT PRIMARY KEY NOT NULL, "kind" TEXT NOT NULL, "prefix" TEXT NOT NULL, "schema_version" INTEGER NOT NULL, "fetched_at" DOUBLE NOT NULL, "valid_until" DOUBLE NOT NULL, "payload" BLOB NOT NULL, "extra_prefix" TEXT)"#,
                #"CREATE TABLE sqlite_sequence(name,seq)"#,
                #"CREATE TABLE "trash" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "batch" TEXT NOT NULL, "kind" TEXT NOT NULL, "key" TEXT NOT NULL, "value" BLOB NOT NULL, "origin" TEXT, "updated_at" DOUBLE NOT NULL, "trashed_at" DOUBLE NOT NULL)"#,
                #"CREATE INDEX "trash_by_batch" ON "trash"("batch")"#,
                #"CREATE TABLE "user_record" ("kind" TEXT NOT NULL, "key" TEXT NOT NULL, "value" BLOB NOT NULL, "origin" TEXT, "updated_at" DOUBLE NOT NULL, PRIMARY KEY ("kind", "key"))"#,
                #"CREATE TABLE "variable" ("key" TEXT PRIMARY KEY NOT NULL, "value" TEXT NOT NULL, "updated_at" DOUBLE NOT NULL, "counter_step" DOUBLE, "counter_goal" DOUBLE, "counter_reset" TEXT, "counter_reset_value" DOUBLE, "counter_week_start" INTEGER, "counter_min" DOUBLE, "counter_max" DOUBLE)"#,
            ])
        let migrations = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
        }
        #expect(migrations.map { $0.prefix(3) } == ["v1:", "v2:", "v3:", "v4:", "v5:", "v6:", "v7:", "v8:"])
    }
}
