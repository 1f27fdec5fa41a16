import Foundation
import Testing
import WeftCore

@testable import WeftWeather

@Suite struct METNorwayTests {
    @Test func trondheimNowcastRainStartingInTheSecondHalfHour() throws {
        let api = METNorwayAPI(settings: .test("Trondheim", 63.4308, 10.4034, zone: "Europe/Oslo"))
        let weather = try api.parse(
            nowcast: Fixture.data("met-nowcast-complete-trondheim-2023-rain.json"), forecast: nil,
            now: Pinned.date("2023-08-14T18:16:07Z"))
        let minutes = try #require(weather.minutes)
        #expect(minutes.forecastStart == Pinned.date("2023-08-14T18:15:00Z"))
        #expect(minutes.points.count == 23)
        #expect(minutes.points[9].date == Pinned.date("2023-08-14T19:00:00Z"))
        #expect(minutes.points[9].intensity == 0.2)
        #expect(minutes.points.allSatisfy { $0.chance == nil && $0.step == 300 })
        let current = try #require(weather.current)
        #expect(current.temperature == 17.7)
        #expect(current.condition == .cloudy)
        #expect(current.precipitationIntensity == 0)

        // The series starts at 18:15; re-anchored on 18:16, the 19:00 rate is 44 minutes away.
        let vars = variables(weather, now: "2023-08-14T18:16:07Z", zone: "Europe/Oslo")
        #expect(vars["__weather_nowcast"] == "Rain in 44m")
        // No probability from MET: the intensity label, never a `% chance`.
        #expect(vars["__weather_nowcast_secondary"] == "Light rain")
        #expect(vars["__weather_rain_peak_chance"] == nil)
        #expect(vars["__weather_rain_peak_chance_fraction"] == nil)
        #expect(vars["__weather_rain_peak_intensity_mmh"] == "0.9")
        let fields = try #require(vars["__weather_nowcast_series"]).split(separator: ",")
        #expect(fields[43] == "0.00")
        #expect(fields[44] == "0.20")
        #expect(fields[48] == "0.20")
        #expect(fields[49] == "0.50")
        #expect(vars["__weather_temp"] == "18")
        #expect(vars["__weather_humidity"] == "81")
        #expect(vars["__weather_condition"] == "Cloudy")
        #expect(vars["__weather_provider"] == "MET Norway")
        #expect(vars["__weather_attribution"]?.hasPrefix("Data from MET Norway (CC BY 4.0)") == true)
    }

    @Test func tromsoDryNight() throws {
        let api = METNorwayAPI(settings: .test("Tromsø", 69.6827, 18.9427, zone: "Europe/Oslo"))
        let weather = try api.parse(
            nowcast: Fixture.data("met-nowcast-complete-tromso-2023-dry.json"), forecast: nil,
            now: Pinned.date("2023-03-03T21:05:21Z"))
        let vars = variables(weather, now: "2023-03-03T21:05:21Z", zone: "Europe/Oslo")
        #expect(vars["__weather_nowcast"] == "No rain next hour")
        #expect(vars["__weather_nowcast_secondary"] == nil)
        #expect(vars["__weather_temp"] == "-3")
        #expect(vars["__weather_condition"] == "Mostly clear")
        #expect(vars["__weather_symbol"] == "moon.stars.fill")
        #expect(vars["__weather_icon"] == "🌙")
    }

    @Test func withoutRadarTheNowcastIsUnavailableNotDry() throws {
        let api = METNorwayAPI(settings: .test("Trondheim", 63.4308, 10.4034, zone: "Europe/Oslo"))
        let weather = try api.parse(
            nowcast: Fixture.data("met-nowcast-derived-trondheim-no-radar.json"), forecast: nil,
            now: Pinned.date("2023-08-14T18:16:07Z"))
        #expect(weather.minutes == nil)
        #expect(weather.current?.temperature == 17.7)
        #expect(weather.current?.precipitationIntensity == nil)
        let vars = variables(weather, now: "2023-08-14T18:16:07Z", zone: "Europe/Oslo")
        #expect(vars["__weather_nowcast"] == "Next-hour rain unavailable")
        #expect(vars["__weather_rain_next_hour_summary"] == "Next-hour rain unavailable")
        #expect(vars["__weather_nowcast_series"] == nil)
        #expect(vars["__weather_rain_next_hour_mm"] == nil)
        #expect(vars["__weather_temp"] == "18")
    }

    @Test func malmoLocationforecastWithoutNowcast() throws {
        let api = METNorwayAPI(settings: .test("Malmö", 55.608, 12.9725, zone: "Europe/Stockholm"))
        let weather = try api.parse(
            nowcast: nil, forecast: Fixture.data("met-locationforecast-compact-malmo-2023-rain.json"),
            now: Pinned.date("2023-03-24T08:36:49Z"))
        #expect(weather.current?.temperature == 8.3)
        #expect(weather.current?.condition == .rain)
        #expect(weather.hourly.count == 1)
        #expect(weather.hourly.first?.precipitationChance == nil)
        // The day's symbol is its only 6-hour one; its precipitation the one hour's 0.9 mm.
        #expect(
            weather.daily == [
                DailyForecast(
                    date: "2023-03-24", high: 8.3, low: 8.3, precipitationChance: nil, condition: .rainShowers,
                    precipitationAmount: 0.9)
            ])
        let vars = variables(weather, now: "2023-03-24T08:40:00Z", zone: "Europe/Stockholm")
        #expect(vars["__weather_hourly_strip"] == "10 — 8")
        #expect(vars["__weather_condition"] == "Rain")
        #expect(vars["__weather_high"] == "8")
        // No nowcast, but the forecast says rain now.
        #expect(vars["__weather_nowcast"] == "Rain now")
        #expect(vars["__weather_nowcast_secondary"] == "Rain")
        // A missing chance is absent, not 0 %.
        #expect(vars["__weather_precip"] == nil)
    }

    @Test func toulonCompleteForecastHours() throws {
        let api = METNorwayAPI(settings: .test("Toulon", 43.1, 5.7, zone: "Europe/Paris"))
        let weather = try api.parse(
            nowcast: nil, forecast: Fixture.data("met-locationforecast-complete-toulon-2024-trimmed.json"),
            now: Pinned.date("2024-09-25T19:15:14Z"))
        #expect(weather.hourly.map(\.temperature) == [21.2, 21.4, 21.5])
        #expect(weather.hourly.map(\.condition) == [.lightRain, .partlyCloudy, .rainShowers])
        #expect(weather.daily.first?.date == "2024-09-25")
        #expect(weather.daily.first?.high == 21.6)
        let vars = variables(weather, now: "2024-09-25T19:20:00Z", zone: "Europe/Paris")
        #expect(vars["__weather_hourly_strip"] == "22 — 21 · 23 — 21 · 00 — 22")
        #expect(vars["__weather_condition"] == "Light rain")
    }

    @Test func requestsUseFourDecimalsAndTheContact() throws {
        var settings = WeatherSettings.test("Oslo", 59.913_868_12, 10.752_245_3)
        settings.contact = "ops@example.org"
        let requests = try METNorwayAPI(settings: settings).requests(now: Date())
        #expect(
            requests.map(\.url) == [
                "https://api.met.no/weatherapi/nowcast/2.0/complete?lat=59.9139&lon=10.7522",
                "https://api.met.no/weatherapi/locationforecast/2.0/complete?lat=59.9139&lon=10.7522",
                "https://api.met.no/weatherapi/metalerts/2.0/current.json?lat=59.9139&lon=10.7522&lang=en",
            ])
        #expect(requests.map(\.optional) == [true, false, false])
        #expect(requests.map(\.supplementary) == [false, false, true])
        #expect(requests.allSatisfy { $0.headers["User-Agent"] == "weft/0.1.0 (+ops@example.org)" })
    }

    @Test func anHTMLErrorPageIsNamed() {
        let api = METNorwayAPI(settings: .test("Oslo", 59.91, 10.75))
        let page = Data("<!DOCTYPE html>\n<html><head><title>403 Forbidden</title></head></html>".utf8)
        #expect(throws: WeatherError.self) {
            try api.parse(nowcast: page, forecast: nil, now: Date())
        }
        do {
            _ = try api.parse(nowcast: nil, forecast: page, now: Date())
        } catch {
            #expect(
                error.description.hasPrefix("MET Norway locationforecast answered with an HTML page instead of JSON"))
        }
        #expect(throws: WeatherError.missingField(api: "MET Norway nowcast", path: "properties.timeseries")) {
            try api.parse(
                nowcast: Data(#"{"type":"Feature","properties":{"meta":{}}}"#.utf8), forecast: nil, now: Date())
        }
    }
}
