import Foundation
import Testing
import WeftCore
import WeftTestSupport

@testable import WeftWeather

@Suite struct WeatherVariablesTests {
    let now = Pinned.date("2026-03-10T09:30:40Z")

    var complete: WeatherSnapshot {
        let start = Pinned.date("2026-03-10T09:30:00Z")
        return WeatherSnapshot(
            locationName: "Berlin", latitude: 52.52, longitude: 13.405, units: .fahrenheit, providerName: "Open-Meteo",
            attribution: Attribution(text: "Weather data by Open-Meteo.com", url: "https://open-meteo.com/"),
            current: CurrentConditions(
                temperature: -0.5, apparentTemperature: -4.5, humidity: 0.675, condition: .lightRain, isDay: true,
                precipitationIntensity: 0.8),
            hourly: [
                HourlyForecast(
                    time: Pinned.date("2026-03-10T09:00:00Z"), temperature: 0.5, precipitationChance: 0.85,
                    condition: .lightRain),
                HourlyForecast(
                    time: Pinned.date("2026-03-10T10:00:00Z"), temperature: 1.5, precipitationChance: nil,
                    condition: .cloudy),
            ],
            daily: [
                DailyForecast(date: "2026-03-09", high: 20, low: 10, precipitationChance: nil),
                DailyForecast(date: "2026-03-10", high: 3.5, low: -2.5, precipitationChance: 0.9),
            ],
            minutes: MinuteSeries(
                forecastStart: start,
                points: (0..<60).map {
                    MinutePoint(
                        date: start.addingTimeInterval(Double($0 * 60)), intensity: $0 < 25 ? 1.0 : 0, chance: 0.8,
                        step: 60)
                }),
            alerts: [
                WeatherAlert(
                    id: "a1", title: "Storm warning", severity: .severe, start: Pinned.date("2026-03-10T06:00:00Z"),
                    end: Pinned.date("2026-03-11T17:00:00Z"), regions: ["Berlin", "Brandenburg"],
                    url: "https://example.org/a1", description: "Gusts to 100 km/h.", source: "DWD"),
                WeatherAlert(
                    id: "a2", title: "Frost", severity: .minor, start: nil, end: Pinned.date("2026-03-10T10:00:00Z"),
                    regions: [], url: nil, description: nil, source: nil),
            ])
    }

    @Test func everyKeyAndAliasOfTheSpecIsProduced() throws {
        let vars = WeatherVariables.derive(
            complete, prefix: "__weather_", fetchedAt: Pinned.date("2026-03-10T09:25:00Z"),
            context: Pinned.context("2026-03-10T09:30:40Z", zone: "Europe/Berlin"))
        // Every documented key, from a snapshot that has everything (this one's next hour lacks a chance).
        var full = complete
        full.hourly[1].precipitationChance = 0.2
        full.daily[1].condition = .lightRain
        full.daily[1].precipitationAmount = 3.2
        full.daily.append(
            DailyForecast(
                date: "2026-03-11", high: 9, low: 6, precipitationChance: 0.8, condition: .rain,
                precipitationAmount: 6))
        full.current?.extras = CurrentExtras(
            windSpeed: 5, windGust: 9, windDirection: 225, uvIndex: 6, pressure: 1013, visibility: 16.1, dewPoint: -2)
        let fullVars = WeatherVariables.derive(
            full, prefix: "__weather_", fetchedAt: Pinned.date("2026-03-10T09:25:00Z"),
            context: Pinned.context("2026-03-10T09:30:40Z", zone: "Europe/Berlin"))
        #expect(
            try KeyTable(sourceFile: "WeatherVariables.swift").mismatches(
                derived: fullVars.keys, prefix: "__weather_", placeholders: ["d": ["0", "1"], "h": ["0", "1"]]) == [])
        #expect(fullVars["__weather_days"] == "Tue 🌧 38°/28° 90%\nWed 🌧 48°/43° 80%")
        #expect(fullVars["__weather_wind_arrow"] == "↗", "a south-west wind blows north-east")
        #expect(fullVars["__weather_wind_compass"] == "SW")
        #expect(fullVars["__weather_wind_speed"] == "11", "5 m/s in mph, the default with °F")
        let expected: [String: String] = [
            "location": "Berlin", "location_name": "Berlin", "lat": "52.5200", "lon": "13.4050",
            "condition": "Light rain", "symbol": "cloud.rain.fill", "condition_symbol": "cloud.rain.fill", "icon": "🌧",
            "updated_iso": "2026-03-10T09:25:00Z",
            // Fahrenheit is configured: the plain keys follow it. -0.5 °C rounds away from zero to -1.
            "temp": "31", "temperature": "31", "temp_c": "-1", "temp_f": "31",
            "feels": "24", "temperature_feels_like": "24", "feels_c": "-5", "feels_f": "24",
            "high": "38", "daily_high": "38", "high_c": "4", "high_f": "38",
            "low": "28", "daily_low": "28", "low_c": "-3", "low_f": "28",
            "precip": "85", "precip_fraction": "0.85", "humidity": "68", "humidity_fraction": "0.675",
            "nowcast": "Rain now", "nowcast_secondary": "Ends in 24m",
            "rain_next_hour_summary": "Rain now · Ends in 24m",
            "rain_start_min": "0", "rain_end_min": "24", "rain_start": "Now",
            "rain_peak_intensity_mmh": "0.8", "rain_next_hour_max_mm_hr": "0.8", "rain_peak_chance": "80",
            "rain_peak_chance_fraction": "0.8", "rain_next_hour_mm": "0.3",
            "nowcast_spark": String(repeating: "▄", count: 25) + String(repeating: "▁", count: 35),
            "hourly_strip": "10 85% 33 · 11 — 35",
            "provider": "Open-Meteo", "attribution": "Weather data by Open-Meteo.com (https://open-meteo.com/)",
            "alert_count": "2", "alert_title": "Storm warning", "alert_severity": "severe",
            "alert_until": "Wed 18:00", "alert_until_iso": "2026-03-11T17:00:00Z",
            "alert_regions": "Berlin, Brandenburg", "alert_url": "https://example.org/a1",
            "alerts": "Severe: Storm warning until Wed 18:00 (Berlin, Brandenburg)\nMinor: Frost until 11:00",
        ]
        for (key, value) in expected {
            #expect(vars["__weather_" + key] == value, "\(key)")
        }
        #expect(
            vars["__weather_nowcast_series"]
                == (Array(repeating: "0.80", count: 25) + Array(repeating: "0.00", count: 35)).joined(separator: ","))
    }

    /// The table at the head of WeatherVariables.swift is the one list of keys: a recorded Pirate Weather response
    /// (rain in 12 minutes, with the docs example's alert) read through the kind gives every key it documents and no
    /// other.
    @Test func aRecordedResponseGivesExactlyTheDocumentedKeys() throws {
        let api = PirateWeatherAPI(
            settings: .test("New York", 40.7128, -74.0059, zone: "America/New_York"), apiKey: "KEY")
        let now = Pinned.date("2023-01-24T05:36:00Z")
        let weather = try api.parse(Fixture.data("pirateweather-forecast-derived-si-docs-alert.json"), now: now)
        let snapshot = Snapshot(
            instance: "nyc", kind: PirateWeatherKind.type, prefix: "__nyc_", schemaVersion: 1, fetchedAt: now,
            validUntil: now.addingTimeInterval(900), payload: try Snapshot.encode(weather))
        let vars = try PirateWeatherKind.variables(
            of: snapshot, context: Pinned.context("2023-01-24T05:36:00Z", zone: "America/New_York"))
        let table = try KeyTable(sourceFile: "WeatherVariables.swift")
        // This re-serialised recording dropped its zero values: the night's UV index and the days' precipitation.
        let dropped = ["day0_precip_mm", "uv_index", "uv_level"].map {
            "__nyc_\($0) is documented, not derived"
        }
        let hours = (0..<24).map(String.init).filter { vars["__nyc_hour\($0)_temp"] != nil }
        #expect(!hours.isEmpty)
        #expect(
            table.mismatches(derived: vars.keys, prefix: "__nyc_", placeholders: ["d": ["0", "1"], "h": hours])
                == dropped)
    }

    @Test func missingDataGivesNoKeys() {
        let bare = WeatherSnapshot(
            locationName: "Nowhere", latitude: -33.8688, longitude: 151.2093, units: .celsius,
            providerName: "Open-Meteo", attribution: Attribution(text: "Open-Meteo", url: nil), current: nil,
            hourly: [], daily: [], minutes: nil)
        let vars = WeatherVariables.derive(
            bare, prefix: "__weather_", fetchedAt: nil, context: Pinned.context("2026-03-10T09:30:40Z", zone: "UTC"))
        #expect(
            vars == [
                "__weather_location": "Nowhere", "__weather_location_name": "Nowhere", "__weather_lat": "-33.8688",
                "__weather_lon": "151.2093", "__weather_provider": "Open-Meteo", "__weather_attribution": "Open-Meteo",
                "__weather_nowcast": "Next-hour rain unavailable",
                "__weather_rain_next_hour_summary": "Next-hour rain unavailable",
                // The sun needs only the place: Sydney's sunrise on the 10th (UTC) is 06:49 AEDT.
                "__weather_sunrise": "19:49", "__weather_sunset": "08:20",
                "__weather_sunrise_iso": "2026-03-09T19:49:55Z",
                "__weather_sunset_iso": "2026-03-10T08:20:19Z", "__weather_daylight": "12:30", "__weather_sun_up": "0",
                "__weather_golden_hour_start": "07:47",
            ])
    }

    @Test func theKindUsesTheSnapshotPrefixAndCelsiusByDefault() throws {
        var weather = complete
        weather.units = .celsius
        let snapshot = Snapshot(
            instance: "berlin", kind: "open-meteo", prefix: "__berlin_", schemaVersion: 1,
            fetchedAt: Pinned.date("2026-03-10T09:25:00Z"), validUntil: Pinned.date("2026-03-10T09:40:00Z"),
            payload: try Snapshot.encode(weather))
        let vars = try OpenMeteoKind.variables(
            of: snapshot, context: Pinned.context("2026-03-10T09:30:40Z", zone: "Europe/Berlin"))
        #expect(vars["__berlin_temp"] == "-1")
        #expect(vars["__berlin_temperature"] == "-1")
        #expect(vars["__berlin_hourly_strip"] == "10 85% 1 · 11 — 2")
        #expect(vars["__weather_temp"] == nil)
        // Today's high comes from today's local date, not the first day in the list.
        #expect(vars["__berlin_high"] == "4")
    }

    @Test func theSnapshotPayloadRoundTrips() throws {
        let data = try Snapshot.encode(complete)
        let snapshot = Snapshot(
            instance: "w", kind: "open-meteo", prefix: "__weather_", schemaVersion: 1, fetchedAt: now, validUntil: now,
            payload: data)
        #expect(try snapshot.decode(WeatherSnapshot.self) == complete)
    }

    /// Every condition weft knows has a Nerd Font glyph by day, by night and when the API does not say: one scalar in
    /// the block where Nerd Fonts puts Weather Icons (U+E300…U+E3EB), so a bar set in a Nerd Font never shows a gap.
    @Test func everyConditionHasANerdFontWeatherGlyph() {
        for condition in WeatherCondition.allCases where condition != .unknown {
            for isDay in [true, false, nil] as [Bool?] {
                let glyph = condition.nerdIcon(isDay: isDay)
                let scalars = glyph.map { Array($0.unicodeScalars) } ?? []
                #expect(scalars.count == 1, "\(condition) isDay \(String(describing: isDay))")
                #expect(
                    scalars.allSatisfy { (0xE300...0xE3EB).contains($0.value) },
                    "\(condition) isDay \(String(describing: isDay)): \(scalars.map { String($0.value, radix: 16) })")
            }
        }
        #expect(WeatherCondition.unknown.nerdIcon(isDay: true) == nil)
        // Day and night differ where Weather Icons draws a sun or a moon.
        #expect(WeatherCondition.clear.nerdIcon(isDay: true) == "\u{E30D}", "nf-weather-day_sunny")
        #expect(WeatherCondition.clear.nerdIcon(isDay: false) == "\u{E32B}", "nf-weather-night_clear")
        #expect(WeatherCondition.clear.nerdIcon(isDay: nil) == "\u{E30D}")
        let vars = WeatherVariables.derive(
            complete, prefix: "__weather_", fetchedAt: nil,
            context: Pinned.context("2026-03-10T09:30:40Z", zone: "Europe/Berlin"))
        #expect(vars["__weather_icon_nerd"] == "\u{E308}", "light rain by day: nf-weather-day_rain")
    }
}
