import Foundation
import Testing
import WeftTestSupport

extension TemporaryHome {
    /// Every warning `instance`'s last refresh stored, in full, one a line (from `weft status --json`).
    func warnings(_ instance: String, _ clock: [String]) async -> String {
        let status = await weft(arguments: ["status", "--json"] + clock)
        let array = (try? JSONSerialization.jsonObject(with: Data(status.stdout.utf8))) as? [[String: Any]]
        let entry = array?.first { $0["instance"] as? String == instance }
        return (entry?["warnings"] as? [String] ?? []).joined(separator: "\n")
    }
}

/// Issue 25: a provider's health has four states with one owner (ok, warning, stale, failed), every view shows what
/// the last refresh stored, and a Retry-After belongs to the request that got it.
@Suite("provider health")
struct HealthTests {
    static let event = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//weft tests//EN\r
        BEGIN:VEVENT\r
        UID:review@weft\r
        DTSTAMP:20260301T000000Z\r
        DTSTART:20260310T112900Z\r
        DTEND:20260310T120000Z\r
        SUMMARY:Review\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// #4: one half-synced file in a vdir (here many, with long names) is a warning: Waybar class `warning`, no
    /// i3bar `urgent`, no `__calendar_error`, a short counted `__calendar_warnings`, a normal card with a badge.
    @Test func aSkippedFileInAVdirIsAWarningNotAFailure() async throws {
        let box = try Sandbox()
        try box.write("vdir/good.ics", Self.event)
        try box.write("vdir/a.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:half a sync")
        try box.write("vdir/b.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:half a sync")
        try box.provider(
            "work", "type = \"calendar\"\nsources = [{ name = \"Work\", path = \"\(box.path("vdir"))\" }]\n")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        #expect(refresh.stderr.contains("work: ok with warnings: 2 skipped: a.ics, b.ics;"), "\(refresh)")

        let waybar = try Self.object(
            await box.weft(arguments: ["resolve", "--format", "waybar", "{{__calendar_next_title}}"] + Fixed.clock)
                .stdout)
        #expect(waybar["class"] as? [String] == ["warning"], "\(waybar)")
        #expect((waybar["tooltip"] as? String)?.contains("work: warning: 2 skipped: a.ics, b.ics") == true)
        let i3bar = try Self.object(
            await box.weft(arguments: ["resolve", "--format", "i3bar", "{{__calendar_next_title}}"] + Fixed.clock)
                .stdout)
        #expect(i3bar["urgent"] == nil, "urgent is for failures only: \(i3bar)")
        #expect(i3bar["full_text"] as? String == "Review")

        #expect(await box.weft(arguments: ["get", "__calendar_error"] + Fixed.clock).exitCode == 1)
        let warnings = await box.weft(arguments: ["get", "__calendar_warnings"] + Fixed.clock)
        #expect(warnings.stdout == "2 skipped: a.ics, b.ics\n", "\(warnings)")
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.exitCode == 0, "\(status)")
        #expect(status.stdout.contains("[warning]") && status.stdout.contains("  warnings: 2 skipped: a.ics, b.ics"))
        #expect(!status.stdout.contains("last error"), "\(status)")
        #expect(await box.warnings("work", Fixed.clock).contains(box.path("vdir/b.ics")), "the full list is kept")

        let serve = try await ServeTests.Server(box, Fixed.clock)
        let page = await serve.request("/")
        #expect(page.body.contains("class=\"card nextup ok"), "\(page.body)")
        #expect(page.body.contains("<span class=\"badge warning\" title=\"2 skipped: a.ics, b.ics\">2 warnings</span>"))
        #expect(!page.body.contains("refresh failed"), "\(page.body)")

        // A vdir of many broken files does not make a variable of kilobytes.
        let long = String(repeating: "x", count: 60)
        for index in 0..<150 {
            try box.write("vdir/\(long)-\(index).ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:half")
        }
        #expect(await box.weft(arguments: ["refresh", "--force"] + Fixed.clock).exitCode == 0)
        let many = await box.weft(arguments: ["get", "__calendar_warnings"] + Fixed.clock)
        #expect(many.stdout.hasPrefix("152 skipped: "), "\(many)")
        #expect(many.stdout.count <= 201, "bounded: \(many.stdout.count) characters")
        let vars = await box.weft(arguments: ["vars", "--prefix", "__calendar_", "--format", "json"] + Fixed.clock)
        #expect(vars.stdout.utf8.count < 8_000, "\(vars.stdout.utf8.count) bytes")
    }

    /// A cache an older weft wrote (before migration v6) kept a success's problems in `error`: read before any writer
    /// migrates it, they are warnings, and no reader fails on the missing columns.
    @Test func anOlderCachesWarningsReadAsWarnings() async throws {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"temp": 21}'"#))
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let downgrade = await WeftProcess.run([
            "sqlite3", box.database,
            "ALTER TABLE refresh_attempt DROP COLUMN warnings; ALTER TABLE refresh_attempt DROP COLUMN fingerprint; "
                + "DELETE FROM grdb_migrations WHERE identifier = 'v6: refresh warnings'; "
                + "UPDATE refresh_attempt SET error = 'rows.csv: 3 bad rows skipped';",
        ])
        #expect(downgrade.exitCode == 0, "\(downgrade)")
        #expect(await box.weft(arguments: ["get", "__demo_temp"] + Fixed.clock).stdout == "21\n")
        #expect(await box.weft(arguments: ["get", "__demo_error"] + Fixed.clock).exitCode == 1)
        let warnings = await box.weft(arguments: ["get", "__demo_warnings"] + Fixed.clock)
        #expect(warnings.stdout == "rows.csv: 3 bad rows skipped\n", "\(warnings)")
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.exitCode == 0 && status.stdout.contains("[warning]"), "\(status)")
        // The next refresh migrates it.
        #expect(await box.weft(arguments: ["refresh", "--force"] + Fixed.clock).exitCode == 0)
        #expect(await box.weft(arguments: ["get", "__demo_warnings"] + Fixed.clock).exitCode == 1)
    }

    /// #4: a failure is still one: class `error`, i3bar `urgent`, `__<prefix>error`, "refresh failed".
    @Test func aFailureIsStillAFailure() async throws {
        let box = try Sandbox()
        try box.provider("demo", shellProvider(#"printf '{"temp": 21}'"#))
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        try box.provider("demo", shellProvider("echo 'sensor gone' >&2; exit 3"))
        #expect(await box.weft(arguments: ["refresh", "--force"] + Fixed.clock).exitCode == 1)
        let waybar = try Self.object(
            await box.weft(arguments: ["resolve", "--format", "waybar", "{{__demo_temp}}"] + Fixed.clock).stdout)
        #expect(waybar["class"] as? [String] == ["error"], "\(waybar)")
        let i3bar = try Self.object(
            await box.weft(arguments: ["resolve", "--format", "i3bar", "{{__demo_temp}}"] + Fixed.clock).stdout)
        #expect(i3bar["urgent"] as? Bool == true, "\(i3bar)")
        #expect(await box.weft(arguments: ["get", "__demo_error"] + Fixed.clock).stdout.contains("sensor gone"))
        #expect(await box.weft(arguments: ["get", "__demo_warnings"] + Fixed.clock).exitCode == 1)
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.stdout.contains("[failed]") && status.stdout.contains("last error: "), "\(status)")
    }

    /// #5: a provider that reads its key from an environment variable the timer sets refreshes fine; `weft status`,
    /// `/v1/status` and the board in a shell without the variable show that, not a configuration error.
    @Test func viewsShowTheStoredOutcomeNotTheirOwnEnvironment() async throws {
        let server = try TestHTTPServer()
        let body = try DashboardTests.weatherBody()
        server.route("/forecast/KEY/40.7128,-74.006") { _ in
            TestResponse(headers: [("Content-Type", "application/json")], body: body)
        }
        let box = try Sandbox()
        try box.provider(
            "nyc",
            """
            type = "pirate-weather"
            name = "New York"
            latitude = 40.7128
            longitude = -74.006
            api_key_env = "WEFT_TEST_PIRATE_KEY_25"
            prefix = "__nyc_"
            base_url = "\(server.baseURL)"
            """)
        let refresh = await box.weft(
            arguments: ["refresh"] + DashboardTests.clock, environment: ["WEFT_TEST_PIRATE_KEY_25": "KEY"])
        #expect(refresh.exitCode == 0 && refresh.stderr.contains("nyc: ok"), "\(refresh)")

        let status = await box.weft(arguments: ["status"] + DashboardTests.clock)
        #expect(status.exitCode == 0, "\(status)")
        #expect(!status.stdout.contains("configuration error") && !status.stderr.contains("not set"), "\(status)")
        #expect(status.stdout.contains("nyc (pirate-weather): updated") && status.stdout.contains("[ok]"), "\(status)")
        #expect(await box.weft(arguments: ["get", "__nyc_temp"] + DashboardTests.clock).exitCode == 0)
        #expect(await box.weft(arguments: ["get", "__nyc_error"] + DashboardTests.clock).exitCode == 1)
        let explain = await box.weft(arguments: ["explain", "__nyc_temp"] + DashboardTests.clock)
        #expect(explain.stdout.contains("last error   none"), "\(explain)")

        let serve = try await ServeTests.Server(box, DashboardTests.clock)
        let page = await serve.request("/")
        #expect(page.status == 200 && !page.body.contains("refresh failed"), "\(page.body)")
        #expect(page.body.contains("class=\"card weather ok"), "\(page.body)")
        let json = try Self.object(await serve.request("/v1/status").body)
        let nyc = try #require((json["providers"] as? [[String: Any]])?.first, "\(json)")
        #expect(nyc["last_error"] == nil && nyc["health"] as? String == "ok", "\(nyc)")
    }

    /// #6: the error of a provider that never succeeded is listed by `weft vars --prefix` and `/v1/vars?prefix=`,
    /// as `weft get` and `weft explain` have it.
    @Test func varsListsTheErrorOfAProviderThatNeverSucceeded() async throws {
        let box = try Sandbox()
        try box.provider("miss", shellProvider("echo 'no such host' >&2; exit 3"))
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 1)
        let get = await box.weft(arguments: ["get", "__miss_error"] + Fixed.clock)
        #expect(get.stdout.contains("no such host"), "\(get)")
        let vars = await box.weft(arguments: ["vars", "--prefix", "__miss_"] + Fixed.clock)
        #expect(vars.stdout.hasPrefix("__miss_error  ") && vars.stdout.contains("no such host"), "\(vars)")
        let serve = try await ServeTests.Server(box, Fixed.clock)
        let listed = try Self.object(await serve.request("/v1/vars?prefix=__miss_").body)
        #expect((listed["vars"] as? [String: String])?["__miss_error"]?.contains("no such host") == true, "\(listed)")
    }

    /// #7: a Retry-After holds for the request that got it (not even --force asks again, and `weft status` says
    /// it waits instead of "due now"); once the URL is fixed, the next refresh runs at once.
    @Test func aFixedURLIsNotHeldByTheOldURLsRetryAfter() async throws {
        let server = try TestHTTPServer()
        let body = try WeatherCommandTests.rain()
        server.route("/typo/v1/forecast") { _ in .text("slow down", status: 429, headers: [("Retry-After", "3600")]) }
        server.route("/v1/forecast") { _ in TestResponse(headers: [("Content-Type", "application/json")], body: body) }
        let box = try Sandbox()
        func provider(_ base: String) throws {
            try box.provider(
                "home",
                "type = \"open-meteo\"\nname = \"Brno\"\nlatitude = 49.19\nlongitude = 16.61\n"
                    + "base_url = \"\(base)\"\n")
        }
        try provider(server.baseURL + "/typo")
        let clock = WeatherCommandTests.clock
        #expect(await box.weft(arguments: ["refresh"] + clock).exitCode == 1)
        let status = await box.weft(arguments: ["status"] + clock)
        #expect(status.stdout.contains("waiting for Retry-After until 22:15"), "\(status)")
        #expect(!status.stdout.contains("due now"), "\(status)")
        let forced = await box.weft(arguments: ["refresh", "--force"] + clock)
        #expect(forced.stderr.contains("home: skipped: the source asked to wait until 22:15"), "\(forced)")
        #expect(server.requests.count == 1, "the same request is not sent again")

        try provider(server.baseURL)
        let fixed = await box.weft(arguments: ["refresh"] + clock)
        #expect(fixed.exitCode == 0 && fixed.stderr.contains("home: ok"), "\(fixed)")
        #expect(server.requests(path: "/v1/forecast").count == 1, "\(server.requests.map(\.path))")
        #expect(await box.weft(arguments: ["get", "__weather_location"] + clock).stdout == "Brno\n")
    }
}
