import Foundation
import Testing
import WeftCore

@testable import WeftWeather

@Suite struct PirateWeatherTests {
    let api = PirateWeatherAPI(
        settings: .test("New York", 40.7128, -74.0059, zone: "America/New_York"), apiKey: "SECRETKEY123")

    @Test func realUSUnitsResponseIsConverted() throws {
        let weather = try api.parse(
            Fixture.data("pirateweather-forecast-nyc-2023-sanitized-trimmed.json"),
            now: Pinned.date("2023-01-24T05:36:30Z"))
        let current = try #require(weather.current)
        // 32.07 °F
        #expect(abs(current.temperature - 0.0389) < 0.0001)
        #expect(current.condition == .clear)
        #expect(current.isDay == false)
        let minutes = try #require(weather.minutes)
        // 61 points are sent; the 61st starts the following hour.
        #expect(minutes.points.count == 60)
        #expect(minutes.forecastStart == Date(timeIntervalSince1970: 1_674_538_560))
        #expect(minutes.points.last?.date == Date(timeIntervalSince1970: 1_674_538_560 + 59 * 60))
        #expect(minutes.points.allSatisfy { $0.intensity == 0 })
        #expect(weather.daily.map(\.date) == ["2023-01-24", "2023-01-25"])

        let vars = variables(weather, now: "2023-01-24T05:36:30Z", zone: "America/New_York")
        #expect(vars["__weather_temp"] == "0")
        #expect(vars["__weather_temp_f"] == "32")
        #expect(vars["__weather_feels"] == "-3")
        #expect(vars["__weather_feels_f"] == "26")
        #expect(vars["__weather_high"] == "5")
        #expect(vars["__weather_high_f"] == "42")
        #expect(vars["__weather_low_f"] == "32")
        #expect(vars["__weather_humidity"] == "79")
        #expect(vars["__weather_condition"] == "Clear")
        #expect(vars["__weather_symbol"] == "moon.stars.fill")
        #expect(vars["__weather_nowcast"] == "No rain next hour")
        #expect(vars["__weather_hourly_strip"] == "00 0% 0 · 01 0% 0 · 02 0% 0")
        #expect(vars["__weather_precip"] == "0")
        #expect(vars["__weather_provider"] == "Pirate Weather")
    }

    @Test func derivedRainStartingIn12Minutes() throws {
        let weather = try api.parse(
            Fixture.data("pirateweather-forecast-derived-si-rain-in-12m.json"),
            now: Pinned.date("2023-01-24T05:36:00Z"))
        #expect(weather.minutes?.points[12].intensity == 2.0)
        let vars = variables(weather, now: "2023-01-24T05:36:00Z", zone: "America/New_York")
        #expect(vars["__weather_nowcast"] == "Rain in 12m")
        #expect(vars["__weather_rain_start"] == "12m")
        #expect(vars["__weather_rain_start_min"] == "12")
        // Peak chance 80 % is not low: the intensity label (2.0 × 0.8 = 1.6 mm/h).
        #expect(vars["__weather_nowcast_secondary"] == "Moderate rain")
        #expect(vars["__weather_rain_next_hour_summary"] == "Rain in 12m · Moderate rain")
        #expect(vars["__weather_rain_peak_intensity_mmh"] == "1.6")
        #expect(vars["__weather_rain_peak_chance"] == "80")
        // In si the temperature is read as °C as given.
        #expect(vars["__weather_temp"] == "32")
        // Five minutes later the start is 7 minutes away.
        let later = variables(weather, now: "2023-01-24T05:41:59Z", zone: "America/New_York")
        #expect(later["__weather_nowcast"] == "Rain in 7m")
    }

    @Test func realDarkSkyDrizzleInUSUnits() throws {
        let weather = try api.parse(
            Fixture.data("darksky-legacy-forecast-derived-denver-drizzle-with-flags.json"),
            now: Pinned.date("2014-05-31T19:19:15Z"))
        let minutes = try #require(weather.minutes)
        #expect(minutes.forecastStart == Date(timeIntervalSince1970: 1_401_563_940))
        // 0.0046 in/h is 0.11684 mm/h.
        #expect(abs(minutes.points[59].intensity - 0.11684) < 1e-9)
        #expect(minutes.points[59].chance == 0.74)
        #expect(weather.current?.condition == .partlyCloudy)
        let vars = variables(weather, now: "2014-05-31T19:19:15Z", zone: "America/Denver")
        #expect(vars["__weather_temp"] == "25")
        #expect(vars["__weather_temp_f"] == "76")
        // Dark Sky said "Drizzle starting in 40 min." (its probability crossing 0.5); the expected intensity
        // (0.0023 in/h × 9 %) first reaches 0.005 mm/h at minute 29.
        #expect(vars["__weather_rain_next_hour_summary"] == "Rain in 29m · Drizzle")
        #expect(vars["__weather_rain_peak_chance"] == "75")
        #expect(vars["__weather_rain_end_min"] == "59")
    }

    @Test func unitsMustBeDeclared() throws {
        // The Dark Sky recording was trimmed without `flags`: its units cannot be known.
        #expect(throws: WeatherError.missingField(api: "Pirate Weather", path: "flags")) {
            try api.parse(Fixture.data("darksky-legacy-forecast-denver-2014-drizzle-trimmed.json"), now: Date())
        }
        let text = try String(
            contentsOf: Fixture.directory.appendingPathComponent("pirateweather-forecast-derived-si-rain-in-12m.json"),
            encoding: .utf8)
        let kelvin = Data(text.replacingOccurrences(of: "\"units\": \"si\"", with: "\"units\": \"kelvin\"").utf8)
        do {
            _ = try api.parse(kelvin, now: Date())
            Issue.record("unknown units were accepted")
        } catch {
            #expect(
                error.description
                    == #"Pirate Weather response: "flags.units" is "kelvin"; expected "si" (request units=si)"#)
        }
    }

    @Test func errorBodies() throws {
        #expect(throws: WeatherError.apiError(api: "Pirate Weather", message: "Forbidden")) {
            try api.parse(Fixture.data("pirateweather-error-403-not-subscribed.json"), now: Date())
        }
        #expect(
            throws: WeatherError.notJSON(
                api: "Pirate Weather", what: "plain text", excerpt: "Kong Error API rate limit exceeded.")
        ) {
            try api.parse(Data("Kong Error\nAPI rate limit exceeded.".utf8), now: Date())
        }
    }

    @Test func requestPutsTheKeyInThePathButNotInTheDisplayURL() throws {
        let requests = try api.requests(now: Date())
        #expect(
            requests.map(\.url) == [
                "https://api.pirateweather.net/forecast/SECRETKEY123/40.7128,-74.0059?units=si"
            ])
        #expect(
            requests.map(\.displayURL) == [
                "https://api.pirateweather.net/forecast/<api_key>/40.7128,-74.0059"
            ], "messages show scheme, host and path only")
    }
}
