import Foundation
import GRDB
import Testing
import WeftCore

@testable import WeftStore

/// A successful refresh's problems are warnings, stored apart from `error` (failures only), and a cache written
/// before migration v6 reads the same.
@Suite struct RefreshWarningsTests {
    @Test func aSuccessStoresWarningsAndNoError() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        let item = snapshot("cal", value: "1", at: 1, validFor: 600, prefix: "__cal_")
        try store.recordSuccess(
            instance: "cal", prefix: "__cal_",
            outcome: RefreshOutcome(.updated(item), problems: ["/v/a.ics: skipped, x", "/v/b.ics: skipped, y"]),
            at: Date(timeIntervalSince1970: 1))
        let attempt = try #require(try store.lastAttempt("cal"))
        #expect(attempt.error == nil && attempt.warnings == ["/v/a.ics: skipped, x", "/v/b.ics: skipped, y"])
        let health = try #require(try store.health(of: "cal"))
        #expect(health.failure == nil && health.state(at: Date(timeIntervalSince1970: 2)) == .warning)
        #expect(health.warningSummary == "2 skipped: a.ics, b.ics")
        #expect(health.state(at: Date(timeIntervalSince1970: 700)) == .stale)
    }

    /// The one-statement read of one instance (what a render asks) gives what the read of every instance gives.
    @Test func oneInstancesHealthIsWhatEveryInstancesReadSays() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        let item = snapshot("cal", value: "1", at: 1, validFor: 600, prefix: "__cal_")
        try store.recordSuccess(
            instance: "cal", prefix: "__cal_", outcome: RefreshOutcome(.updated(item), problems: ["a.ics: skipped"]),
            at: Date(timeIntervalSince1970: 1))
        try store.recordFailure(
            RefreshAttempt(
                instance: "cal", prefix: "__cal_", attemptedAt: Date(timeIntervalSince1970: 2), outcome: .failed,
                error: "HTTP 503", httpStatus: 503))
        try store.recordFailure(
            RefreshAttempt(
                instance: "new", prefix: "__new_", attemptedAt: Date(timeIntervalSince1970: 2), outcome: .failed,
                error: "never worked"))
        _ = try store.syncProviderFiles(
            [
                ProviderFileRecord(
                    instance: "broken", file: "/p/broken.toml", type: "command", prefix: "__broken_",
                    fingerprint: nil, configError: "configuration error: bad key")
            ], forgetting: [], at: Date(timeIntervalSince1970: 3))
        let every = try store.allHealth()
        #expect(every.map(\.instance) == ["broken", "cal", "new"])
        for health in every { #expect(try store.health(of: health.instance) == health) }
        #expect(try store.health(of: "nothing") == nil)
    }

    /// A v4 cache (no `warnings` or `fingerprint` column) whose successful attempt kept its problems in `error`, as
    /// an older weft wrote it, read before any writer migrated it: the problems are warnings, not a failure.
    @Test func anOldSuccessWithAnErrorReadsAsAWarning() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        let item = snapshot("cal", value: "1", at: 1, validFor: 600, prefix: "__cal_")
        try store.recordSuccess(
            instance: "cal", prefix: "__cal_", outcome: RefreshOutcome(.updated(item)),
            at: Date(timeIntervalSince1970: 1))
        try store.recordFailure(
            RefreshAttempt(
                instance: "gone", prefix: "__gone_", attemptedAt: Date(timeIntervalSince1970: 1), outcome: .failed,
                error: "HTTP 503"))
        let queue = try DatabaseQueue(path: temp.directory + "/weft.sqlite")
        try queue.write { db in
            try db.execute(sql: "ALTER TABLE refresh_attempt DROP COLUMN warnings")
            try db.execute(sql: "ALTER TABLE refresh_attempt DROP COLUMN fingerprint")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v6: refresh warnings'")
            try db.execute(sql: "UPDATE refresh_attempt SET error = 'a.ics: skipped' WHERE instance = 'cal'")
        }
        try queue.close()
        let reader = try CacheStore.openForReading(directory: temp.directory)
        let old = try #require(try reader.lastAttempt("cal"))
        #expect(old.outcome == .ok && old.error == nil && old.warnings == ["a.ics: skipped"])
        let all = try reader.allHealth()
        #expect(all.map(\.instance) == ["cal", "gone"])
        #expect(all.first?.failure == nil && all.first?.warnings == ["a.ics: skipped"])
        #expect(all.last?.failure == "HTTP 503" && all.last?.validUntil == nil)
        for health in all { #expect(try reader.health(of: health.instance) == health) }
        // A writer migrates it, and the old row still reads the same.
        let writer = try CacheStore.openForWriting(directory: temp.directory)
        #expect(try writer.lastAttempt("cal")?.warnings == ["a.ics: skipped"])
    }

    @Test func aSummaryIsShortAndCounted() throws {
        let many = (0..<500).map { "/home/u/cal/event-\($0)-\(String(repeating: "x", count: 40)).ics: skipped, bad" }
        let summary = try #require(ProviderHealth.summary(of: many) as String?)
        #expect(summary.hasPrefix("500 skipped: event-0-"), "\(summary)")
        #expect(summary.count <= 200, "\(summary)")
        #expect(ProviderHealth.summary(of: []) == nil)
        #expect(ProviderHealth.summary(of: ["no file matches ~/x/*.csv"]) == "no file matches ~/x/*.csv")
        let mixed = ProviderHealth.summary(of: [
            "/c/w.ics: event a@x: RRULE could not be parsed, skipped", "/c/w.ics: event b@x: RRULE could not be parsed",
            "/c/v.ics: skipped, the folder's other files are read: truncated",
        ])
        #expect(mixed == "2 RRULE could not be parsed: w.ics; v.ics: skipped", "\(mixed ?? "")")
    }
}
