import Foundation
import Testing
import WeftCore
import WeftPrimitives
import WeftTestSupport

@testable import WeftWeather

/// Sun times computed with NOAA's algorithm against published tables.
@Suite struct SolarDayTests {
    /// Minutes between a computed instant and a published local `HH:MM` on `date` in `zone`.
    func minutesOff(_ computed: Date?, _ date: String, _ published: String, _ zone: TimeZone) throws -> Double {
        let computed = try #require(computed)
        let day = try #require(LocalDay.parse(date))
        let seconds = try #require(TimeOfDayText.seconds(published))
        return abs(computed.timeIntervalSince(LocalDay.instant(day: day, secondsIntoDay: seconds, in: zone))) / 60
    }

    func sun(_ date: String, _ latitude: Double, _ longitude: Double, _ zone: TimeZone) throws -> SolarDay {
        SolarDay(day: try #require(LocalDay.parse(date)), latitude: latitude, longitude: longitude, zone: zone)
    }

    /// The US Naval Observatory's "Sun and Moon Data for One Day" for Tromsø (E19.0, N69.5, Universal Time + 1h),
    /// 2014, as quoted at https://www.answers.com/Q/How_many_hour_of_daylight_in_north_Norway_in_April: 1 April rise
    /// 04:50 set 18:49; 30 April rise 02:29 set 20:58; 17 May rise 00:29 set 23:06; from 18 May the sun does not set
    /// until 25 July.
    @Test func tromsoMatchesTheNavalObservatoryTable() throws {
        let zone = try #require(TimeZone(secondsFromGMT: 3600))
        for (date, rise, set) in [
            ("2014-04-01", "04:50", "18:49"), ("2014-04-30", "02:29", "20:58"), ("2014-05-17", "00:29", "23:06"),
        ] {
            let day = try sun(date, 69.5, 19.0, zone)
            guard case .normal(let sunrise, let sunset) = day.kind else {
                Issue.record("\(date): \(day.kind)")
                continue
            }
            #expect(try minutesOff(sunrise, date, rise, zone) <= 2, "\(date) sunrise \(sunrise)")
            #expect(try minutesOff(sunset, date, set, zone) <= 2, "\(date) sunset \(sunset)")
        }
        #expect(try sun("2014-06-21", 69.5, 19.0, zone).kind == .polarDay)
        #expect(try sun("2014-07-10", 69.5, 19.0, zone).kind == .polarDay)
    }

    /// Tromsø (69.65°N) in June and December: midnight sun and polar night (the sun stays below the horizon from
    /// about 26 November to 15 January: https://en.wikipedia.org/wiki/Troms%C3%B8#Light_and_darkness).
    @Test func tromsoHasPolarDayAndNight() throws {
        let oslo = Pinned.zone("Europe/Oslo")
        let june = try sun("2026-06-21", 69.65, 18.96, oslo)
        #expect(june.kind == .polarDay)
        #expect(june.goldenHourStart != nil, "at midnight the sun is 3° high: below 6°, above the horizon")
        let december = try sun("2026-12-21", 69.65, 18.96, oslo)
        #expect(december.kind == .polarNight)
        #expect(december.goldenHourStart == nil)
        #expect(try sun("2026-11-20", 69.65, 18.96, oslo).kind != .polarNight, "before the polar night")
    }

    /// Helmer Aslaksen (National University of Singapore), "Which Day Does the Sun Rise Earliest in Singapore?",
    /// http://www.math.nus.edu.sg/aslaksen/calendar/sunrise.html: sunrise from 6:46 (1 November) to 7:17 (9
    /// February), sunset from 6:50 pm (5 November) to 7:21 pm (13 February).
    @Test func singaporeMatchesPublishedExtremes() throws {
        let zone = Pinned.zone("Asia/Singapore")
        let cases: [(String, String, Bool)] = [
            ("2026-11-01", "06:46", true), ("2026-02-09", "07:17", true), ("2026-11-05", "18:50", false),
            ("2026-02-13", "19:21", false),
        ]
        for (date, time, rising) in cases {
            guard case .normal(let sunrise, let sunset) = try sun(date, 1.29, 103.85, zone).kind else {
                Issue.record("\(date)")
                continue
            }
            #expect(try minutesOff(rising ? sunrise : sunset, date, time, zone) <= 2, "\(date) \(time)")
        }
    }
}

/// The keys beyond the next hour from each API's response.
@Suite struct ForecastKeysTests {
    func vars(_ weather: WeatherSnapshot, _ now: String, _ zone: String) -> [String: String] {
        variables(weather, now: now, zone: zone)
    }

    /// Open-Meteo at Auckland (UTC+12/+13) across New Zealand's DST start on 27 September 2026: days are Auckland's,
    /// each once, although the request is made on the 26th in UTC and the response has one offset for all days.
    @Test func openMeteoDaysAreTheZonesAcrossDST() throws {
        let api = OpenMeteoAPI(settings: .test("Auckland", -36.85, 174.76, zone: "Pacific/Auckland"))
        let now = "2026-09-26T12:30:00Z"
        var weather = try api.parse(Fixture.data("openmeteo-built-auckland-dst-2026.json"), now: Pinned.date(now))
        weather.keepDays(settings: api.settings, now: Pinned.date(now))
        #expect(weather.dayZone == "Pacific/Auckland")
        #expect(
            weather.daily.map(\.date) == [
                "2026-09-27", "2026-09-28", "2026-09-29", "2026-09-30", "2026-10-01", "2026-10-02", "2026-10-03",
            ])
        // Rendered in UTC, where it is still the 26th: the days stay Auckland's.
        let v = vars(weather, now, "UTC")
        #expect(v["__weather_day0_date"] == "2026-09-27")
        #expect(v["__weather_day0_weekday"] == "Sunday")
        #expect(v["__weather_high"] == "16")
        #expect(v["__weather_tomorrow_date"] == "2026-09-28")
        #expect(v["__weather_tomorrow_high"] == "16")
        #expect(v["__weather_tomorrow_low"] == "10")
        #expect(v["__weather_tomorrow_condition"] == "Cloudy")
        #expect(v["__weather_tomorrow_symbol"] == "cloud.fill")
        #expect(v["__weather_tomorrow_precip_chance"] == "35")
        #expect(v["__weather_tomorrow_precip_mm"] == "0.3")
        #expect(v["__weather_day6_date"] == "2026-10-03")
        #expect(v["__weather_day6_high_f"] == "62")
        #expect(v["__weather_day7_date"] == nil)
        #expect(
            v["__weather_days"]
                == "Sun 🌧 16°/10° 80%\nMon ☁️ 16°/10° 35%\nTue 🌧 14°/9° 90%\nWed ⛅ 14°/8°\nThu ☀️ 17°/9°\nFri 🌤 18°/12°\n"
                + "Sat 🌧 16°/10° 60%")
        // The API's sun times, in Auckland time (NZDT from 02:00 that day).
        #expect(v["__weather_sunrise"] == "07:04")
        #expect(v["__weather_sunset"] == "19:21")
        #expect(v["__weather_sunrise_iso"] == "2026-09-26T18:04:00Z")
        #expect(v["__weather_daylight"] == "12:17")
        #expect(v["__weather_sun_up"] == "0")
        #expect(vars(weather, "2026-09-27T00:00:00Z", "UTC")["__weather_sun_up"] == "1")
        #expect(v["__weather_golden_hour_start"] != nil)
        // Wind from the north (0°) blows south; 5.2 m/s is 19 km/h, Beaufort 3.
        #expect(v["__weather_wind_speed"] == "19")
        #expect(v["__weather_wind_gust"] == "35")
        #expect(v["__weather_wind_unit"] == "km/h")
        #expect(v["__weather_wind_direction"] == "0")
        #expect(v["__weather_wind_compass"] == "N")
        #expect(v["__weather_wind_arrow"] == "↓")
        #expect(v["__weather_wind_beaufort"] == "3")
        #expect(v["__weather_uv_index"] == "0")
        #expect(v["__weather_uv_level"] == "low")
        #expect(v["__weather_pressure"] == "1016")
        #expect(v["__weather_visibility_km"] == "24.1")
        #expect(v["__weather_dew_point"] == "8")
        #expect(v["__weather_dew_point_f"] == "47")
        // hour0 is the hour holding now (12:00 UTC is 00:00 NZST); the list has 24.
        #expect(v["__weather_hour0_temp"] == "11")
        #expect(v["__weather_hour0_precip_chance"] == "5")
        #expect(v["__weather_hour0_icon"] == "🌙", "mainly clear at night")
        #expect(v["__weather_hour10_symbol"] == "cloud.rain.fill")
        #expect(v["__weather_hour23_temp"] == "11")
        #expect(v["__weather_hour24_temp"] == nil)
        // Half an hour later hour0 is still the same hour; one hour later it is the next.
        #expect(vars(weather, "2026-09-26T13:10:00Z", "UTC")["__weather_hour0_temp"] == "11")
        #expect(vars(weather, "2026-09-26T13:10:00Z", "UTC")["__weather_hour1_temp"] == "11", "10.5 rounds to 11")
    }

    @Test func openMeteoRequestAsksForTheDaysInTheZone() throws {
        var settings = WeatherSettings.test("Auckland", -36.85, 174.76, zone: "Pacific/Auckland")
        settings.days = 10
        let url = try #require(try OpenMeteoAPI(settings: settings).requests(now: Date()).first?.url)
        for part in [
            "timezone=Pacific/Auckland", "forecast_days=10", "wind_speed_unit=ms",
            "sunrise,sunset", "wind_speed_10m,wind_gusts_10m,wind_direction_10m,uv_index,pressure_msl,visibility",
        ] {
            #expect(url.contains(part), "\(part) in \(url)")
        }
        // A fixed offset from a POSIX TZ has no name Open-Meteo knows: it is asked for the place's zone instead.
        settings.timeZone = try #require(TimeZone(secondsFromGMT: 3600))
        let fixed = try #require(try OpenMeteoAPI(settings: settings).requests(now: Date()).first?.url)
        #expect(fixed.contains("timezone=auto"), "\(fixed)")
    }

    /// MET Norway (Toulon, `complete`): wind, pressure, clear-sky UV and dew point; no visibility; computed sun.
    @Test func metNorwayGivesWindAndComputedSun() throws {
        let api = METNorwayAPI(settings: .test("Toulon", 43.1, 5.7, zone: "Europe/Paris"))
        let now = "2024-09-25T19:30:00Z"
        let weather = try api.parse(
            nowcast: nil, forecast: Fixture.data("met-locationforecast-complete-toulon-2024-trimmed.json"),
            now: Pinned.date(now))
        var settings = api.settings
        settings.windUnit = .metresPerSecond
        var stored = weather
        stored.keepDays(settings: settings, now: Pinned.date(now))
        let v = vars(stored, now, "Europe/Paris")
        #expect(v["__weather_wind_speed"] == "7.5")
        #expect(v["__weather_wind_unit"] == "m/s")
        #expect(v["__weather_wind_gust"] == nil, "this recording gives no gust")
        #expect(v["__weather_wind_compass"] == "ESE")
        #expect(v["__weather_wind_arrow"] == "↖")
        #expect(v["__weather_wind_beaufort"] == "4")
        #expect(v["__weather_pressure"] == "1013", "1012.5 rounds half away from zero")
        #expect(v["__weather_uv_index"] == "0")
        #expect(v["__weather_dew_point"] == "19")
        #expect(v["__weather_visibility_km"] == nil, "MET gives no visibility")
        #expect(v["__weather_day0_condition"] == "Partly cloudy")
        #expect(v["__weather_day0_precip_mm"] == "0.1", "the hours of the 25th in Paris: 0.1 and 0 mm")
        // MET gives no sun times: they are computed (SolarDayTests checks the algorithm against published tables).
        let day = try #require(LocalDay.parse("2024-09-25"))
        guard
            case .normal(let sunrise, let sunset) = SolarDay(
                day: day, latitude: 43.1, longitude: 5.7, zone: Pinned.zone("Europe/Paris")
            ).kind
        else { throw WeatherError.missingField(api: "test", path: "sun") }
        #expect(v["__weather_sunrise"] == LocalText.time(sunrise, in: Pinned.zone("Europe/Paris")))
        #expect(v["__weather_sunset_iso"] == ISOInstant.format(sunset))
        #expect(v["__weather_sun_up"] == "0")
    }

    /// Pirate Weather (New York, `us` units): mph, miles and °F converted; no UV at night in this re-serialised
    /// recording, so none is shown; the daily sun times.
    @Test func pirateWeatherGivesWindVisibilityAndSunTimes() throws {
        let api = PirateWeatherAPI(
            settings: .test("New York", 40.7128, -74.0059, zone: "America/New_York"), apiKey: "KEY")
        let now = "2023-01-24T05:36:00Z"
        let weather = try api.parse(
            Fixture.data("pirateweather-forecast-nyc-2023-sanitized-trimmed.json"), now: Pinned.date(now))
        #expect(weather.dayZone == "America/New_York")
        let v = vars(weather, now, "America/New_York")
        #expect(v["__weather_wind_speed"] == "11", "6.725 mph")
        #expect(v["__weather_wind_gust"] == "29", "18.01 mph")
        #expect(v["__weather_wind_direction"] == "275")
        #expect(v["__weather_wind_compass"] == "W")
        #expect(v["__weather_wind_arrow"] == "→")
        #expect(v["__weather_pressure"] == "1015")
        #expect(v["__weather_visibility_km"] == "16.1", "10 miles")
        #expect(v["__weather_dew_point"] == "-2", "28.02 °F")
        #expect(v["__weather_uv_index"] == nil)
        #expect(v["__weather_uv_level"] == nil)
        #expect(v["__weather_sunrise"] == "07:13")
        #expect(v["__weather_sunset"] == "17:03")
        #expect(v["__weather_day0_condition"] == "Partly cloudy")
        #expect(v["__weather_day0_precip_mm"] == nil, "the recording has no precipAccumulation")
        #expect(v["__weather_tomorrow_date"] == "2023-01-25")
    }

    /// WeatherKit (New York): km/h, metres and mb; the daily condition, amount and sun times.
    @Test func weatherKitGivesWindUVAndSunTimes() throws {
        let api = WeatherKitAPI(
            settings: .test("New York", 40.713, -74.006, units: .fahrenheit, zone: "America/New_York"), signer: nil)
        let now = "2022-07-05T17:30:00Z"
        let weather = try api.parse(Fixture.data("weatherkit-full-nyc-2022-trimmed.json"), now: Pinned.date(now))
        let v = vars(weather, now, "America/New_York")
        #expect(v["__weather_wind_speed"] == "13", "21.09 km/h in mph, the default with °F")
        #expect(v["__weather_wind_unit"] == "mph")
        #expect(v["__weather_wind_gust"] == "22")
        #expect(v["__weather_wind_compass"] == "SSE")
        #expect(v["__weather_wind_arrow"] == "↑")
        #expect(v["__weather_uv_index"] == "6")
        #expect(v["__weather_uv_level"] == "high")
        #expect(v["__weather_pressure"] == "1016")
        #expect(v["__weather_visibility_km"] == "31.9")
        #expect(v["__weather_dew_point"] == "65")
        #expect(v["__weather_dew_point_c"] == "18")
        #expect(v["__weather_day0_condition"] == "Drizzle")
        #expect(v["__weather_day0_precip_mm"] == "2.8")
        #expect(v["__weather_sunrise"] == "05:31")
        #expect(v["__weather_sunset"] == "20:30")
        #expect(v["__weather_sunset_iso"] == "2022-07-06T00:30:27Z")
        #expect(v["__weather_daylight"] == "14:59")
        #expect(v["__weather_sun_up"] == "1")
    }

    /// At Tromsø in June and December every key derived is documented, and sunrise and sunset are absent.
    @Test func polarKeysAreDocumented() throws {
        for (month, now, up) in [("june", "2026-06-21T23:30:00Z", "1"), ("december", "2026-12-21T11:00:00Z", "0")] {
            let api = METNorwayAPI(settings: .test("Tromsø", 69.65, 18.96, zone: "Europe/Oslo"))
            let weather = try api.parse(
                nowcast: nil, forecast: Fixture.data("met-locationforecast-derived-tromso-\(month)-2026.json"),
                now: Pinned.date(now))
            let v = vars(weather, now, "Europe/Oslo")
            #expect(v["__weather_sun_up"] == up, "\(month)")
            #expect(v["__weather_sunrise"] == nil && v["__weather_sunset_iso"] == nil, "\(month)")
            let undocumented = try KeyTable(sourceFile: "WeatherVariables.swift").mismatches(
                derived: v.keys, prefix: "__weather_", placeholders: ["d": ["0"], "h": ["0", "1", "2"]]
            ).filter { $0.hasSuffix("derived, not documented") }
            #expect(undocumented == [], "\(month)")
        }
    }

    /// A new value outside its physical range fails the refresh by name, as the older ones do.
    @Test func outOfRangeValuesAreRefusedByName() throws {
        let api = OpenMeteoAPI(settings: .test("Berlin", 52.52, 13.405))
        let cases: [(String, String, String)] = [
            ("\"wind_speed_10m\":500", "current.wind_speed", "500.0 is not a wind speed in m/s (0…150)"),
            ("\"wind_direction_10m\":361", "current.wind_direction", "361.0 is not a direction in degrees (0…360)"),
            ("\"uv_index\":-1", "current.uv_index", "-1.0 is not a UV index (0…50)"),
            ("\"pressure_msl\":10", "current.pressure", "10.0 is not an air pressure in hPa (800…1100)"),
            ("\"dew_point_2m\":1e300", "current.dew_point", "1e+300 is not a temperature in °C (-150…100)"),
        ]
        for (field, path, message) in cases {
            let body = Data((#"{"current":{"time":1773480413,"temperature_2m":5,"# + field + "}}").utf8)
            let weather = try api.parse(body, now: Pinned.date("2026-03-14T09:30:00Z"))
            #expect(throws: WeatherError.invalidValue(api: "Open-Meteo", path: path, message: message)) {
                try weather.checkRanges()
            }
        }
    }

    @Test func unitsBandsAndArrows() {
        #expect(WindUnit.knots.convert(10) == 10.0 * 3600 / 1852)
        #expect(WindUnit.defaultUnit(for: .celsius) == .kilometresPerHour)
        #expect(
            [0, 2.9, 3, 5.4, 6, 7.6, 8, 10.4, 10.5, 11].map(ForecastVariables.uvLevel) == [
                "low", "moderate", "moderate", "moderate", "high", "very high", "very high", "very high", "extreme",
                "extreme",
            ])
        #expect([0.4, 0.5, 3.3, 3.4, 32.6, 32.7, 60].map(ForecastVariables.beaufort) == [0, 1, 2, 3, 11, 12, 12])
    }

    /// A payload written before these keys existed still decodes and renders; the new keys it cannot have are absent.
    @Test func aSnapshotOfThePreviousFormatStillRenders() throws {
        let payload = try Fixture.data("snapshot-payload-v1-before-forecast-keys.json")
        let snapshot = Snapshot(
            instance: "weather", kind: OpenMeteoKind.type, prefix: "__weather_", schemaVersion: 1,
            fetchedAt: Pinned.date("2026-03-10T09:25:00Z"), validUntil: Pinned.date("2026-03-10T09:40:00Z"),
            payload: payload)
        let v = try OpenMeteoKind.variables(
            of: snapshot, context: Pinned.context("2026-03-10T09:30:40Z", zone: "Europe/Berlin"))
        #expect(v["__weather_temp"] == "-1")
        #expect(v["__weather_tomorrow_high"] == "6")
        #expect(v["__weather_tomorrow_condition"] == nil)
        #expect(v["__weather_wind_speed"] == nil)
        #expect(v["__weather_sunrise"] != nil, "computed where the snapshot has none")
    }

    @Test func daysAndWindUnitsAreRangeChecked() throws {
        func error(_ kind: any ProviderKind.Type, _ extra: String) throws -> String? {
            let config = try ProviderConfig(
                text: "type = \"\(kind.type)\"\nlatitude = 1\nlongitude = 2\ncontact = \"a@b.c\"\n" + extra,
                file: "/p/w.toml")
            do {
                _ = try kind.make(config)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(
            try error(PirateWeatherKind.self, "api_key_env = \"HOME\"\ndays = 9\n")?.contains("between 1 and 8") == true
        )
        #expect(try error(OpenMeteoKind.self, "days = 16\n") == nil)
        #expect(try error(OpenMeteoKind.self, "days = 0\n")?.contains("between 1 and 16") == true)
        #expect(try error(OpenMeteoKind.self, "wind_units = \"knots\"\n") == nil)
        #expect(try error(METNorwayKind.self, "wind_units = \"beaufort\"\n")?.contains("\"km/h\", \"m/s\"") == true)
    }
}
