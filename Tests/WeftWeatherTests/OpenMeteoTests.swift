import Foundation
import Testing
import WeftCore

@testable import WeftWeather

@Suite struct OpenMeteoTests {
    let api = OpenMeteoAPI(settings: .test("Kolín", 50.0, 14.76))

    @Test func realDryResponse() throws {
        let weather = try api.parse(
            Fixture.data("openmeteo-minutely15-unixtime-czechia-dry.json"), now: Pinned.date("2026-08-13T20:07:00Z"))
        let minutes = try #require(weather.minutes)
        // The value stamped 19:30 is the sum over 19:15–19:30, so the series starts at 19:15.
        #expect(minutes.forecastStart == Pinned.date("2026-08-13T19:15:00Z"))
        #expect(minutes.points.count == 28)
        #expect(minutes.points.allSatisfy { $0.step == 900 && $0.intensity == 0 && $0.chance == 0 })
        #expect(weather.current == nil)
        #expect(weather.hourly.isEmpty)
        #expect(weather.providerName == "Open-Meteo")

        let vars = variables(weather, now: "2026-08-13T20:07:00Z", zone: "Europe/Prague")
        #expect(vars["__weather_nowcast"] == "No rain next hour")
        #expect(vars["__weather_rain_next_hour_summary"] == "No rain next hour")
        #expect(vars["__weather_nowcast_secondary"] == nil)
        #expect(vars["__weather_nowcast_series"] == Array(repeating: "0.00", count: 60).joined(separator: ","))
        #expect(vars["__weather_nowcast_spark"] == String(repeating: "▁", count: 60))
        #expect(vars["__weather_rain_peak_intensity_mmh"] == "0.0")
        #expect(vars["__weather_rain_peak_chance"] == "0")
        #expect(vars["__weather_rain_next_hour_mm"] == "0.0")
        #expect(vars["__weather_rain_start"] == nil)
        #expect(vars["__weather_rain_end_min"] == nil)
        // No current block was requested in this recording: no temperature, no condition.
        #expect(vars["__weather_temp"] == nil)
        #expect(vars["__weather_condition"] == nil)
        #expect(vars["__weather_lat"] == "50.0000")
        #expect(vars["__weather_lon"] == "14.7600")
    }

    @Test func fortyFiveMinutesOfRainAreNotStretchedOverTheHour() throws {
        let weather = try api.parse(
            Fixture.data("openmeteo-minutely15-derived-45min-rain.json"), now: Pinned.date("2026-08-13T19:15:20Z"))
        #expect(weather.minutes?.points.count == 3)
        #expect(weather.minutes?.points.first?.intensity == 2.0)
        #expect(weather.minutes?.points.first?.chance == 0.9)
        let vars = variables(weather, now: "2026-08-13T19:15:20Z", zone: "Europe/Prague")
        #expect(vars["__weather_nowcast"] == "Rain now")
        // It rains until the data ends, so the end is unknown: no `Ends in 44m`.
        #expect(vars["__weather_nowcast_secondary"] == "Moderate rain")
        #expect(vars["__weather_rain_end_min"] == "44")
        let fields = try #require(vars["__weather_nowcast_series"]).split(
            separator: ",", omittingEmptySubsequences: false)
        #expect(fields.count == 60)
        #expect(fields[0] == "1.80")
        #expect(fields[30] == "0.96")
        #expect(fields[44] == "0.96")
        #expect(fields[45...].allSatisfy { $0.isEmpty })
        #expect(vars["__weather_nowcast_spark"]?.hasSuffix(String(repeating: " ", count: 15)) == true)
        // 30 min at 1.8 mm/h and 15 min at 0.96 mm/h.
        #expect(vars["__weather_rain_next_hour_mm"] == "1.1")
        #expect(vars["__weather_rain_peak_chance"] == "90")

        // Once now is past the 45 minutes, the series is stale: unavailable, not dry.
        let stale = variables(weather, now: "2026-08-13T20:05:00Z", zone: "Europe/Prague")
        #expect(stale["__weather_nowcast"] == "Next-hour rain unavailable")
        #expect(stale["__weather_nowcast_series"] == nil)
        #expect(stale["__weather_rain_next_hour_mm"] == nil)
        #expect(stale["__weather_rain_peak_intensity_mmh"] == nil)
    }

    @Test func currentHourlyAndDailyBlocks() throws {
        // A small hand-written body in the documented `timeformat=unixtime` shape (no recording has all blocks).
        let body = Data(
            #"""
            {"latitude":52.52,"longitude":13.42,"utc_offset_seconds":3600,"timezone":"Europe/Berlin",
             "current":{"time":1773135000,"interval":900,"temperature_2m":-2.5,"apparent_temperature":-6.5,
                        "relative_humidity_2m":81,"weather_code":61,"precipitation":0.3,"is_day":1},
             "hourly":{"time":[1773129600,1773133200,1773136800,1773140400],"temperature_2m":[-3.0,-2.6,-1.5,null],
                       "precipitation_probability":[10,55,70,80],"weather_code":[3,61,63,63]},
             "daily":{"time":[1773097200,1773183600],"temperature_2m_max":[1.5,4.0],"temperature_2m_min":[-4.5,-1.0],
                      "precipitation_probability_max":[80,20]}}
            """#.utf8)
        let weather = try api.parse(body, now: Pinned.date("2026-03-10T09:30:00Z"))
        let current = try #require(weather.current)
        #expect(current.temperature == -2.5)
        #expect(current.condition == .lightRain)
        // 0.3 mm over the last 15 minutes is 1.2 mm/h.
        #expect(current.precipitationIntensity == 1.2)
        #expect(current.humidity == 0.81)
        // 08:00Z ended before 09:30; the null temperature hour is left out.
        #expect(
            weather.hourly.map(\.time) == [Pinned.date("2026-03-10T09:00:00Z"), Pinned.date("2026-03-10T10:00:00Z")])
        #expect(weather.daily.map(\.date) == ["2026-03-10", "2026-03-11"])

        let vars = variables(weather, now: "2026-03-10T09:30:00Z", zone: "Europe/Berlin")
        #expect(vars["__weather_temp"] == "-3")
        #expect(vars["__weather_temp_f"] == "28")
        #expect(vars["__weather_feels"] == "-7")
        #expect(vars["__weather_high"] == "2")
        #expect(vars["__weather_low"] == "-5")
        #expect(vars["__weather_precip"] == "55")
        #expect(vars["__weather_precip_fraction"] == "0.55")
        #expect(vars["__weather_condition"] == "Light rain")
        #expect(vars["__weather_symbol"] == "cloud.rain.fill")
        #expect(vars["__weather_condition_symbol"] == "cloud.rain.fill")
        #expect(vars["__weather_icon"] == "🌧")
        #expect(vars["__weather_hourly_strip"] == "10 55% -3 · 11 70% -2")
        // No minutely block but it rains now: the headline says so instead of guessing the hour.
        #expect(vars["__weather_nowcast"] == "Rain now")
        #expect(vars["__weather_nowcast_secondary"] == "Moderate rain")
    }

    @Test func requestAsksForUnixTimesAndLocalDays() throws {
        let requests = try OpenMeteoAPI(settings: .test("Berlin", 52.52, 13.405)).requests(now: Date())
        let url = try #require(requests.first?.url)
        #expect(url.hasPrefix("https://api.open-meteo.com/v1/forecast?latitude=52.52&longitude=13.405&"))
        for part in [
            "timeformat=unixtime", "timezone=GMT", "minutely_15=precipitation,precipitation_probability",
            "current=temperature_2m,", "hourly=temperature_2m,precipitation_probability,weather_code",
            "daily=temperature_2m_max,temperature_2m_min,precipitation_probability_max",
        ] {
            #expect(url.contains(part), "\(part)")
        }
        #expect(requests.first?.headers["User-Agent"] == "weft/0.1.0 (+test@example.org)")
    }

    @Test func wrongShapesAreNamed() {
        let now = Pinned.date("2026-03-10T09:30:00Z")
        #expect(throws: WeatherError.apiError(api: "Open-Meteo", message: "Invalid timezone")) {
            try api.parse(Data(#"{"error":true,"reason":"Invalid timezone"}"#.utf8), now: now)
        }
        #expect(throws: WeatherError.missingField(api: "Open-Meteo", path: "minutely_15.precipitation")) {
            try api.parse(Data(#"{"minutely_15":{"time":[1773135000]}}"#.utf8), now: now)
        }
        #expect(
            throws: WeatherError.wrongType(
                api: "Open-Meteo", path: "minutely_15.time[0]", expected: "a Unix time (request timeformat=unixtime)")
        ) {
            try api.parse(Data(#"{"minutely_15":{"time":["2026-03-10T09:30"],"precipitation":[0]}}"#.utf8), now: now)
        }
        #expect(
            throws: WeatherError.invalidValue(
                api: "Open-Meteo", path: "minutely_15.precipitation", message: "has 1 values for 2 times")
        ) {
            try api.parse(Data(#"{"minutely_15":{"time":[1,2],"precipitation":[0]}}"#.utf8), now: now)
        }
        #expect(throws: WeatherError.notJSON(api: "Open-Meteo", what: "plain text", excerpt: "Too many requests")) {
            try api.parse(Data("Too many requests\n".utf8), now: now)
        }
        #expect(throws: WeatherError.notJSON(api: "Open-Meteo", what: "an empty body", excerpt: "")) {
            try api.parse(Data(), now: now)
        }
    }
}
