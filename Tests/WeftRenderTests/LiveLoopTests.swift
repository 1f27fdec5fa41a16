import Foundation
import Testing
import WeftCore
import WeftProviders
import WeftStore
import WeftTestSupport

@testable import WeftRender

/// The live loop's decisions, in process: when it renders (at its start, after a write, at a second's turn for a
/// template that reads the seconds; not on a mere wake-up), that its sessions carry `--max-output`, and that renders
/// between writes read no row of the cache.
@Suite struct LiveLoopTests {
    let environment = ["HOME": "/nonexistent", "TZ": "UTC"]

    func builder(_ space: TemporaryHome, now: String? = "2026-03-10T09:30:00Z", outputLimit: Int? = nil) throws
        -> RenderSessionBuilder
    {
        var settings = RenderSettings()
        settings.now = now
        settings.cacheDirectory = space.cache
        settings.providersDirectory = space.providers
        settings.outputLimit = outputLimit
        return try RenderSessionBuilder(
            settings: settings, registry: BuiltinProviders.registry, environment: environment)
    }

    /// A loop that leaves the test process's signals and parent alone.
    func loop(_ builder: RenderSessionBuilder) -> LiveLoop {
        LiveLoop(builder: builder, interval: .milliseconds(10), ownsProcess: false)
    }

    func set(_ space: TemporaryHome, _ key: String, _ value: String) throws {
        try CacheStore.openForWriting(directory: space.cache).setVariable(
            StoredVariable(key: key, value: value, updatedAt: pinnedNow))
    }

    @Test(.timeLimit(.minutes(1)))
    func itRendersAtItsStartAndAfterAWriteNotOnEveryWakeUp() throws {
        let space = try TemporaryHome()
        try set(space, "mood", "calm")
        let live = loop(try builder(space))
        var lines: [String] = []
        var wakeUps = 0
        var writeError: (any Error)?
        live.run(
            templates: ["mood: {{mood}}"],
            onWake: {
                wakeUps += 1
                // Twenty turns of the loop with nothing changed, then a write by another connection.
                if wakeUps == 20 {
                    do { try set(space, "mood", "glad") } catch { writeError = error }
                }
                // A loop that never notices the write is made to render, so the test fails instead of hanging.
                if wakeUps == 2000 { live.invalidate() }
                return .milliseconds(2)
            },
            report: { _ in },
            render: { session in
                lines.append(session.render("mood: {{mood}}"))
                return lines.count == 2 ? .stop : .proceed
            })
        #expect(writeError == nil)
        #expect(lines == ["mood: calm", "mood: glad"])
        #expect(live.renders == 2 && live.cacheOpens == 1)
        #expect(wakeUps >= 20, "the first render came after \(wakeUps) wake-ups")
    }

    @Test(.timeLimit(.minutes(1)))
    func aTemplateThatReadsTheSecondsRendersEachSecondWithoutAWrite() throws {
        let space = try TemporaryHome()
        try set(space, "mood", "calm")
        let live = loop(try builder(space, now: nil))
        var seconds: [Int] = []
        live.run(
            templates: ["{{__now_unix}} {{mood}}"], report: { _ in },
            render: { session in
                seconds.append(Int(session.render("{{__now_unix}}")) ?? -1)
                return seconds.count == 3 ? .stop : .proceed
            })
        #expect(seconds.count == 3)
        #expect(zip(seconds, seconds.dropFirst()).allSatisfy { $0 < $1 }, "\(seconds)")
    }

    @Test(.timeLimit(.minutes(1)))
    func itsSessionsCarryMaxOutput() throws {
        let space = try TemporaryHome()
        try set(space, "mood", "calm")
        let live = loop(try builder(space, outputLimit: 20))
        var text = ""
        live.run(
            templates: ["x"], report: { _ in },
            render: { session in
                text = session.render(String(repeating: "x", count: 40))
                return .stop
            })
        #expect(text.utf8.count == 20 && text.hasSuffix("…"), "\(text)")
    }

    @Test(.timeLimit(.minutes(1)))
    func aCacheThatCannotBeReadIsReportedOnceAndOpenedAgainWhenReplaced() throws {
        let space = try TemporaryHome()
        try FileManager.default.createDirectory(atPath: space.cache, withIntermediateDirectories: true)
        try Data("not a database, not at all, not even a little".utf8).write(
            to: URL(fileURLWithPath: space.database))
        let live = loop(try builder(space))
        var reports: [String?] = []
        var lines: [String] = []
        var wakeUps = 0
        live.run(
            templates: ["{{mood|none}}"],
            onWake: {
                wakeUps += 1
                if wakeUps == 20 {
                    try? FileManager.default.removeItem(atPath: space.database)
                    try? set(space, "mood", "fixed")
                }
                return .milliseconds(2)
            },
            report: { reports.append($0) },
            render: { session in
                lines.append(session.render("{{mood|none}}"))
                if lines.count == 1 { live.invalidate() }
                return lines.count == 2 ? .stop : .proceed
            })
        // Nothing is rendered from a damaged file: the output stays as it was and the problem is said once, then
        // cleared by the first render of the good cache that replaced it.
        #expect(lines == ["fixed", "fixed"])
        #expect(reports.count == 2 && reports.last == .some(nil), "\(reports)")
        #expect(reports.first??.contains("damaged") == true, "\(reports)")
        #expect(live.cacheOpens == 2)
    }
}

/// What a live loop keeps between renders: the rows a render read, until another connection writes.
@Suite struct CacheReadsTests {
    @Test func rendersBetweenWritesReadNoRowAndAWriteIsReadOnce() throws {
        let space = try TemporaryHome()
        let tests = LiveLoopTests()
        try RenderSessionBuilderTests().cacheWithSnapshot(space)
        try tests.set(space, "mood", "calm")
        let builder = try tests.builder(space)
        let reads = CacheReads(try CacheStore.openForReading(directory: space.cache))
        #expect(try reads.revalidate() == true, "the first check reads the data version")
        let template = "{{__up_load}} {{__up_age_min}} {{__up_error|fine}} {{mood}} {{__nothing|-}}"
        #expect(builder.session(over: reads, at: pinnedNow).render(template) == "0.5 1 fine calm -")
        let misses = reads.misses
        #expect(misses > 0)
        // A render a minute later derives again (the age moved) from the rows already read.
        #expect(try reads.revalidate() == false)
        #expect(builder.session(over: reads, at: pinnedNow + 60).render(template) == "0.5 2 fine calm -")
        #expect(reads.misses == misses)
        // Another connection's write changes the data version: everything is read again, once.
        try tests.set(space, "mood", "glad")
        #expect(try reads.revalidate() == true)
        #expect(builder.session(over: reads, at: pinnedNow + 60).render(template) == "0.5 2 fine glad -")
        let afterWrite = reads.misses
        #expect(afterWrite > misses)
        #expect(builder.session(over: reads, at: pinnedNow + 120).render(template) == "0.5 3 fine glad -")
        #expect(reads.misses == afterWrite)
    }

    /// Issue 31: a live loop ticking every second derived every provider's variables (decoding its snapshot) at
    /// every render; they are kept until the next instant one of them may read differently.
    @Test func derivedVariablesAreKeptUntilTheirNextBoundary() throws {
        let space = try TemporaryHome()
        try RenderSessionBuilderTests().cacheWithSnapshot(space)
        let builder = try LiveLoopTests().builder(space)
        let reads = CacheReads(try CacheStore.openForReading(directory: space.cache))
        try reads.revalidate()
        let template = "{{__up_load}} {{__up_age_min}} {{__up_stale}}"
        // Fetched 90 s before the pinned now: its age turns at :30 past each minute.
        #expect(builder.session(over: reads, at: pinnedNow).render(template) == "0.5 1 0")
        #expect(builder.session(over: reads, at: pinnedNow + 29).render(template) == "0.5 1 0")
        #expect(reads.derivations == 1)
        #expect(builder.session(over: reads, at: pinnedNow + 30).render(template) == "0.5 2 0")
        #expect(reads.derivations == 2)
        // A clock set back derives again rather than trusting what was derived for a later time.
        #expect(builder.session(over: reads, at: pinnedNow - 1).render(template) == "0.5 1 0")
        #expect(reads.derivations == 3)
        // Past its validity the snapshot is stale, at the very second.
        #expect(builder.session(over: reads, at: pinnedNow + 210).render(template) == "0.5 5 1")
        #expect(reads.derivations == 4)
    }

    @Test func aPlainValueDoesNotReadTheProvidersHealthButItsErrorKeyDoes() throws {
        let space = try TemporaryHome()
        let tests = LiveLoopTests()
        try RenderSessionBuilderTests().cacheWithSnapshot(space)
        let store = try CacheStore.openForWriting(directory: space.cache)
        try store.recordFailure(
            RefreshAttempt(
                instance: "up", prefix: "__up_", attemptedAt: pinnedNow - 30, outcome: .failed, error: "timed out"))
        let builder = try tests.builder(space)
        let reads = CacheReads(try CacheStore.openForReading(directory: space.cache))
        let session = builder.session(over: reads, at: pinnedNow)
        #expect(session.render("{{__up_load}}") == "0.5", "the last good data stays")
        let plain = reads.misses
        #expect(session.render("{{__up_error}}") == "timed out")
        #expect(reads.misses == plain + 2, "the error key's snapshot lookup and the provider's health")
        // A status bar asks the health of what it read, without a second read of it.
        let line = session.statusLine("{{__up_load}}")
        #expect(line.hasErrors && !line.isStale && reads.misses == plain + 2)
    }
}
