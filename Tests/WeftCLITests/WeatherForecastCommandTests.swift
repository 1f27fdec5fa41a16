import Foundation
import Testing
import WeftTestSupport

/// The keys beyond the next hour through the built binary: a fixture served on 127.0.0.1, refreshed and rendered.
@Suite("weather forecast")
struct WeatherForecastCommandTests {
    static let fixtures = WeatherCommandTests.fixtures

    static func body(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: fixtures + "/" + name)))
    }

    /// The recorded Auckland response served on 127.0.0.1, and a sandbox whose `akl` provider file asks it, with
    /// `extra` (one more line of settings).
    static func auckland(_ extra: String) throws -> (TestHTTPServer, Sandbox) {
        let server = try TestHTTPServer()
        let body = try Self.body("openmeteo-built-auckland-dst-2026.json")
        server.route("/v1/forecast") { _ in TestResponse(headers: [("Content-Type", "application/json")], body: body) }
        let box = try Sandbox()
        try box.provider(
            "akl",
            "type = \"open-meteo\"\nname = \"Auckland\"\nlatitude = -36.85\nlongitude = 174.76\n"
                + "base_url = \"\(server.baseURL)\"\n\(extra)\nprefix = \"__akl_\"\n")
        return (server, box)
    }

    /// Open-Meteo at Auckland the night New Zealand's clocks go forward, rendered from a UTC shell: the days, hours,
    /// sun and wind keys, from one request that asks for Auckland's days.
    @Test func aucklandDaysHoursSunAndWind() async throws {
        let (server, box) = try Self.auckland("wind_units = \"knots\"")
        // 12:30 UTC on the 26th is 00:30 on the 27th in Auckland.
        let clock = ["--now", "2026-09-26T12:30:00Z", "--tz", "Pacific/Auckland"]
        let refresh = await box.weft(arguments: ["refresh"] + clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        let sent = server.requests(path: "/v1/forecast")
        #expect(sent.count == 1, "one request per refresh")
        let target = try #require(sent.first?.target)
        #expect(
            target.contains("timezone=Pacific%2FAuckland") || target.contains("timezone=Pacific/Auckland"), "\(target)")
        #expect(target.contains("forecast_days=7"), "\(target)")

        let line = await box.weft(
            arguments: [
                "resolve",
                "{{__akl_day0_weekday}} {{__akl_day0_date}} ; {{__akl_tomorrow_high}}/{{__akl_tomorrow_low}} "
                    + "{{__akl_tomorrow_condition}} {{__akl_tomorrow_precip_chance}}% {{__akl_tomorrow_precip_mm}}mm ; "
                    + "{{__akl_sunrise}}-{{__akl_sunset}} {{__akl_daylight}} up={{__akl_sun_up}} ; "
                    + "{{__akl_wind_speed}}{{__akl_wind_unit}} {{__akl_wind_arrow}} {{__akl_wind_compass}} "
                    + "B{{__akl_wind_beaufort}} UV {{__akl_uv_level}} ; {{__akl_hour0_temp}} {{__akl_hour10_symbol}}",
            ] + clock)
        #expect(
            line.stdout
                == "Sunday 2026-09-27 ; 16/10 Cloudy 35% 0.3mm ; 07:04-19:21 12:17 up=0 ; 10knots ↓ N B3 UV low ; 11 cloud.rain.fill\n",
            "\(line)")
        // The same snapshot from a shell in UTC: still Auckland's days (the 26th is not one of them).
        let utc = await box.weft(
            arguments: [
                "resolve", "{{__akl_day0_date}} {{__akl_sunrise}}", "--now", "2026-09-26T12:30:00Z", "--tz", "UTC",
            ])
        #expect(utc.stdout == "2026-09-27 07:04\n", "\(utc)")

        let days = await box.weft(arguments: ["get", "__akl_days"] + clock)
        #expect(days.stdout.hasPrefix("Sun 🌧 16°/10° 80%\nMon ☁️ 16°/10° 35%\n"), "\(days)")
        #expect(days.stdout.split(separator: "\n").count == 7, "\(days)")
    }

    /// A place far from the user's zone: its file's `timezone` makes its days Auckland's, refreshed from Berlin.
    @Test func thePlacesOwnZoneKeysItsDays() async throws {
        let (server, box) = try Self.auckland("timezone = \"Pacific/Auckland\"")
        let clock = ["--now", "2026-09-26T12:30:00Z", "--tz", "Europe/Berlin"]
        #expect(await box.weft(arguments: ["refresh"] + clock).exitCode == 0)
        let target = try #require(server.requests(path: "/v1/forecast").first?.target)
        #expect(
            target.contains("timezone=Pacific%2FAuckland") || target.contains("timezone=Pacific/Auckland"), "\(target)")
        let line = await box.weft(arguments: ["resolve", "{{__akl_day0_date}} {{__akl_sunrise}}"] + clock)
        #expect(line.stdout == "2026-09-27 07:04\n", "\(line)")
        try box.provider("akl", "type = \"open-meteo\"\nlatitude = 1\nlongitude = 1\ntimezone = \"Mars/Olympus\"\n")
        let check = await box.weft("check")
        #expect(check.exitCode == 2 && check.stdout.contains("akl.toml:4:"), "\(check)")
    }

    /// MET Norway at Tromsø: no sun times in the response, so they are computed; midnight sun in June, polar night
    /// in December, and an ordinary day in between.
    @Test func tromsoPolarDayAndNight() async throws {
        for (month, now, expected) in [
            ("june", "2026-06-21T10:30:00Z", "up=1 daylight=24:00 rise=none set=none"),
            ("december", "2026-12-21T10:30:00Z", "up=0 daylight=0:00 rise=none set=none"),
        ] {
            let server = try TestHTTPServer()
            let body = try Self.body("met-locationforecast-derived-tromso-\(month)-2026.json")
            server.route("/weatherapi/nowcast/2.0/complete") { _ in .text("outside", status: 422) }
            server.route("/weatherapi/locationforecast/2.0/complete") { _ in
                TestResponse(headers: [("Content-Type", "application/json")], body: body)
            }
            let box = try Sandbox()
            try box.provider(
                "weather",
                "type = \"met-norway\"\nname = \"Tromsø\"\nlatitude = 69.65\nlongitude = 18.96\n"
                    + "contact = \"test@example.org\"\nbase_url = \"\(server.baseURL)\"\n")
            let clock = ["--now", now, "--tz", "Europe/Oslo"]
            let refresh = await box.weft(arguments: ["refresh"] + clock)
            #expect(refresh.exitCode == 0, "\(refresh)")
            let line = await box.weft(
                arguments: [
                    "resolve",
                    "up={{__weather_sun_up}} daylight={{__weather_daylight}} rise={{__weather_sunrise|none}} "
                        + "set={{__weather_sunset|none}}",
                ] + clock)
            #expect(line.stdout == expected + "\n", "\(month): \(line)")
            let wind = await box.weft(
                arguments: ["resolve", "{{__weather_wind_speed}} {{__weather_visibility_km|no visibility}}"] + clock)
            #expect(wind.stdout == "27 no visibility\n", "\(month): \(wind)")
        }
    }

    /// Pirate Weather and WeatherKit recordings through `weft weather parse`: their own sun times, wind, UV and
    /// days; what a response lacks (Pirate's night-time UV) is absent.
    @Test func pirateAndWeatherKitRecordingsThroughParse() async throws {
        func variables(_ type: String, _ file: String, _ now: String) async throws -> [String: String] {
            let result = await WeftProcess.weft(
                [
                    "weather", "parse", "--type", type, Self.fixtures + "/" + file, "--now", now, "--tz",
                    "America/New_York", "--json",
                ])
            #expect(result.exitCode == 0, "\(result)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            return try #require(object["variables"] as? [String: String])
        }
        let pirate = try await variables(
            "pirate-weather", "pirateweather-forecast-nyc-2023-sanitized-trimmed.json", "2023-01-24T05:36:00Z")
        #expect(pirate["__weather_sunrise"] == "07:13", "\(pirate)")
        #expect(pirate["__weather_sunset"] == "17:03")
        #expect(pirate["__weather_wind_compass"] == "W")
        #expect(pirate["__weather_wind_speed"] == "11")
        #expect(pirate["__weather_visibility_km"] == "16.1")
        #expect(pirate["__weather_uv_index"] == nil)
        #expect(pirate["__weather_tomorrow_weekday"] == "Wednesday")
        let apple = try await variables(
            "weatherkit", "weatherkit-full-nyc-2022-trimmed.json", "2022-07-05T17:30:00Z")
        #expect(apple["__weather_sunrise"] == "05:31", "\(apple)")
        #expect(apple["__weather_daylight"] == "14:59")
        #expect(apple["__weather_uv_level"] == "high")
        #expect(apple["__weather_wind_arrow"] == "↑")
        #expect(apple["__weather_day0_condition"] == "Drizzle")
        #expect(apple["__weather_days"]?.hasPrefix("Tue 🌧 30°/21° 59%\n") == true, "\(apple)")
    }

    /// `days` beyond what the API forecasts and an unknown `wind_units` are named with their line by `weft check`.
    @Test func daysAndWindUnitsAreCheckedWithTheirLine() async throws {
        let box = try Sandbox()
        try box.provider(
            "weather",
            "type = \"met-norway\"\nlatitude = 69.65\nlongitude = 18.96\ncontact = \"a@example.org\"\ndays = 12\n")
        let days = await box.weft("check")
        #expect(days.exitCode == 2, "\(days)")
        #expect(
            days.stdout.contains("weather.toml:5: key \"days\": must be between 1 and 10 (what MET Norway forecasts)"),
            "\(days)")
        try box.provider(
            "weather", "type = \"open-meteo\"\nlatitude = 1\nlongitude = 2\nwind_units = \"beaufort\"\n")
        let wind = await box.weft("check")
        #expect(
            wind.stdout.contains(
                "weather.toml:4: key \"wind_units\": \"beaufort\" is not a wind unit; write one of \"km/h\", \"m/s\", "
                    + "\"mph\", \"knots\""),
            "\(wind)")
    }
}
