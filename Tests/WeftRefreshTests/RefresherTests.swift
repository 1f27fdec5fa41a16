import Foundation
import Logging
import Testing
import WeftCore
import WeftProviders
import WeftRender
import WeftStore
import WeftTestSupport

@testable import WeftRefresh

/// The refresh tests' temporary home.
typealias Workspace = TemporaryHome

extension TemporaryHome {
    var locations: WeftLocations { WeftLocations(cacheDirectory: cache, providersDirectory: providers) }

    func provider(_ name: String, _ toml: String) throws {
        try provider(name, toml, modified: Date(timeIntervalSince1970: 0))
    }

    /// A command provider printing `json` (a shell printf), counting its runs in a file.
    func command(_ name: String, json: String, extra: String = "") throws {
        let script = "echo x >> \(root)/\(name).runs; printf '%s' '\(json)'"
        try provider(name, "type = \"command\"\ncommand = [\"/bin/sh\", \"-c\", \'\'\'\(script)\'\'\']\n" + extra)
    }

    func runs(_ name: String) -> Int {
        ((try? String(contentsOfFile: root + "/\(name).runs", encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    var refresher: Refresher {
        Refresher(
            registry: BuiltinProviders.registry, locations: locations, timeZone: TimeZone(identifier: "UTC")!,
            logger: Logger(label: "test"), lockWait: .seconds(5))
    }

    func store() throws -> CacheStore { try CacheStore.openForReading(directory: locations.cacheDirectory) }
}

let t0 = pinnedNow

@Suite struct RefresherTests {
    @Test func refreshesWhenDueAndSkipsWhileFresh() async throws {
        let space = try Workspace()
        try space.command("up", json: #"{"n": 1}"#, extra: "interval = \"10m\"\n")
        let first = try await space.refresher.run([], force: false, now: t0)
        #expect(first.entries == [.init(instance: "up", result: .refreshed(nextDue: t0 + 600, problems: []))])
        #expect(first.exitCode == 0)
        let second = try await space.refresher.run([], force: false, now: t0 + 300)
        #expect(second.entries == [.init(instance: "up", result: .notDue(until: t0 + 600))])
        #expect(space.runs("up") == 1)
        _ = try await space.refresher.run([], force: true, now: t0 + 301)
        #expect(space.runs("up") == 2)
        _ = try await space.refresher.run([], force: false, now: t0 + 901)
        #expect(space.runs("up") == 3)
    }

    @Test func editingTheProviderFileMakesItDue() async throws {
        let space = try Workspace()
        try space.command("up", json: #"{"n": 1}"#, extra: "interval = \"1h\"\n")
        _ = try await space.refresher.run([], force: false, now: t0)
        try space.command("up", json: #"{"n": 2}"#, extra: "interval = \"1h\"\n")
        try FileManager.default.setAttributes(
            [.modificationDate: t0 + 60], ofItemAtPath: space.root + "/providers/up.toml")
        _ = try await space.refresher.run([], force: false, now: t0 + 120)
        #expect(space.runs("up") == 2)
    }

    @Test func failureKeepsTheLastGoodSnapshotAndIsRecorded() async throws {
        let space = try Workspace()
        try space.command("up", json: #"{"n": 1}"#, extra: "interval = \"1m\"\n")
        _ = try await space.refresher.run([], force: false, now: t0)
        try space.command("up", json: "oops", extra: "interval = \"1m\"\n")
        let report = try await space.refresher.run([], force: true, now: t0 + 120)
        #expect(report.exitCode == 1)
        guard case .failed(let message) = report.entries.first?.result else {
            Issue.record("expected a failure")
            return
        }
        #expect(message.contains("not JSON"))
        let store = try space.store()
        #expect(String(decoding: try #require(try store.snapshot("up")).payload, as: UTF8.self).contains("\"n\":\"1\""))
        #expect(try store.lastAttempt("up")?.error == message)
        let resolver = VariableResolver(
            store: store, registry: BuiltinProviders.registry,
            context: VariableContext(now: t0 + 180, timeZone: .gmt, locale: Locale(identifier: "en_US")))
        #expect(resolver.value("__up_n") == "1")
        #expect(resolver.value("__up_error") == message)
        #expect(resolver.value("__up_stale") == "1")
        #expect(resolver.value("__up_age_min") == "3")
    }

    @Test func oneFailingProviderDoesNotStopTheOthers() async throws {
        let space = try Workspace()
        try space.command("good", json: #"{"ok": "yes"}"#)
        try space.provider("bad", "type = \"command\"\ncommand = [\"/bin/false\"]\n")
        let report = try await space.refresher.run([], force: false, now: t0)
        #expect(report.entries.map(\.instance) == ["bad", "good"])
        #expect(report.exitCode == 1)
        #expect(report.entries[1].result == .refreshed(nextDue: t0 + 300, problems: []))
        // The never-successful provider still explains itself.
        let resolver = VariableResolver(
            store: try space.store(), registry: BuiltinProviders.registry,
            context: VariableContext(now: t0, timeZone: .gmt, locale: Locale(identifier: "en_US")))
        #expect(resolver.value("__bad_error") == "`/bin/false` exited with status 1")
        #expect(resolver.value("__good_ok") == "yes")
    }

    @Test func aBrokenFileIsReportedWhileTheOthersRun() async throws {
        let space = try Workspace()
        try space.command("good", json: #"{"ok": 1}"#)
        try space.provider("typo", "type = \"comand\"\n")
        let report = try await space.refresher.run([], force: false, now: t0)
        #expect(report.entries.map(\.instance) == ["good", "typo"])
        guard case .invalid(let message) = report.entries[1].result else {
            Issue.record("\(report.entries)")
            return
        }
        #expect(
            message.contains(
                "typo.toml:1: unknown provider type \"comand\"; known types: air-quality, alarms, calendar, command, habits, met-norway"))
        #expect(report.exitCode == 2)
        #expect(space.runs("good") == 1)
    }

    @Test func aDuplicatePrefixGoesToTheFileThatDoesNotOwnIt() async throws {
        let space = try Workspace()
        try space.command("b", json: "{}", extra: "prefix = \"__same_\"\n")
        _ = try await space.refresher.run([], force: false, now: t0)
        // "a" comes first by name, but "b" owns the prefix in the cache: the new file gets the error.
        try space.command("a", json: "{}", extra: "prefix = \"__same_\"\n")
        let report = try await space.refresher.run([], force: true, now: t0 + 60)
        #expect(report.exitCode == 2)
        guard case .invalid(let message) = report.entries.first(where: { $0.instance == "a" })?.result else {
            Issue.record("\(report.entries)")
            return
        }
        #expect(message.contains("the variable prefix \"__same_\" is already used by "), "\(message)")
        #expect(message.contains("a.toml:") && message.contains("b.toml:"), "\(message)")
        #expect(report.entries.first { $0.instance == "b" }?.result == .refreshed(nextDue: t0 + 360, problems: []))
    }

    @Test func namedInstancesOnly() async throws {
        let space = try Workspace()
        try space.command("a", json: "{}")
        try space.command("b", json: "{}")
        let report = try await space.refresher.run(["b"], force: false, now: t0)
        #expect(report.entries.map(\.instance) == ["b"])
        #expect(space.runs("a") == 0)
        await #expect(throws: ConfigError.self) { _ = try await space.refresher.run(["c"], force: false, now: t0) }
    }

    @Test func retryAfterHoldsForTheRequestThatGotIt() {
        let failed = RefreshAttempt(
            instance: "w", prefix: "__w_", attemptedAt: t0, outcome: .failed, retryAfter: t0 + 120, fingerprint: "a")
        #expect(DuePolicy.retryAfter(failed, fingerprint: "a", now: t0 + 60) == t0 + 120)
        #expect(DuePolicy.retryAfter(failed, fingerprint: "a", now: t0 + 121) == nil)
        #expect(DuePolicy.retryAfter(failed, fingerprint: "b", now: t0 + 60) == nil, "changed settings: a new request")
        var old = failed
        old.fingerprint = nil
        #expect(DuePolicy.retryAfter(old, fingerprint: "b", now: t0 + 60) == t0 + 120, "stored by an older weft")
        let info = SnapshotInfo(instance: "w", kind: "x", prefix: "__w_", fetchedAt: t0 - 600, validUntil: t0 - 300)
        #expect(DuePolicy.nextDue(snapshot: info) == t0 - 300)
        #expect(DuePolicy.nextDue(snapshot: nil) == nil)
        #expect(DuePolicy.nextDue(snapshot: info, configModified: t0) == nil)
    }
}

@Suite struct WatchedFileTests {
    @Test func editingACalendarFileMakesItsProviderDue() async throws {
        let space = try Workspace()
        let ics = space.root + "/work.ics"
        let calendar = """
            BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:a@t\r\nDTSTAMP:20260301T000000Z\r
            DTSTART:20260310T120000Z\r\nDTEND:20260310T130000Z\r\nSUMMARY:Lunch\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n
            """
        try calendar.write(toFile: ics, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: t0 - 3600], ofItemAtPath: ics)
        try space.provider("work", "type = \"calendar\"\nsources = [{ name = \"Work\", path = \"\(ics)\" }]\n")
        let first = try await space.refresher.run([], force: false, now: t0)
        #expect(first.entries == [.init(instance: "work", result: .refreshed(nextDue: t0 + 900, problems: []))])
        let quiet = try await space.refresher.run([], force: false, now: t0 + 60)
        #expect(quiet.entries == [.init(instance: "work", result: .notDue(until: t0 + 900))])

        try calendar.replacingOccurrences(of: "Lunch", with: "Team lunch").write(
            toFile: ics, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: t0 + 120], ofItemAtPath: ics)
        let edited = try await space.refresher.run([], force: false, now: t0 + 180)
        #expect(edited.entries == [.init(instance: "work", result: .refreshed(nextDue: t0 + 180 + 900, problems: []))])
    }
}
