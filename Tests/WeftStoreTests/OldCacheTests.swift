import Foundation
import GRDB
import Testing
import WeftCore

@testable import WeftStore

/// Readers never migrate: a cache an older weft wrote is read as it stands, every table and column a later migration
/// added reading as absent; and a cell of the wrong type where an instant belongs is damage, never the epoch.
@Suite struct OldCacheTests {
    /// A cache as weft left it after migration v2 (no provider files, user records, trash, second prefixes, warnings,
    /// fingerprints or counter limits), read before any writer migrated it.
    @Test func everyReadWorksOnACacheFromBeforeTheLaterMigrations() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        var item = snapshot("steps", value: "1", at: 1, prefix: "__steps_")
        item.extraPrefix = "__activity_"
        try store.recordSuccess(
            instance: "steps", prefix: "__steps_",
            outcome: RefreshOutcome(
                .updated(item), validators: [HTTPValidator(url: "https://x/a", etag: "e", lastModified: nil)]),
            at: Date(timeIntervalSince1970: 1))
        try store.setVariable(
            StoredVariable(
                key: "water", value: "3", updatedAt: Date(timeIntervalSince1970: 1),
                counter: CounterRule(goal: 8, minimum: 0, maximum: 9)))
        let queue = try DatabaseQueue(path: temp.directory + "/weft.sqlite")
        try queue.write { db in
            try db.execute(
                sql: """
                    DROP TABLE provider_file; DROP TABLE user_record; DROP TABLE trash;
                    ALTER TABLE snapshot DROP COLUMN extra_prefix;
                    ALTER TABLE refresh_attempt DROP COLUMN warnings;
                    ALTER TABLE refresh_attempt DROP COLUMN fingerprint;
                    ALTER TABLE variable DROP COLUMN counter_min; ALTER TABLE variable DROP COLUMN counter_max;
                    DELETE FROM grdb_migrations WHERE identifier NOT LIKE 'v1%' AND identifier NOT LIKE 'v2%';
                    """)
        }
        try queue.close()
        let reader = try CacheStore.openForReading(directory: temp.directory)
        #expect(try reader.snapshot("steps")?.extraPrefix == nil)
        #expect(try reader.snapshot(answering: "__steps_today")?.payload == item.payload)
        #expect(try reader.allSnapshots().map(\.instance) == ["steps"])
        #expect(try reader.snapshotInfos().map(\.fetchedAt) == [Date(timeIntervalSince1970: 1)])
        #expect(try reader.lastAttempt("steps")?.fingerprint == nil)
        #expect(try reader.lastAttempt(answering: "__steps_x")?.outcome == .ok)
        #expect(try reader.validators("steps")["https://x/a"]?.etag == "e")
        let water = try #require(try reader.variable("water"))
        #expect(water.value == "3" && water.counter?.goal == 8)
        #expect(water.counter?.minimum == nil && water.counter?.maximum == nil)
        #expect(try reader.variables().map(\.key) == ["water"])
        #expect(try reader.providerFiles().isEmpty)
        #expect(try reader.brokenFile(answering: "__steps_error") == nil)
        #expect(try reader.allHealth().map(\.instance) == ["steps"])
        #expect(try reader.health(of: "steps") == reader.allHealth().first, "a render's read of one instance")
        #expect(try reader.userRecords(kind: "steps").isEmpty)
        #expect(try reader.allUserRecords().isEmpty)
        #expect(try reader.trashBatches(now: Date()).isEmpty)
        // A writer migrates it, and everything reads the same.
        let writer = try CacheStore.openForWriting(directory: temp.directory)
        #expect(try writer.snapshot("steps")?.payload == item.payload)
        #expect(try writer.variable("water")?.counter?.goal == 8)
        #expect(try writer.providerFiles().isEmpty)
    }

    @Test(arguments: [
        "UPDATE snapshot SET fetched_at = x'00ff'", "UPDATE snapshot SET valid_until = 'soon'",
        "UPDATE refresh_attempt SET attempted_at = 'yesterday'", "UPDATE variable SET updated_at = x'01'",
    ])
    func anInstantOfTheWrongTypeIsADamagedCache(edit: String) throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        let item = snapshot("demo", value: "1", at: 1)
        try store.recordSuccess(
            instance: "demo", prefix: "__demo_", outcome: RefreshOutcome(.updated(item)), at: Date())
        try store.setVariable(StoredVariable(key: "n", value: "1", updatedAt: Date()))
        let queue = try DatabaseQueue(path: temp.directory + "/weft.sqlite")
        try queue.write { db in try db.execute(sql: edit) }
        try queue.close()
        let reader = try CacheStore.openForReading(directory: temp.directory)
        #expect {
            _ = try reader.snapshot(answering: "__demo_v")
            _ = try reader.lastAttempt("demo")
            _ = try reader.variables()
        } throws: { error in
            guard case StoreError.corrupt = error else { return false }
            return true
        }
    }
}
