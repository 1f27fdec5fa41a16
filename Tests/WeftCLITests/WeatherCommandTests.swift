import Foundation
import Testing
import WeftTestSupport

/// The weather provider through the built binary: refresh from a loopback server, render, chart and parse.
@Suite("weather")
struct WeatherCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/weather").path
    /// Inside the recording's first wet 15-minute step (45 minutes of rain from 19:15 UTC, then no data).
    static let now = "2026-08-13T19:15:00Z"
    static let clock = ["--now", now, "--tz", "Europe/Prague"]

    static func rain() throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: fixtures + "/openmeteo-minutely15-derived-45min-rain.json")))
    }

    /// A sandbox with a `home` Open-Meteo instance pointed at `server`.
    static func sandbox(_ server: TestHTTPServer) throws -> Sandbox {
        let box = try Sandbox()
        try box.provider(
            "home",
            "type = \"open-meteo\"\nname = \"Brno\"\nlatitude = 49.19\nlongitude = 16.61\nbase_url = \"\(server.baseURL)\"\n"
        )
        return box
    }

    @Test func refreshThenRenderChartAndJSON() async throws {
        let server = try TestHTTPServer()
        let body = try Self.rain()
        server.route("/v1/forecast") { _ in TestResponse(headers: [("Content-Type", "application/json")], body: body) }
        let box = try Self.sandbox(server)
        let refresh = await box.weft(arguments: ["refresh"] + Self.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        #expect(refresh.stderr.contains("home: ok"), "\(refresh)")

        let line = await box.weft(
            arguments: ["resolve", "{{__weather_location}}: {{__weather_nowcast}} · {{__weather_nowcast_secondary}}"]
                + Self.clock)
        #expect(line.stdout == "Brno: Rain now · Moderate rain\n", "\(line)")

        let json = await box.weft(arguments: ["weather", "nowcast", "--json"] + Self.clock)
        #expect(json.exitCode == 0, "\(json)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8), options: [.fragmentsAllowed])
                as? [String: Any])
        let minutes = try #require(object["minutes"] as? [Any])
        #expect(minutes.count == 60)
        let first = try #require(minutes[0] as? [String: Any])
        // 0.5 mm per 15 minutes is 2 mm/h; at 90% that is 1.8 mm/h expected.
        #expect(first["intensity"] as? Double == 2.0)
        #expect(first["chance"] as? Double == 0.9)
        #expect(first["expected"] as? Double == 1.8)
        #expect(minutes[45] is NSNull, "minutes after the data ends are null")
        #expect(object["headline"] as? String == "Rain now")
        #expect(object["forecast_start"] as? String == "2026-08-13T19:15:00Z", "minute 0 is now")
        #expect(object["provider_forecast_start"] as? String == "2026-08-13T19:15:00Z")
        let later = await box.weft(arguments: ["weather", "nowcast", "--json", "--now", "2026-08-13T19:20:30Z"])
        let shifted = try #require(
            try JSONSerialization.jsonObject(with: Data(later.stdout.utf8)) as? [String: Any])
        #expect(shifted["forecast_start"] as? String == "2026-08-13T19:20:00Z", "re-anchored on now: \(later)")
        #expect((shifted["minutes"] as? [Any])?[40] is NSNull, "the data ends at 20:00, minute 40 from 19:20")
        #expect((shifted["minutes"] as? [Any])?[39] is [String: Any])

        let chart = await box.weft(arguments: ["weather", "nowcast"] + Self.clock)
        let lines = chart.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "Rain now · Moderate rain", "\(chart)")
        #expect(chart.stdout.contains("1.8 mm/h │█"), "the top row is scaled to the peak: \(chart)")
        #expect(chart.stdout.contains("┬─────────┬"), "\(chart)")
        #expect(chart.stdout.contains("0         10        20"), "\(chart)")
        #expect(chart.stdout.contains("·"), "unknown minutes are marked: \(chart)")
    }

    @Test func failedRefreshShowsInStatusAndTheErrorVariable() async throws {
        let server = try TestHTTPServer()
        let body = try Self.rain()
        let fail = Locked(false)
        server.route("/v1/forecast") { _ in
            fail.withLock { $0 } ? .text("maintenance", status: 503) : TestResponse(body: body)
        }
        let box = try Self.sandbox(server)
        #expect(await box.weft(arguments: ["refresh"] + Self.clock).exitCode == 0)
        fail.withLock { $0 = true }
        let failed = await box.weft(arguments: ["refresh", "--force"] + Self.clock)
        #expect(failed.exitCode == 1, "\(failed)")
        #expect(failed.stderr.contains("home: failed"), "\(failed)")
        #expect(failed.stderr.contains("HTTP 503"), "\(failed)")
        let error = await box.weft(arguments: ["get", "__weather_error"] + Self.clock)
        #expect(error.stdout.contains("HTTP 503") && error.stdout.contains(server.baseURL), "\(error)")
        let still = await box.weft(arguments: ["get", "__weather_nowcast"] + Self.clock)
        #expect(still.stdout == "Rain now\n", "the last good snapshot still renders: \(still)")
        let status = await box.weft(arguments: ["status"] + Self.clock)
        #expect(status.stdout.contains("HTTP 503"), "\(status)")
    }

    @Test func parseNormalisesASavedResponse() async throws {
        // parse reads no cache and no providers, so it is called without the sandbox's locations.
        let result = await WeftProcess.weft(
            [
                "weather", "parse", "--type", "met-norway",
                Self.fixtures + "/met-nowcast-complete-trondheim-2023-rain.json",
                "--now", "2023-08-14T18:20:00Z", "--tz", "Europe/Oslo", "--json",
            ])
        #expect(result.exitCode == 0, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let variables = try #require(object["variables"] as? [String: String])
        let snapshot = try #require(object["snapshot"] as? [String: Any])
        #expect(variables["__weather_provider"] == "MET Norway")
        #expect(variables["__weather_nowcast"]?.hasPrefix("Rain in ") == true, "\(variables)")
        #expect((snapshot["minutes"] as? [String: Any])?["forecastStart"] as? String == "2023-08-14T18:15:00Z")

        let wrong = await WeftProcess.weft(
            ["weather", "parse", "--type", "pirate-weather", Self.fixtures + "/weatherkit-error-404.json"])
        #expect(wrong.exitCode == 1, "\(wrong)")
        #expect(wrong.stderr.contains("weatherkit-error-404.json"), "the file is named: \(wrong)")
        let unknown = await WeftProcess.weft(["weather", "parse", "--type", "accuweather", "x.json"])
        #expect(unknown.exitCode == 64 && unknown.stderr.contains("open-meteo, met-norway"), "\(unknown)")
    }

    @Test func nowcastWithoutACacheExplains() async throws {
        let box = try Sandbox()
        let result = await box.weft("weather", "nowcast")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("weft refresh"), "\(result)")
    }
}
