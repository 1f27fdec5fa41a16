import Foundation
import Testing
import WeftCore
import WeftProviders
import WeftStore
import WeftTestSupport

@testable import WeftRender

/// The one place sessions are set up: `weft get`/`resolve`, the live loop and the server all take theirs from it.
@Suite struct RenderSessionBuilderTests {
    let environment = ["HOME": "/nonexistent", "TZ": "Europe/Berlin"]

    func settings(_ space: TemporaryHome) -> RenderSettings {
        var settings = RenderSettings()
        settings.now = "2026-03-10T09:30:00Z"
        settings.cacheDirectory = space.cache
        settings.providersDirectory = space.providers
        return settings
    }

    /// A cache holding one `command` snapshot, `__up_load` = 0.5, fetched a minute and a half before `now`.
    func cacheWithSnapshot(_ space: TemporaryHome) throws {
        let store = try CacheStore.openForWriting(directory: space.cache)
        let snapshot = Snapshot(
            instance: "up", kind: "command", prefix: "__up_", schemaVersion: 1, fetchedAt: pinnedNow - 90,
            validUntil: pinnedNow + 210, payload: Data(#"{"values":{"load":"0.5"}}"#.utf8))
        try store.recordSuccess(
            instance: "up", prefix: "__up_", outcome: RefreshOutcome(.updated(snapshot)), at: snapshot.fetchedAt)
    }

    @Test func theSettingsAreCheckedOnceWithTheirMessages() throws {
        let space = try TemporaryHome()
        var bad = settings(space)
        bad.now = "yesterday"
        #expect(throws: RenderSetupError.badInstant("yesterday")) {
            try RenderSessionBuilder(settings: bad, registry: BuiltinProviders.registry, environment: environment)
        }
        var missing = settings(space)
        missing.varsFile = space.root + "/none.json"
        #expect(throws: RenderSetupError.unreadableVars(space.root + "/none.json")) {
            try RenderSessionBuilder(settings: missing, registry: BuiltinProviders.registry, environment: environment)
        }
        var zone = settings(space)
        zone.timeZone = "Mars/Olympus"
        #expect(throws: (any Error).self) {
            try RenderSessionBuilder(settings: zone, registry: BuiltinProviders.registry, environment: environment)
        }
    }

    @Test func aSessionHasThePinnedNowTheZoneTheVarsAndTheOutputCap() throws {
        let space = try TemporaryHome()
        let vars = space.root + "/vars.json"
        try Data(#"{"Mood": "fine", "n": 3}"#.utf8).write(to: URL(fileURLWithPath: vars))
        var settings = settings(space)
        settings.varsFile = vars
        settings.timeZone = "Asia/Tokyo"
        settings.outputLimit = 20
        let builder = try RenderSessionBuilder(
            settings: settings, registry: BuiltinProviders.registry, environment: environment)
        #expect(builder.pinnedNow == pinnedNow)
        #expect(builder.workspace.locations.cacheDirectory == space.cache)
        #expect(builder.workspace.locations.providersDirectory == space.providers)
        let session = try builder.open()
        #expect(session.render("{{mood}} {{n}}") == "fine 3")
        #expect(session.render("{{__time}}") == "18:30", "--tz is the zone of the time built-ins")
        // `--max-output` holds for every session the builder makes, the live loop's too.
        let long = session.render(String(repeating: "x", count: 40))
        #expect(long.utf8.count == 20 && long.hasSuffix("…"), "\(long)")
        let later = builder.session(over: try builder.workspace.openCache(), at: pinnedNow + 3600)
        #expect(later.render("{{__time}}") == "19:30")
    }

    @Test func theProviderKindsAreTheOnesPassedIn() throws {
        let space = try TemporaryHome()
        try cacheWithSnapshot(space)
        let builtin = try RenderSessionBuilder(
            settings: settings(space), registry: BuiltinProviders.registry, environment: environment
        ).open()
        #expect(builtin.resolver.value("__up_load") == "0.5")
        let none = try RenderSessionBuilder(
            settings: settings(space), registry: ProviderRegistry([]), environment: environment
        ).open()
        #expect(none.resolver.value("__up_load") == nil)
        #expect(none.resolver.value("__up_age_min") == "1", "the bookkeeping every provider has stays")
        #expect(none.resolver.problems == [#"up: no provider type "command" in this build of weft"#])
    }

    @Test func theLiveLoopReadsTheBuildersCache() throws {
        let space = try TemporaryHome()
        let builder = try RenderSessionBuilder(
            settings: settings(space), registry: BuiltinProviders.registry,
            workspace: Workspace(
                locations: WeftLocations(cacheDirectory: space.cache, providersDirectory: space.providers)),
            environment: environment)
        #expect(builder.workspace.notice == nil)
        let loop = LiveLoop(builder: builder, interval: .seconds(1))
        #expect(loop.cacheOpens == 0 && loop.renders == 0)
    }
}

/// The i3bar block has one encoder and one stale colour, for `--format i3bar` and `weft bar` alike.
@Suite struct I3BlockTests {
    func line(stale: Bool = false, error: Bool = false) -> StatusLine {
        var health = RenderHealth()
        if stale { health.stale.insert("up") }
        if error { health.errors["up"] = "the last refresh failed" }
        return StatusLine(text: "a\nb", health: health)
    }

    @Test func aStaleBlockIsGreyWhateverItsColourAndAFailingOneUrgent() {
        let fresh = I3Block(line(), name: "up", color: "#00ff00")
        #expect(fresh.color == "#00ff00" && fresh.urgent == nil && fresh.full_text == "a · b")
        let stale = I3Block(line(stale: true), name: "up", color: "#00ff00")
        #expect(stale.color == I3Block.staleColor && stale.urgent == nil)
        let failing = I3Block(line(error: true), name: "up")
        #expect(failing.urgent == true && failing.color == nil)
        #expect(I3Block(line(), name: "up", urgent: true).urgent == true)
    }

    @Test func theFormatAndTheBarWriteTheSameBlock() {
        let line = line(stale: true, error: true)
        #expect(
            line.formatted(.i3bar)
                == ##"{"color":"#999999","full_text":"a · b","name":"weft","urgent":true}"##)
        #expect(line.formatted(.i3bar) == StatusLine.encode(I3Block(line, name: "weft")))
    }

    @Test func clicksAreReadFromTheBarsEndlessArray() {
        var up = I3Bar.Click(name: "up", button: .left)
        up.numbers = ["x": 3]
        #expect(I3Bar.click(from: #",{"name":"up","button":1,"x":3}"#) == up)
        #expect(I3Bar.click(from: "[") == nil)
        #expect(I3Bar.click(from: #"{"name":"up","button":42}"#) == nil)
    }
}
