import Foundation
import Testing
import WeftTestSupport

/// Severe-weather alerts through the built binary: each API's alert keys, an alert ending between two renders of
/// the same cache, MET's alerts request beside its forecast (how many requests, validators, a failing alerts
/// request), and the notifier's `[alerts]` section.
@Suite("weather alerts")
struct WeatherAlertTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: FixtureFiles.path("weather", name))))
    }

    static let alertKeys =
        "{{__weather_alert_count}}|{{__weather_alert_title}}|{{__weather_alert_severity}}|{{__weather_alert_until}}|"
        + "{{__weather_alert_until_iso}}|{{__weather_alert_regions}}|{{__weather_alert_url}}"

    // MARK: Pirate Weather

    /// The docs example's snow warning: its keys while it is in force, and none once it has ended, read from the
    /// same cache without a refresh.
    @Test func pirateWeatherAlertKeysAndTheAlertEndingBetweenTwoRenders() async throws {
        let server = try TestHTTPServer()
        let body = try Self.fixture("pirateweather-forecast-derived-si-docs-alert.json")
        server.route("/forecast/KEY123/45.3,-74.1") { _ in TestResponse(body: body) }
        let box = try Sandbox()
        try box.write("pirate.key", "KEY123\n")
        try box.provider(
            "home",
            "type = \"pirate-weather\"\nname = \"Soulanges\"\nlatitude = 45.3\nlongitude = -74.1\n"
                + "api_key_file = \"\(box.path("pirate.key"))\"\nbase_url = \"\(server.baseURL)\"\n")
        let zone = ["--tz", "America/Toronto"]
        let refresh = await box.weft(arguments: ["refresh", "--now", "2025-11-09T17:00:00Z"] + zone)
        #expect(refresh.exitCode == 0, "\(refresh)")
        #expect(server.requests.first?.target.contains("exclude") == false, "alerts are asked for: \(server.requests)")

        let during = await box.weft(arguments: ["resolve", Self.alertKeys, "--now", "2025-11-09T17:00:00Z"] + zone)
        #expect(
            during.stdout
                == "1|avertissement de neige en vigueur|moderate|Mon 03:02|2025-11-10T08:02:52Z|secteur de Soulanges|"
                + "https://severeweather.wmo.int/v2/cap-alerts/ca-msc-xx/2025/11/09/16/09/12-3372a8228b861e43112cdf50691d180.xml\n",
            "\(during)")
        let list = await box.weft(arguments: ["get", "__weather_alerts", "--now", "2025-11-10T07:00:00Z"] + zone)
        #expect(
            list.stdout == "Moderate: avertissement de neige en vigueur until 03:02 (secteur de Soulanges)\n",
            "the end is today now: \(list)")

        // One minute after it ends: gone, with no refresh in between.
        let after = await box.weft(
            arguments: [
                "resolve", "{{__weather_alert_count}}|{{__weather_alert_title|none}}|{{__weather_alerts|-}}",
                "--now", "2025-11-10T08:03:00Z",
            ] + zone)
        #expect(after.stdout == "0|none|-\n", "\(after)")
        #expect(server.requests.count == 1, "no refresh between the renders")
    }

    // MARK: WeatherKit

    /// With `country` the weatherAlerts data set is asked for with `countryCode`; the severe watch comes first.
    @Test func weatherKitAsksForAlertsWithTheCountryAndShowsTheMostSevereFirst() async throws {
        let box = try Sandbox()
        let key = await WeftProcess.run([
            "sh", "-c",
            "openssl ecparam -genkey -name prime256v1 -noout | openssl pkcs8 -topk8 -nocrypt -out "
                + box.path("weatherkit.p8"),
        ])
        #expect(key.exitCode == 0, "\(key)")
        let server = try TestHTTPServer()
        let body = try Self.fixture("weatherkit-full-derived-nyc-alerts.json")
        server.route("/api/v1/weather/en/40.713/-74.006") { _ in TestResponse(body: body) }
        try box.provider(
            "home",
            """
            type = "weatherkit"
            name = "New York"
            latitude = 40.713
            longitude = -74.006
            team_id = "TEAM123456"
            service_id = "org.example.weft"
            key_id = "KEY1234567"
            private_key_file = "\(box.path("weatherkit.p8"))"
            country = "us"
            base_url = "\(server.baseURL)"

            """)
        let clock = ["--now", "2022-07-05T17:30:00Z", "--tz", "America/New_York"]
        let refresh = await box.weft(arguments: ["refresh"] + clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        let target = server.requests.first?.target ?? ""
        #expect(target.contains("weatherAlerts&countryCode=US&"), "\(target)")

        let keys = await box.weft(arguments: ["resolve", Self.alertKeys] + clock)
        #expect(
            keys.stdout
                == "2|Severe Thunderstorm Watch|severe|19:00|2022-07-05T23:00:00Z|New York (Manhattan)|"
                + "https://weatherkit.apple.com/alertDetails/index.html?ids=9b8e7c6d-1a2b-5c3d-8e4f-0a1b2c3d4e5f"
                + "&lang=en-US&timezone=America/New_York\n", "\(keys)")
        let list = await box.weft(arguments: ["get", "__weather_alerts"] + clock)
        #expect(
            list.stdout
                == "Severe: Severe Thunderstorm Watch until 19:00 (New York (Manhattan))\n"
                + "Moderate: Heat Advisory until 20:00 (New York (Manhattan))\n", "\(list)")
        // After the watch ends the advisory leads.
        let later = await box.weft(
            arguments: [
                "resolve", "{{__weather_alert_count}}|{{__weather_alert_title}}", "--now",
                "2022-07-05T23:30:00Z", "--tz", "America/New_York",
            ])
        #expect(later.stdout == "1|Heat Advisory\n", "\(later)")
    }

    /// Without `country` WeatherKit gives no alerts, so the keys are absent rather than zero.
    @Test func weatherKitWithoutCountryHasNoAlertKeys() async throws {
        let result = await WeftProcess.weft([
            "weather", "parse", "--type", "weatherkit",
            FixtureFiles.path("weather", "weatherkit-full-nyc-2022-trimmed.json"), "--now", "2022-07-05T17:30:00Z",
            "--json",
        ])
        #expect(result.exitCode == 0, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let variables = try #require(object["variables"] as? [String: String])
        #expect(variables["__weather_temp"] != nil)
        #expect(variables.keys.filter { $0.contains("alert") }.isEmpty, "\(variables)")
    }

    // MARK: MET Norway

    /// A saved MetAlerts body beside a saved forecast, as a bug report would attach them.
    @Test func aSavedMetAlertsResponseParses() async throws {
        let result = await WeftProcess.weft([
            "weather", "parse", "--type", "met-norway",
            FixtureFiles.path("weather", "met-locationforecast-complete-toulon-2024-trimmed.json"),
            FixtureFiles.path("weather", "met-metalerts-current-torungen-2024-gale.json"),
            "--now", "2024-05-03T12:00:00Z", "--tz", "Europe/Oslo", "--json",
        ])
        #expect(result.exitCode == 0, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let variables = try #require(object["variables"] as? [String: String])
        #expect(variables["__weather_alerts"] == "Moderate: Kuling until 15:00 (Torungen - Oksøy)", "\(variables)")
        #expect(variables["__weather_temp"] == "21")
    }

    /// A loopback MET with a forecast and a MetAlerts answer that can be made to fail; MetAlerts sends an ETag.
    final class MET: Sendable {
        let server: TestHTTPServer
        let alertsFail = Locked(false)

        init() throws {
            server = try TestHTTPServer()
            let forecast = try WeatherAlertTests.fixture("met-locationforecast-complete-toulon-2024-trimmed.json")
            let alerts = try WeatherAlertTests.fixture("met-metalerts-current-torungen-2024-gale.json")
            let fail = alertsFail
            server.route("/weatherapi/nowcast/2.0/complete") { _ in .text("Outside coverage", status: 422) }
            server.route("/weatherapi/locationforecast/2.0/complete") { _ in TestResponse(body: forecast) }
            server.route("/weatherapi/metalerts/2.0/current.json") { request in
                if fail.withLock({ $0 }) {
                    return .text("Service Unavailable", status: 503, headers: [("Retry-After", "3600")])
                }
                if request.header("If-None-Match") == "\"gale-1\"" { return TestResponse(status: 304, body: []) }
                return TestResponse(headers: [("ETag", "\"gale-1\"")], body: alerts)
            }
        }

        func sandbox() throws -> Sandbox {
            let box = try Sandbox()
            // Dated before the refreshes (2024-01-01): a provider file newer than its snapshot makes it due.
            try box.provider(
                "coast",
                "type = \"met-norway\"\nname = \"Kristiansand\"\nlatitude = 58.1\nlongitude = 8.1\n"
                    + "contact = \"ops@example.org\"\nbase_url = \"\(server.baseURL)\"\n",
                modified: Date(timeIntervalSince1970: 1_704_067_200))
            return box
        }

        func count(_ path: String) -> Int { server.requests(path: path).count }
    }

    static let oslo = ["--tz", "Europe/Oslo"]

    /// The alerts request rides with the forecast: one of each per due time, none while the snapshot is fresh, the
    /// same User-Agent, and the ETag sent back; its gale warning's keys.
    @Test func metAsksForAlertsOncePerDueTimeWithTheForecast() async throws {
        let met = try MET()
        let box = try met.sandbox()
        let first = await box.weft(arguments: ["refresh", "--now", "2024-05-02T14:40:00Z"] + Self.oslo)
        #expect(first.exitCode == 0, "\(first)")
        let alertsPath = "/weatherapi/metalerts/2.0/current.json"
        let forecastPath = "/weatherapi/locationforecast/2.0/complete"
        #expect(met.count(alertsPath) == 1 && met.count(forecastPath) == 1, "\(met.server.requests)")
        let asked = try #require(met.server.requests(path: alertsPath).first)
        #expect(asked.target.contains("lat=58.1&lon=8.1"), "\(asked.target)")
        #expect(asked.header("User-Agent")?.contains("ops@example.org") == true)

        let early = await box.weft(arguments: ["refresh", "--now", "2024-05-02T14:41:00Z"] + Self.oslo)
        #expect(early.exitCode == 0, "\(early)")
        #expect(met.count(alertsPath) == 1 && met.count(forecastPath) == 1, "not due yet: \(met.server.requests)")

        let due = await box.weft(arguments: ["refresh", "--now", "2024-05-02T14:50:00Z"] + Self.oslo)
        #expect(due.exitCode == 0, "\(due)")
        #expect(met.count(alertsPath) == 2 && met.count(forecastPath) == 2, "\(met.server.requests)")
        #expect(met.server.requests.count == 6, "nowcast, forecast and alerts, twice: \(met.server.requests)")
        #expect(met.server.requests(path: alertsPath).last?.header("If-None-Match") == "\"gale-1\"")

        let keys = await box.weft(arguments: ["resolve", Self.alertKeys, "--now", "2024-05-02T14:50:00Z"] + Self.oslo)
        #expect(
            keys.stdout
                == "1|Kuling|moderate|Fri 15:00|2024-05-03T13:00:00Z|Torungen - Oksøy|"
                + "https://www.met.no/vaer-og-klima/ekstremvaervarsler-og-andre-farevarsler/vaerfenomener-som-kan-gi-"
                + "farevarsel-fra-met/kuling-stormvarsel-for-kyst-og-naere-fiskebanker\n",
            "kept across the 304: \(keys)")
    }

    /// A failing alerts request keeps the new forecast and the last good alerts, as a warning, and its Retry-After
    /// holds the instance; with no alerts ever fetched the forecast still arrives and the alert keys are absent.
    @Test func aFailingAlertsRequestKeepsTheForecastAndTheLastAlerts() async throws {
        let met = try MET()
        let box = try met.sandbox()
        #expect(await box.weft(arguments: ["refresh", "--now", "2024-05-02T14:40:00Z"] + Self.oslo).exitCode == 0)
        met.alertsFail.withLock { $0 = true }
        let failed = await box.weft(arguments: ["refresh", "--force", "--now", "2024-05-02T15:00:00Z"] + Self.oslo)
        #expect(failed.exitCode == 0, "the forecast still arrived: \(failed)")
        #expect(failed.stderr.contains("HTTP 503"), "the failure is a warning: \(failed)")
        let after = await box.weft(
            arguments: [
                "resolve",
                "{{__weather_updated_iso}}|{{__weather_temp}}|{{__weather_alert_count}}|{{__weather_alert_title}}",
                "--now", "2024-05-02T15:00:00Z",
            ] + Self.oslo)
        #expect(after.stdout == "2024-05-02T15:00:00Z|21|1|Kuling\n", "\(after)")
        // MetAlerts asked for an hour's pause: the instance waits for it, though its forecast alone would be due.
        let asked = met.server.requests.count
        #expect(await box.weft(arguments: ["refresh", "--now", "2024-05-02T15:30:00Z"] + Self.oslo).exitCode == 0)
        #expect(met.server.requests.count == asked, "Retry-After holds: \(met.server.requests.count - asked) asked")
        #expect(await box.weft(arguments: ["refresh", "--now", "2024-05-02T16:01:00Z"] + Self.oslo).exitCode == 0)
        #expect(met.server.requests.count == asked + 3, "due after it")

        let fresh = try met.sandbox()
        let first = await fresh.weft(arguments: ["refresh", "--now", "2024-05-02T14:40:00Z"] + Self.oslo)
        #expect(first.exitCode == 0, "\(first)")
        let keys = await fresh.weft(
            arguments: [
                "resolve", "{{__weather_temp}}|{{__weather_alert_count|absent}}", "--now",
                "2024-05-02T14:40:00Z",
            ] + Self.oslo)
        #expect(keys.stdout == "21|absent\n", "\(keys)")
    }

    // MARK: Notifier

    /// `[alerts]` tells the gale warning once, with its severity's urgency; `min_severity = "severe"` leaves it out.
    @Test func theNotifierTellsAnAlertOnceAtItsSeverity() async throws {
        let met = try MET()
        let box = try met.sandbox()
        #expect(await box.weft(arguments: ["refresh", "--now", "2024-05-02T14:40:00Z"] + Self.oslo).exitCode == 0)
        let window = ["--now", "2024-05-02T14:40:00Z", "--from", "now", "--until", "+1h"] + Self.oslo
        let off = await box.weft(arguments: ["notify", "--dry-run"] + window)
        #expect(!off.stdout.contains("Kuling"), "[alerts] starts when written: \(off)")

        try box.write("notify.toml", "[alerts]\n")
        let run = await box.weft(arguments: ["notify", "--dry-run"] + window)
        #expect(run.exitCode == 0, "\(run)")
        #expect(
            run.stdout
                == "2024-05-02 16:40  alerts      Moderate: Kuling — Until Fri 15:00 · Torungen - Oksøy · Kristiansand\n",
            "\(run)")

        let log = box.path("fired.log")
        try box.write(
            "notify.toml",
            "[alerts]\ndeliver = \"command\"\ncommand = "
                + tomlArray(["sh", "-c", "printf '%s|%s\\n' \"$WEFT_KEY\" \"$WEFT_URGENCY\" >> " + log]) + "\n")
        for now in ["2024-05-02T14:40:00Z", "2024-05-02T14:45:00Z"] {
            let fired = await box.weft(
                arguments: ["notify", "--now", now, "--simulate-until", "2024-05-02T14:50:00Z"] + Self.oslo)
            #expect(fired.exitCode == 0, "\(fired)")
        }
        let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(lines == ["alert:coast:2.49.0.1.578.0.20240502143145.095|normal"], "once: \(lines)")

        try box.write("notify.toml", "[alerts]\nmin_severity = \"severe\"\n")
        let severe = await box.weft(arguments: ["notify", "--dry-run"] + window)
        #expect(severe.exitCode == 0 && !severe.stdout.contains("Kuling"), "\(severe)")
        try box.write("notify.toml", "[alerts]\nmin_severity = \"bad\"\n")
        let check = await box.weft("check")
        #expect(check.stdout.contains("[alerts] min_severity = \"bad\" is not one of"), "\(check)")
    }

    /// Over a private session bus: the gale warning is one notification at normal urgency with an Open button,
    /// however many notifier runs and refreshes see it.
    @Test func anAlertReachesTheNotificationServerOnce() async throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let met = try MET()
        let box = try met.sandbox()
        try box.write("notify.toml", "[alerts]\n")
        for now in ["2024-05-02T14:40:00Z", "2024-05-02T14:50:00Z"] {
            let refresh = await box.weft(arguments: ["refresh", "--now", now] + Self.oslo)
            #expect(refresh.exitCode == 0, "\(refresh)")
            let run = await box.weft(
                arguments: ["notify", "--now", now, "--simulate-until", "2024-05-02T15:00:00Z"] + Self.oslo,
                environment: bus.environment)
            #expect(run.exitCode == 0, "\(run)")
        }
        let calls = try server.calls(atLeast: 1).filter { $0.method == "Notify" }
        #expect(calls.map(\.summary) == ["Moderate: Kuling"], "\(calls)")
        #expect(calls.first?.hints?["urgency"] == .byte(1), "\(calls)")
        #expect(calls.first?.actions?.contains("open") == true, "\(calls)")
    }
}
