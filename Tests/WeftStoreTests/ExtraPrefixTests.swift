import Foundation
import GRDB
import Testing
import WeftCore

@testable import WeftStore

/// A snapshot's second prefix (the steps instance's `__activity_`): it answers keys under it, the longest matching
/// prefix still wins, and a cache written before the column existed is read without failing.
@Suite struct ExtraPrefixTests {
    @Test func aSecondPrefixAnswersItsKeys() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        var steps = snapshot("steps", value: "1", at: 1, prefix: "__steps_")
        steps.extraPrefix = "__activity_"
        let other = snapshot("act", value: "2", at: 2, prefix: "__activity_more_")
        for item in [steps, other] {
            try store.recordSuccess(
                instance: item.instance, prefix: item.prefix, outcome: RefreshOutcome(.updated(item)), at: Date())
        }
        #expect(try store.snapshot(answering: "__activity_steps_today")?.instance == "steps")
        #expect(try store.snapshot(answering: "__steps_today")?.instance == "steps")
        #expect(try store.snapshot(answering: "__activity_more_x")?.instance == "act", "the longer prefix wins")
        #expect(try store.snapshot("steps")?.extraPrefix == "__activity_")
        #expect(try store.snapshot(answering: "__other_x") == nil)
    }

    /// A v3 cache (no `extra_prefix` column), as an older weft left it, read before any writer migrated it.
    @Test func aCacheWithoutTheColumnIsStillRead() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        let item = snapshot("steps", value: "1", at: 1, prefix: "__steps_")
        try store.recordSuccess(
            instance: "steps", prefix: "__steps_", outcome: RefreshOutcome(.updated(item)), at: Date())
        let queue = try DatabaseQueue(path: temp.directory + "/weft.sqlite")
        try queue.write { db in try db.execute(sql: "ALTER TABLE snapshot DROP COLUMN extra_prefix") }
        try queue.close()
        let reader = try CacheStore.openForReading(directory: temp.directory)
        #expect(try reader.snapshot(answering: "__steps_today")?.instance == "steps")
        #expect(try reader.snapshot(answering: "__activity_steps_today") == nil)
    }
}
