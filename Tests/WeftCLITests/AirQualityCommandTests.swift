import Foundation
import Testing
import WeftTestSupport

/// The `air-quality` provider through the built binary: refresh from a loopback server serving recorded Open-Meteo
/// answers (Tests/Fixtures/air-quality), then render, revalidate, wait, refuse and check.
@Suite("air quality")
struct AirQualityCommandTests {
    /// 12:20 in Brno: the recording's hour 10:00Z, which the derived file's `current` block is for.
    static let brnoNow = "2026-10-01T10:20:00Z"
    static let brnoClock = ["--now", brnoNow, "--tz", "UTC"]
    /// 10:20 in New York, the recording's hour 14:00Z.
    static let newYorkClock = ["--now", "2026-10-01T14:20:00Z", "--tz", "America/New_York"]
    static let path = "/v1/air-quality"

    static func body(_ name: String) throws -> [UInt8] { Array(try FixtureFiles.data("air-quality", name)) }

    static func json(_ body: [UInt8], headers: [(name: String, value: String)] = []) -> TestResponse {
        TestResponse(headers: [("Content-Type", "application/json")] + headers, body: body)
    }

    /// A sandbox with an `air` instance pointed at `server`; `extra` adds lines to its file.
    static func sandbox(_ server: TestHTTPServer, _ extra: String = "") throws -> Sandbox {
        let box = try Sandbox()
        try box.provider(
            "air",
            """
            type = "air-quality"
            name = "Brno"
            latitude = 49.19
            longitude = 16.61
            timezone = "Europe/Prague"
            contact = "ops@example.org"
            base_url = "\(server.baseURL)"
            \(extra)
            """)
        return box
    }

    /// The instance's variables as `weft vars --format json` prints them, without the prefix.
    static func variables(_ box: Sandbox, _ clock: [String]) async throws -> [String: String] {
        let result = await box.weft(arguments: ["vars", "--prefix", "__air_", "--format", "json"] + clock)
        #expect(result.exitCode == 0, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        var out: [String: String] = [:]
        for (key, value) in object { out[String(key.dropFirst("__air_".count))] = value as? String }
        return out
    }

    /// The keys the provider derives besides the bookkeeping ones every provider gets.
    static func own(_ variables: [String: String]) -> [String: String] {
        variables.filter { !["updated_iso", "age_min", "stale", "error", "warnings"].contains($0.key) }
    }

    @Test func everyKeyOfAEuropeanPlaceWithPollen() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let body = try Self.body("openmeteo-air-derived-brno-all-keys.json")
        server.route(Self.path) { _ in Self.json(body) }
        let box = try Self.sandbox(server)
        let refresh = await box.weft(arguments: ["refresh"] + Self.brnoClock)
        #expect(refresh.exitCode == 0 && refresh.stderr.contains("air: ok"), "\(refresh)")

        let request = try #require(server.requests(path: Self.path).first)
        #expect(request.header("User-Agent")?.hasSuffix("(+ops@example.org)") == true, "\(request)")
        for part in [
            "latitude=49.19", "longitude=16.61", "timezone=Europe/Prague", "timeformat=unixtime",
            "current=european_aqi,us_aqi,pm2_5,pm10,ozone,nitrogen_dioxide,alder_pollen,",
            "hourly=european_aqi,us_aqi,pm2_5,pm10,ozone,nitrogen_dioxide,alder_pollen,",
        ] {
            #expect(request.target.contains(part), "\(part) in \(request.target)")
        }

        let variables = Self.own(try await Self.variables(box, Self.brnoClock))
        #expect(
            variables == [
                "location": "Brno", "provider": "Open-Meteo",
                "attribution": "Air quality data by Open-Meteo.com (CC BY 4.0)",
                "aqi": "29", "aqi_scale": "eu", "aqi_level": "fair", "aqi_eu": "29", "aqi_us": "36",
                // Today in Prague is 2026-09-30T22:00Z…2026-10-01T22:00Z; its highest hour is 36.
                "aqi_today_max": "36", "aqi_today_max_level": "fair",
                "pm25": "6.5", "pm10": "11.1", "ozone": "58", "no2": "7.1",
                "pollen_alder": "0", "pollen_birch": "0", "pollen_grass": "0.4", "pollen_mugwort": "1.7",
                "pollen_olive": "0", "pollen_ragweed": "0.7",
                "pollen_max": "1.7", "pollen_max_kind": "mugwort", "pollen_level": "low",
                "time_iso": "2026-10-01T10:00:00Z",
            ], "\(variables)")
        let table = try KeyTable(sourceFile: "AirQualityVariables.swift")
        let kinds = ["alder", "birch", "grass", "mugwort", "olive", "ragweed"]
        #expect(
            table.mismatches(
                derived: variables.keys.map { "__air_" + $0 }, prefix: "__air_", placeholders: ["kind": kinds]) == [])

        // Five hours on, without a refresh: the hourly series gives that hour; ozone came only in `current`.
        let later = await box.weft(
            arguments: ["resolve", "{{__air_aqi}} {{__air_aqi_level}} {{__air_pollen_mugwort}} {{__air_ozone|–}}"]
                + ["--now", "2026-10-01T15:20:00Z", "--tz", "UTC"])
        #expect(later.stdout == "36 fair 2.6 –\n", "\(later)")
    }

    @Test func aUSPlaceHasNoPollenKeysAndTheUSIndexOnRequest() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let recorded = try Self.body("openmeteo-air-new-york-2026-10-01.json")
        let withUS = try Self.body("openmeteo-air-derived-new-york-us-aqi.json")
        server.route("/real" + Self.path) { _ in Self.json(recorded) }
        server.route(Self.path) { _ in Self.json(withUS) }
        let box = try Sandbox()
        func provider(_ name: String, base: String, extra: String) throws {
            try box.provider(
                name,
                """
                type = "air-quality"
                name = "New York"
                latitude = 40.7
                longitude = -74.0
                prefix = "__\(name)_"
                base_url = "\(base)"
                \(extra)
                """)
        }
        // A trailing slash on base_url is not doubled in the request path.
        // A POSIX TZ is weft's to count days in; the API, which knows IANA names only, is asked for the place's own.
        try provider("ny", base: server.baseURL + "/real/", extra: "timezone = \"<-04>4\"")
        try provider("nyus", base: server.baseURL, extra: "index = \"us\"")
        let refresh = await box.weft(arguments: ["refresh"] + Self.newYorkClock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        let asked = server.requests(path: "/real" + Self.path).first?.target ?? ""
        #expect(asked.contains("&timezone=auto&"), "\(asked)")

        // The recording itself: European index, no US index asked back, pollen null all day.
        let real = await box.weft(
            arguments: [
                "resolve",
                "{{__ny_aqi}} {{__ny_aqi_level}} {{__ny_aqi_us|no us}} {{__ny_pm25}} {{__ny_pm10}} "
                    + "{{__ny_pollen_grass|no grass}} {{__ny_pollen_level|no pollen}} {{__ny_pollen_max|-}}",
            ] + Self.newYorkClock)
        #expect(real.stdout == "52 moderate no us 22.5 22.8 no grass no pollen -\n", "\(real)")
        let keys = await box.weft(arguments: ["vars", "--prefix", "__ny_"] + Self.newYorkClock)
        #expect(!keys.stdout.contains("pollen"), "absent, not zero: \(keys)")

        // `index = "us"`: the EPA's bands; today (New York's day, from --tz) peaks at 81.
        let us = await box.weft(
            arguments: [
                "resolve",
                "{{__nyus_aqi}} {{__nyus_aqi_scale}} {{__nyus_aqi_level}} {{__nyus_aqi_eu}} "
                    + "{{__nyus_aqi_today_max}} {{__nyus_aqi_today_max_level}}",
            ] + Self.newYorkClock)
        #expect(us.stdout == "76 us moderate 52 81 moderate\n", "\(us)")
    }

    @Test func aSecondRefreshRevalidatesAnd304KeepsTheData() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let body = try Self.body("openmeteo-air-derived-brno-all-keys.json")
        server.route(Self.path) { request in
            request.header("If-None-Match") == "\"aq1\""
                ? TestResponse(status: 304, headers: [("ETag", "\"aq1\""), ("Cache-Control", "max-age=900")])
                : Self.json(body, headers: [("ETag", "\"aq1\""), ("Cache-Control", "max-age=900")])
        }
        let box = try Self.sandbox(server)
        #expect(await box.weft(arguments: ["refresh"] + Self.brnoClock).exitCode == 0)
        // Within max-age nothing is due: no request.
        let early = await box.weft(arguments: ["refresh", "--now", "2026-10-01T10:25:00Z", "--tz", "UTC"])
        #expect(early.exitCode == 0, "\(early)")
        #expect(server.requests(path: Self.path).count == 1, "fresh for 15 minutes")

        let later = ["--now", "2026-10-01T10:40:00Z", "--tz", "UTC"]
        let again = await box.weft(arguments: ["refresh"] + later)
        #expect(again.exitCode == 0 && again.stderr.contains("air: not modified"), "\(again)")
        let requests = server.requests(path: Self.path)
        #expect(requests.count == 2)
        #expect(requests.last?.header("If-None-Match") == "\"aq1\"", "\(requests)")
        let kept = await box.weft(arguments: ["resolve", "{{__air_aqi}} {{__air_pm25}}"] + later)
        #expect(kept.stdout == "29 6.5\n", "\(kept)")
    }

    @Test func aRetryAfterIsHonouredAndTheLastGoodDataStays() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let body = try Self.body("openmeteo-air-derived-brno-all-keys.json")
        let busy = Locked(false)
        server.route(Self.path) { _ in
            busy.withLock { $0 }
                ? .text("too many requests", status: 429, headers: [("Retry-After", "1800")]) : Self.json(body)
        }
        let box = try Self.sandbox(server)
        #expect(await box.weft(arguments: ["refresh"] + Self.brnoClock).exitCode == 0)
        busy.withLock { $0 = true }
        let refused = await box.weft(arguments: ["refresh", "--force"] + Self.brnoClock)
        #expect(refused.exitCode == 1 && refused.stderr.contains("HTTP 429"), "\(refused)")
        let status = await box.weft(arguments: ["status"] + Self.brnoClock)
        #expect(status.stdout.contains("waiting for Retry-After until 10:50"), "\(status)")
        let forced = await box.weft(arguments: ["refresh", "--force", "--now", "2026-10-01T10:30:00Z", "--tz", "UTC"])
        #expect(forced.stderr.contains("air: skipped: the source asked to wait until 10:50"), "\(forced)")
        #expect(server.requests(path: Self.path).count == 2, "nothing is asked before 10:50")
        let kept = await box.weft(arguments: ["resolve", "{{__air_aqi}} {{__air_aqi_level}}"] + Self.brnoClock)
        #expect(kept.stdout == "29 fair\n", "\(kept)")
    }

    @Test func anOutOfRangeValueIsRefusedByFieldAndTheLastGoodSnapshotKept() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let good = try Self.body("openmeteo-air-derived-brno-all-keys.json")
        let bad = try Self.body("openmeteo-air-derived-brno-aqi-900.json")
        let broken = Locked(false)
        server.route(Self.path) { _ in Self.json(broken.withLock { $0 } ? bad : good) }
        let box = try Self.sandbox(server)
        #expect(await box.weft(arguments: ["refresh"] + Self.brnoClock).exitCode == 0)
        broken.withLock { $0 = true }
        let refused = await box.weft(arguments: ["refresh", "--force"] + Self.brnoClock)
        #expect(refused.exitCode == 1, "\(refused)")
        let message = "GET \(server.baseURL)/v1/air-quality: \"hourly.european_aqi[30]\" is 900, outside 0–500"
        #expect(refused.stderr.contains(message), "\(refused)")
        #expect(!refused.stderr.contains("latitude="), "the query is not in the message: \(refused)")
        let kept = await box.weft(arguments: ["resolve", "{{__air_aqi}} · {{__air_error}}"] + Self.brnoClock)
        #expect(kept.stdout.hasPrefix("29 · "), "the last good snapshot stays: \(kept)")
        #expect(kept.stdout.contains("hourly.european_aqi[30]"), "\(kept)")
    }

    /// Each band's edges, an hour each: the index's own words (EEA: good up to 20, …; EPA: good up to 50, …) and
    /// weft's pollen bands. The body is the recordings' shape with chosen values (no recording has every band).
    @Test func eachBandsEdgesGetTheirWords() async throws {
        let eu = [20, 21, 40, 41, 60, 61, 80, 81, 100, 101]
        let us = [50, 51, 100, 101, 150, 151, 200, 201, 300, 301]
        let birch = [0.9, 1, 9.9, 10, 49.9, 50, 199.9, 200, 0, 0]
        let start = 1_790_812_800  // 2026-10-01T00:00:00Z
        let times = eu.indices.map { start + 3600 * $0 }
        func list(_ values: [some CustomStringConvertible]) -> String {
            values.map(\.description).joined(separator: ",")
        }
        let body = Array(
            (#"{"latitude":49.2,"longitude":16.6,"utc_offset_seconds":0,"timezone":"GMT","hourly":{"time":["#
                + list(times) + #"],"european_aqi":["# + list(eu) + #"],"us_aqi":["# + list(us)
                + #"],"birch_pollen":["# + list(birch) + "]}}").utf8)
        let server = try TestHTTPServer()
        defer { server.stop() }
        server.route(Self.path) { _ in Self.json(body) }
        let box = try Self.sandbox(server)
        try box.provider(
            "airus",
            "type = \"air-quality\"\nlatitude = 49.19\nlongitude = 16.61\nindex = \"us\"\nprefix = \"__us_\"\n"
                + "base_url = \"\(server.baseURL)\"\n")
        #expect(await box.weft(arguments: ["refresh", "--now", "2026-10-01T00:30:00Z", "--tz", "UTC"]).exitCode == 0)
        var lines: [String] = []
        for hour in times.indices {
            let now = "2026-10-01T\(hour < 10 ? "0" : "")\(hour):30:00Z"
            let line = await box.weft(
                arguments: ["resolve", "{{__air_aqi_level}}|{{__us_aqi_level}}|{{__air_pollen_level|-}}", "--now", now])
            lines.append(line.stdout.trimmingCharacters(in: .newlines))
        }
        #expect(
            lines == [
                "good|good|none", "fair|moderate|low", "fair|moderate|low",
                "moderate|unhealthy for sensitive groups|moderate",
                "moderate|unhealthy for sensitive groups|moderate", "poor|unhealthy|high", "poor|unhealthy|high",
                "very poor|very unhealthy|very high", "very poor|very unhealthy|none", "extremely poor|hazardous|none",
            ], "\(lines)")
    }

    @Test func checkNamesEachBadSettingWithItsLine() async throws {
        let box = try Sandbox()
        try box.provider(
            "air",
            """
            type = "air-quality"
            latitude = 91
            longitude = 16.61
            """)
        try box.provider("air2", "type = \"air-quality\"\nlatitude = 49.19\nlongitude = 16.61\nindex = \"uk\"\n")
        try box.provider("air3", "type = \"air-quality\"\nlatitude = 49.19\nlongitude = 16.61\npollen = true\n")
        try box.provider("air4", "type = \"air-quality\"\nlongitude = 16.61\n")
        try box.provider(
            "air5", "type = \"air-quality\"\nlatitude = 49.19\nlongitude = 16.61\ntimezone = \"Europe/Brn\"\n")
        let check = await box.weft("check")
        #expect(check.exitCode == 2, "\(check)")
        for expected in [
            "air.toml:2: key \"latitude\": must be between -90 and 90",
            "air2.toml:4: key \"index\": \"uk\" is not an index; write \"european\" or \"us\"",
            "air3.toml:4: unknown key \"pollen\"",
            "air4.toml: missing required key \"latitude\"",
            "air5.toml:4: key \"timezone\"",
        ] {
            #expect(check.stdout.contains(expected), "\(expected) in \(check)")
        }
    }

    @Test func theDashboardCardShowsTheIndexInItsLevelsColourAndThePollen() async throws {
        let server = try TestHTTPServer()
        defer { server.stop() }
        let body = try Self.body("openmeteo-air-derived-brno-all-keys.json")
        let newYork = try Self.body("openmeteo-air-derived-new-york-us-aqi.json")
        server.route(Self.path) { _ in Self.json(body) }
        server.route("/ny" + Self.path) { _ in Self.json(newYork) }
        let box = try Self.sandbox(server)
        try box.provider(
            "ny",
            """
            type = "air-quality"
            name = "New York"
            latitude = 40.7
            longitude = -74.0
            index = "us"
            prefix = "__ny_"
            base_url = "\(server.baseURL)/ny"
            """)
        #expect(await box.weft(arguments: ["refresh"] + Self.brnoClock).exitCode == 0)
        let serve = try await ServeTests.Server(box, Self.brnoClock)
        defer {
            serve.child.send(SIGTERM)
            _ = serve.child.ending(within: .seconds(15))
        }
        let board = await serve.request("/board")
        #expect(board.status == 200, "\(board.status)")
        for part in [
            #"<section class="card air"#, #"<span class="aqi level eu-fair">29</span>"#,
            "European AQI · today up to 36", "<dt>PM2.5</dt><dd>6.5 µg/m³</dd>", "<dt>NO₂</dt><dd>7.1 µg/m³</dd>",
            "<strong>Pollen: low</strong> <span class=\"muted\">grass 0.4, mugwort 1.7, ragweed 0.7 grains/m³</span>",
            "Air quality data by Open-Meteo.com (CC BY 4.0)",
        ] {
            #expect(board.body.contains(part), "\(part) in \(board.body)")
        }
        // New York at 10:20Z (06:20 there): US AQI 70, the EPA's "moderate"; no pollen line.
        let after = try #require(board.body.components(separatedBy: "data-instance=\"ny\"").last)
        let nyCard = after.components(separatedBy: "</section>").first ?? ""
        #expect(nyCard.contains(#"<span class="aqi level us-moderate">70</span>"#), "\(nyCard)")
        #expect(nyCard.contains("US AQI"), "\(nyCard)")
        #expect(!nyCard.contains("Pollen"), "\(nyCard)")
    }
}
