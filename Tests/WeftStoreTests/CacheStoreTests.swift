import Foundation
import GRDB
import Testing
import WeftCore

@testable import WeftStore

/// A fresh cache directory per test.
struct TempCache: ~Copyable {
    let directory: String
    init() throws {
        directory =
            FileManager.default.temporaryDirectory.appendingPathComponent("weft-store-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: directory) }
}

func snapshot(_ instance: String, value: String, at seconds: Double, validFor: Double = 300, prefix: String? = nil)
    -> Snapshot
{
    Snapshot(
        instance: instance, kind: "command", prefix: prefix ?? "__\(instance)_", schemaVersion: 1,
        fetchedAt: Date(timeIntervalSince1970: seconds), validUntil: Date(timeIntervalSince1970: seconds + validFor),
        payload: Data(#"{"values":{"v":"\#(value)"}}"#.utf8))
}

@Suite struct CacheStoreTests {
    @Test func missingCacheReadsAsEmptyWithoutCreatingIt() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForReading(directory: temp.directory + "/none")
        #expect(try store.snapshot("x") == nil)
        #expect(try store.variables().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: temp.directory + "/none/weft.sqlite"))
    }

    @Test func createsAWALDatabaseWithEveryTable() throws {
        let temp = try TempCache()
        _ = try CacheStore.openForWriting(directory: temp.directory)
        let queue = try DatabaseQueue(path: temp.directory + "/weft.sqlite")
        try queue.read { db in
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            let tables = try String.fetchAll(
                db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            #expect(Set(tables).isSuperset(of: ["snapshot", "refresh_attempt", "http_validator", "variable"]))
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temp.directory).filter {
            $0.contains(".new-")
        }
        #expect(leftovers.isEmpty)
    }

    @Test func successReplacesTheSnapshotAndFailureKeepsIt() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        try store.recordSuccess(
            instance: "a", prefix: "__a_", outcome: RefreshOutcome(.updated(snapshot("a", value: "1", at: 1000))),
            at: Date(timeIntervalSince1970: 1000))
        try store.recordSuccess(
            instance: "a", prefix: "__a_", outcome: RefreshOutcome(.updated(snapshot("a", value: "2", at: 2000))),
            at: Date(timeIntervalSince1970: 2000))
        try store.recordFailure(
            RefreshAttempt(
                instance: "a", prefix: "__a_", attemptedAt: Date(timeIntervalSince1970: 3000), outcome: .failed,
                error: "HTTP 503", httpStatus: 503, retryAfter: Date(timeIntervalSince1970: 3600)))
        let reader = try CacheStore.openForReading(directory: temp.directory)
        #expect(try reader.snapshot("a") == snapshot("a", value: "2", at: 2000))
        let last = try #require(try reader.lastAttempt("a"))
        #expect(last.outcome == .failed && last.error == "HTTP 503" && last.httpStatus == 503)
        #expect(last.retryAfter == Date(timeIntervalSince1970: 3600))
        #expect(try reader.lastSuccess("a")?.attemptedAt == Date(timeIntervalSince1970: 2000))
        #expect(try reader.attempts("a").count == 3)
    }

    @Test func notModifiedExtendsValidityAndStoresValidators() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        let first = snapshot("w", value: "1", at: 1000)
        try store.recordSuccess(
            instance: "w", prefix: "__w_",
            outcome: RefreshOutcome(
                .updated(first), validators: [HTTPValidator(url: "http://x/a", etag: "\"e1\"", lastModified: nil)]),
            at: first.fetchedAt)
        try store.recordSuccess(
            instance: "w", prefix: "__w_",
            outcome: RefreshOutcome(
                .notModified(validUntil: Date(timeIntervalSince1970: 9000)),
                validators: [
                    HTTPValidator(url: "http://x/a", etag: "\"e2\"", lastModified: "Tue, 10 Mar 2026 09:00:00 GMT")
                ]),
            at: Date(timeIntervalSince1970: 5000))
        let stored = try #require(try store.snapshot("w"))
        #expect(stored.payload == first.payload && stored.fetchedAt == first.fetchedAt)
        #expect(stored.validUntil == Date(timeIntervalSince1970: 9000))
        #expect(try store.lastAttempt("w")?.outcome == .notModified)
        #expect(
            try store.validators("w")["http://x/a"]
                == HTTPValidator(url: "http://x/a", etag: "\"e2\"", lastModified: "Tue, 10 Mar 2026 09:00:00 GMT"))
    }

    @Test func longestPrefixAnswersAKey() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        for (instance, prefix) in [("weather", "__weather_"), ("wx", "__weather_x_")] {
            try store.recordSuccess(
                instance: instance, prefix: prefix,
                outcome: RefreshOutcome(.updated(snapshot(instance, value: instance, at: 1, prefix: prefix))),
                at: Date())
        }
        #expect(try store.snapshot(answering: "__weather_temp")?.instance == "weather")
        #expect(try store.snapshot(answering: "__weather_x_temp")?.instance == "wx")
        #expect(try store.snapshot(answering: "__steps_today") == nil)
    }

    @Test func attemptsArePrunedPerInstance() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        for i in 0..<60 {
            try store.recordFailure(
                RefreshAttempt(
                    instance: "a", prefix: "__a_", attemptedAt: Date(timeIntervalSince1970: Double(i)),
                    outcome: .failed, error: "e\(i)"))
        }
        #expect(try store.attempts("a", limit: 100).count == 50)
        #expect(try store.lastAttempt("a")?.error == "e59")
        #expect(try store.lastAttempt(answering: "__a_error")?.error == "e59")
    }

    @Test func variablesRoundTripWithCounters() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        let rule = CounterRule(step: 2, goal: 8, reset: .weekly, resetValue: 1, weekStart: 1)
        try store.setVariable(
            StoredVariable(key: "water", value: "3", updatedAt: Date(timeIntervalSince1970: 10), counter: rule))
        try store.setVariable(StoredVariable(key: "mood", value: "ok", updatedAt: Date(timeIntervalSince1970: 20)))
        #expect(try store.variable("water")?.counter == rule)
        #expect(try store.variables().map(\.key) == ["mood", "water"])
        #expect(try store.removeVariable("mood"))
        #expect(try !store.removeVariable("mood"))
        let updated = try store.updateVariable("water") { current in
            var next = try #require(current)
            next.value = "5"
            return next
        }
        #expect(updated.value == "5" && updated.counter == rule)
    }

    @Test func refusedUpdateChangesNothing() throws {
        let temp = try TempCache()
        let store = try CacheStore.openForWriting(directory: temp.directory)
        try store.setVariable(StoredVariable(key: "k", value: "abc", updatedAt: Date()))
        #expect(throws: StoreError.notANumber(key: "k", value: "abc")) {
            _ = try store.updateVariable("k") { current in
                throw StoreError.notANumber(key: "k", value: current?.value ?? "")
            }
        }
        #expect(try store.variable("k")?.value == "abc")
    }

    @Test func concurrentIncrementsAllCount() async throws {
        let temp = try TempCache()
        let directory = temp.directory
        _ = try CacheStore.openForWriting(directory: directory)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    guard let store = try? CacheStore.openForWriting(directory: directory) else { return }
                    for _ in 0..<25 {
                        _ = try? store.updateVariable("n") { current in
                            StoredVariable(key: "n", value: String(Int(current?.value ?? "0")! + 1), updatedAt: Date())
                        }
                    }
                }
            }
        }
        #expect(try CacheStore.openForReading(directory: directory).variable("n")?.value == "100")
    }

    @Test func corruptFileGivesAClearError() throws {
        let temp = try TempCache()
        try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: temp.directory + "/weft.sqlite"))
        let reader: CacheStore
        do {
            reader = try CacheStore.openForReading(directory: temp.directory)
        } catch {
            #expect("\(error)".contains("is damaged or not a weft cache"))
            return
        }
        #expect {
            _ = try reader.snapshot("x")
        } throws: { error in
            guard case .corrupt(let path, _) = error as? StoreError else { return false }
            return path == temp.directory + "/weft.sqlite" && "\(error)".contains("delete it")
        }
        #expect(throws: StoreError.self) { _ = try CacheStore.openForWriting(directory: temp.directory) }
    }

    @Test func foreignSQLiteFileIsNotAWeftCache() throws {
        let temp = try TempCache()
        let queue = try DatabaseQueue(path: temp.directory + "/weft.sqlite")
        try queue.write { db in try db.execute(sql: "CREATE TABLE other (x)") }
        try queue.close()
        let reader = try CacheStore.openForReading(directory: temp.directory)
        #expect {
            _ = try reader.snapshot("x")
        } throws: { error in
            if case .corrupt = error as? StoreError { return true }
            return false
        }
    }

    @Test func twoCreatorsAtOnceShareOneDatabase() async throws {
        let temp = try TempCache()
        let directory = temp.directory
        try await withThrowingTaskGroup(of: Void.self) { group in
            for i in 0..<4 {
                group.addTask {
                    let store = try CacheStore.openForWriting(directory: directory)
                    try store.setVariable(StoredVariable(key: "k\(i)", value: "\(i)", updatedAt: Date()))
                }
            }
            try await group.waitForAll()
        }
        #expect(try CacheStore.openForReading(directory: directory).variables().count == 4)
    }
}

@Suite struct RefreshLockTests {
    @Test func secondHolderGivesUpWithAClearMessage() throws {
        let temp = try TempCache()
        let first = try RefreshLock(directory: temp.directory)
        let clock = ContinuousClock()
        let start = clock.now
        #expect {
            _ = try RefreshLock(directory: temp.directory, wait: .milliseconds(300))
        } throws: { error in
            "\(error)".contains("another refresh (pid \(getpid())) is still running")
        }
        #expect(clock.now - start >= .milliseconds(300))
        _ = consume first
        // Other tests spawn processes meanwhile; a child forked before its exec briefly shares the lock's
        // open file (O_CLOEXEC closes it only at exec), so the release is seen within moments, not instantly.
        _ = try RefreshLock(directory: temp.directory, wait: .seconds(5))
    }
}
