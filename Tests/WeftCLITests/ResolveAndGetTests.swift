import Foundation
import Testing

/// `weft resolve` and `weft get`: rendering, time built-ins and which source wins a key.
@Suite("resolve and get")
struct ResolveAndGetTests {
    /// A sandbox whose `demo` provider has a snapshot with `temp` = 21 and `city` = Berlin.
    static func withSnapshot() async throws -> Sandbox {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"temp": 21, "city": "Berlin"}'"#))
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        return box
    }

    @Test func timeBuiltInsFollowNowAndZone() async throws {
        let box = try Sandbox()
        let result = await box.weft(
            arguments: ["resolve", "{{__today}}", "{{__time}}", "{{__weekday}}", "{{__now}}", "{{__now_unix}}"]
                + Fixed.clock)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "2026-03-10\n10:30\nTue\n2026-03-10T09:30:00.000Z\n1773135000\n", "\(result)")
        #expect(!FileManager.default.fileExists(atPath: box.database), "reading never creates the cache")

        // Late evening UTC is already the next day in Berlin.
        let late = await box.weft(
            "resolve", "{{__today}} {{__time}} {{__weekday}}", "--now", "2026-03-10T23:15:00Z",
            "--tz", Fixed.zone)
        #expect(late.stdout == "2026-03-11 00:15 Wed\n", "\(late)")
        let tokyo = await box.weft("get", "__time", "--now", Fixed.now, "--tz", "Asia/Tokyo")
        #expect(tokyo.stdout == "18:30\n", "\(tokyo)")
    }

    @Test func resolveRendersEachTemplateOnItsOwnLine() async throws {
        let box = try await Self.withSnapshot()
        let result = await box.weft(
            arguments: ["resolve", "{{__demo_city}}: {{__demo_temp}}°", "{{__demo_missing|n/a}}", "plain text", ""]
                + Fixed.clock)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "Berlin: 21°\nn/a\nplain text\n\n", "\(result)")
    }

    @Test func dashReadsTemplatesFromStdinOnePerLine() async throws {
        let box = try await Self.withSnapshot()
        let result = await box.weft(
            arguments: ["resolve", "first {{__time}}", "-", "last"] + Fixed.clock,
            stdin: "{{__today}}\n{{__demo_city}} {{__demo_temp}}\n\nno newline at end {{__weekday}}")
        #expect(result.exitCode == 0, "\(result)")
        #expect(
            result.stdout == "first 10:30\n2026-03-10\nBerlin 21\n\nno newline at end Tue\nlast\n", "\(result)")
    }

    @Test func getPrintsOneValueAndExitsOneWhenMissing() async throws {
        let box = try await Self.withSnapshot()
        let found = await box.weft("get", "__demo_city")
        #expect(found.exitCode == 0 && found.stdout == "Berlin\n" && found.stderr.isEmpty, "\(found)")
        let canonical = await box.weft("get", "  __DEMO_Temp ")
        #expect(canonical.stdout == "21\n", "keys are case- and space-insensitive: \(canonical)")

        let missing = await box.weft("get", "__demo_nothing")
        #expect(missing.exitCode == 1, "\(missing)")
        #expect(missing.stdout.isEmpty, "\(missing)")
        let unknown = await box.weft("get", "mood")
        #expect(unknown.exitCode == 1 && unknown.stdout.isEmpty, "\(unknown)")
    }

    /// Status bars run `weft get` every second: it must not pay for loading libcurl or libical (and the ICU and
    /// TLS libraries behind them), which only refreshes and calendar parsing use.
    @Test func getLoadsNeitherLibcurlNorLibical() async throws {
        let box = try await Self.withSnapshot()
        let get = await box.weft("get", "__demo_city", environment: ["LD_DEBUG": "files"])
        #expect(get.exitCode == 0 && get.stdout == "Berlin\n", "\(get)")
        #expect(get.stderr.contains("libsqlite3"), "LD_DEBUG=files lists the libraries loaded: \(get.stderr)")
        #expect(!get.stderr.contains("libcurl") && !get.stderr.contains("libical"), "\(get.stderr)")

        let calendar = box.path("one.ics")
        try box.write(
            calendar,
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//weft//test//EN\r\nBEGIN:VEVENT\r\nUID:1\r\n"
                + "DTSTART:20260310T120000Z\r\nDTEND:20260310T130000Z\r\nSUMMARY:Lunch\r\nEND:VEVENT\r\n"
                + "END:VCALENDAR\r\n")
        let next = await WeftProcess.weft(
            ["calendar", "next", calendar] + Fixed.clock, environment: ["LD_DEBUG": "files"])
        #expect(next.exitCode == 0 && next.stdout.contains("Lunch"), "\(next)")
        #expect(next.stderr.contains("libical.so.3"), "libical is loaded when a calendar is parsed")
    }

    @Test func readersWorkWithoutAnyCache() async throws {
        let box = try Sandbox()
        let get = await box.weft("get", "__demo_temp")
        #expect(get.exitCode == 1 && get.signal == nil, "\(get)")
        let resolve = await box.weft(arguments: ["resolve", "{{__demo_temp|--}} {{__time}}"] + Fixed.clock)
        #expect(resolve.exitCode == 0 && resolve.stdout == "-- 10:30\n", "\(resolve)")
        #expect(!FileManager.default.fileExists(atPath: box.database))
    }

    @Test func snapshotBookkeepingVariables() async throws {
        let box = try await Self.withSnapshot()
        // Refreshed at 09:30Z with the default 5 min interval; read 12 minutes later.
        let result = await box.weft(
            "resolve", "{{__demo_updated_iso}} {{__demo_age_min}} {{__demo_stale}}", "--now", "2026-03-10T09:42:00Z",
            "--tz", Fixed.zone)
        #expect(result.stdout == "2026-03-10T09:30:00Z 12 1\n", "\(result)")
        let fresh = await box.weft(arguments: ["resolve", "{{__demo_age_min}} {{__demo_stale}}"] + Fixed.clock)
        #expect(fresh.stdout == "0 0\n", "\(fresh)")
    }

    @Test func varsFileAddsVariablesForOneCall() async throws {
        let box = try await Self.withSnapshot()
        try box.write("extra.json", #"{"greeting": "hi there", "count": 4, "mood": "sad", "__demo_temp": 99}"#)
        let with = await box.weft(
            arguments: [
                "resolve", "{{greeting}} {{count}} {{mood|none}} {{__demo_temp}}", "--vars", box.path("extra.json"),
            ]
                + Fixed.clock)
        #expect(with.exitCode == 0, "\(with)")
        // A provider's own variable wins over --vars.
        #expect(with.stdout == "hi there 4 sad 21\n", "\(with)")
        let get = await box.weft("get", "greeting", "--vars", box.path("extra.json"))
        #expect(get.stdout == "hi there\n", "\(get)")

        let without = await box.weft(arguments: ["resolve", "{{greeting|-}} {{count|-}}"] + Fixed.clock)
        #expect(without.stdout == "- -\n", "--vars lasts for one call only: \(without)")

        // --vars wins over a stored variable of the same name.
        #expect(await box.weft("var", "set", "mood", "happy").exitCode == 0)
        let stored = await box.weft(arguments: ["resolve", "{{mood}}", "--vars", box.path("extra.json")] + Fixed.clock)
        #expect(stored.stdout == "sad\n", "\(stored)")
        #expect(await box.weft("get", "mood").stdout == "happy\n")
    }

    @Test func badVarsFileIsAClearError() async throws {
        let box = try Sandbox()
        try box.write("bad.json", "[1, 2]")
        let bad = await box.weft("resolve", "x", "--vars", box.path("bad.json"))
        #expect(bad.exitCode != 0 && bad.signal == nil, "\(bad)")
        #expect(bad.stderr.contains("--vars \(box.path("bad.json"))"), "\(bad)")
        #expect(bad.stderr.contains("expected a JSON object"), "\(bad)")
        let missing = await box.weft("resolve", "x", "--vars", box.path("nope.json"))
        #expect(missing.exitCode != 0 && missing.stderr.contains("nope.json"), "\(missing)")
    }

    @Test func providerVariableWinsOverStoredVariable() async throws {
        let box = try await Self.withSnapshot()
        let set = await box.weft("var", "set", "__demo_temp", "77")
        #expect(set.exitCode == 0, "\(set)")
        #expect(await box.weft("var", "get", "__demo_temp").stdout == "77\n", "the stored value is kept")
        #expect(await box.weft("get", "__demo_temp").stdout == "21\n")
        let rendered = await box.weft(arguments: ["resolve", "{{__demo_temp}}"] + Fixed.clock)
        #expect(rendered.stdout == "21\n", "\(rendered)")
    }

    @Test func storedVariableWinsOverTimeBuiltIn() async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "__time", "nope").exitCode == 0)
        let rendered = await box.weft(arguments: ["resolve", "{{__time}} {{__today}}"] + Fixed.clock)
        #expect(rendered.stdout == "nope 2026-03-10\n", "\(rendered)")
        #expect(await box.weft(arguments: ["get", "__time"] + Fixed.clock).stdout == "nope\n")
        #expect(await box.weft("var", "rm", "__time").exitCode == 0)
        #expect(await box.weft(arguments: ["get", "__time"] + Fixed.clock).stdout == "10:30\n")
    }

    @Test func badNowAndZoneAreRejected() async throws {
        let box = try Sandbox()
        let now = await box.weft("resolve", "{{__time}}", "--now", "yesterday")
        #expect(now.exitCode != 0 && now.signal == nil, "\(now)")
        #expect(now.stderr.contains("yesterday"), "\(now)")
        let zone = await box.weft("resolve", "{{__time}}", "--tz", "Mars/Olympus")
        #expect(zone.exitCode != 0 && zone.stderr.contains("Mars/Olympus"), "\(zone)")
    }

    @Test func environmentSuppliesZoneAndLocations() async throws {
        let box = try await Self.withSnapshot()
        // No --providers/--cache/--tz flags: WEFT_CACHE, WEFT_PROVIDERS and TZ stand in for them.
        let environment = ["WEFT_CACHE": box.cache, "WEFT_PROVIDERS": box.providers, "TZ": ":Europe/Berlin"]
        let result = await WeftProcess.weft(
            ["resolve", "{{__time}} {{__demo_temp}}", "--now", Fixed.now], environment: environment)
        #expect(result.exitCode == 0 && result.stdout == "10:30 21\n", "\(result)")
        let flagWins = await WeftProcess.weft(
            ["get", "__time", "--now", Fixed.now, "--tz", "UTC"], environment: environment)
        #expect(flagWins.stdout == "09:30\n", "\(flagWins)")
    }

    @Test func helpAndVersionComeFromTheBuiltBinary() async throws {
        let version = await WeftProcess.weft(["--version"])
        #expect(version.exitCode == 0 && version.stdout == "0.1.0\n", "\(WeftProcess.binary): \(version)")
        let help = await WeftProcess.weft(["refresh", "--help"])
        #expect(help.exitCode == 0, "\(help)")
        // Help is wrapped to the terminal's width, so the phrase is looked for with its line breaks undone.
        let prose = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(prose.contains("2 when a provider file is invalid"), "\(help)")
    }
}

/// spec/TEMPLATES.md rules through the binary: `round:N` with a negative N formats like `number:0`, and a
/// trailing comma closes a maths function's arguments.
@Suite("template rules through resolve")
struct TemplateRulesThroughResolveTests {
    @Test func negativeRoundAndTrailingComma() async throws {
        let box = try Sandbox()
        let result = await box.weft(
            arguments: ["resolve", "{{n|12345.6|round:-2}}", "{{=min(1, 2,)}}", "{{=max(3,)+1|none}}"] + Fixed.clock)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "12,346\n1\n4\n", "\(result)")
    }
}
