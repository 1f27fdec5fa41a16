import Crypto
import Foundation
import Testing
import WeftCore

@testable import WeftWeather

@Suite struct WeatherKitTests {
    let api = WeatherKitAPI(settings: .test("New York", 40.713, -74.006, zone: "America/New_York"), signer: nil)

    @Test func fullResponseCurrentDailyAndNextHour() throws {
        let weather = try api.parse(
            Fixture.data("weatherkit-full-nyc-2022-trimmed.json"), now: Pinned.date("2022-07-05T17:28:53Z"))
        let current = try #require(weather.current)
        #expect(current.temperature == 29.56)
        #expect(current.apparentTemperature == 30.89)
        #expect(current.humidity == 0.51)
        #expect(current.condition == .mostlyCloudy)
        #expect(current.isDay == true)
        // The 78 recorded minutes are cut to the hour.
        let minutes = try #require(weather.minutes)
        #expect(minutes.forecastStart == Pinned.date("2022-07-05T17:29:00Z"))
        #expect(minutes.points.count == 60)
        #expect(minutes.points[59].date == Pinned.date("2022-07-05T18:28:00Z"))
        #expect(minutes.points[59].intensity == 0.23)
        #expect(minutes.points[59].chance == 0.26)
        // All three recorded hours (02:00–04:00Z) lie before the request: none is forecast.
        #expect(weather.hourly.isEmpty)
        #expect(weather.daily.map(\.date) == ["2022-07-05", "2022-07-06"])
        #expect(weather.daily[0].high == 29.77)
        #expect(weather.daily[0].low == 21.46)
        #expect(weather.daily[0].precipitationChance == 0.59)
        // The earliest expireTime (next hour, +3 min) is the data's validity.
        #expect(weather.providerExpiry == Pinned.date("2022-07-05T17:31:53Z"))
        #expect(weather.attribution.url == "https://weather-data.apple.com/legal-attribution.html")
        #expect(weather.attribution.text == "Apple Weather (data: US National Weather Service)")
    }

    @Test func fullResponseVariables() throws {
        let weather = try api.parse(
            Fixture.data("weatherkit-full-nyc-2022-trimmed.json"), now: Pinned.date("2022-07-05T17:28:53Z"))
        let vars = variables(weather, now: "2022-07-05T17:30:10Z", zone: "America/New_York")
        #expect(vars["__weather_temp"] == "30")
        #expect(vars["__weather_temp_f"] == "85")
        #expect(vars["__weather_feels"] == "31")
        #expect(vars["__weather_temperature_feels_like"] == "31")
        #expect(vars["__weather_high"] == "30")
        #expect(vars["__weather_low"] == "21")
        #expect(vars["__weather_low_f"] == "71")
        #expect(vars["__weather_humidity"] == "51")
        #expect(vars["__weather_humidity_fraction"] == "0.51")
        #expect(vars["__weather_condition"] == "Mostly cloudy")
        #expect(vars["__weather_symbol"] == "cloud.fill")
        // 0.12 mm/h at 5% from 18:01 is the first expected value over 0.005 mm/h; minute 59 is past the kept hour.
        #expect(vars["__weather_rain_next_hour_summary"] == "Rain in 31m · 26% chance")
        #expect(vars["__weather_nowcast_series"]?.hasSuffix(",0.06,") == true)
        // No hour covers now in this trimmed recording: no chance this hour, no strip.
        #expect(vars["__weather_precip"] == nil)
        #expect(vars["__weather_hourly_strip"] == nil)
    }

    @Test func currentWeatherOnly() throws {
        let weather = try api.parse(
            Fixture.data("weatherkit-currentweather-nyc-2022.json"), now: Pinned.date("2022-07-05T17:44:55Z"))
        #expect(weather.current?.temperature == 29.42)
        #expect(weather.current?.condition == .cloudy)
        #expect(weather.providerExpiry == Pinned.date("2022-07-05T17:49:55Z"))
        #expect(weather.minutes == nil)
        let vars = variables(weather, now: "2022-07-05T17:45:00Z", zone: "America/New_York")
        #expect(vars["__weather_temp"] == "29")
        #expect(vars["__weather_condition"] == "Cloudy")
        // No forecastNextHour (as outside its coverage): unavailable, not dry.
        #expect(vars["__weather_nowcast"] == "Next-hour rain unavailable")
        #expect(vars["__weather_high"] == nil)
    }

    @Test func realDrizzleAtLowChanceIsWordedAsAChance() throws {
        let weather = try api.parse(
            Fixture.data("weatherkit-nexthour-nyc-2022-drizzle-lowchance.json"),
            now: Pinned.date("2022-07-05T18:21:27Z"))
        #expect(weather.current == nil)
        #expect(weather.minutes?.points.count == 60)
        #expect(weather.minutes?.points[0].intensity == 0.1)
        #expect(weather.minutes?.points[0].chance == 0.01)
        // At the forecast start: 0.11 mm/h × 0.05 is the first expected value over 0.005, at minute 5.
        let atStart = variables(weather, now: "2022-07-05T18:22:00Z", zone: "America/New_York")
        #expect(atStart["__weather_nowcast"] == "Rain in 5m")
        #expect(atStart["__weather_nowcast_secondary"] == "24% chance")
        #expect(atStart["__weather_rain_next_hour_summary"] == "Rain in 5m · 24% chance")
        #expect(atStart["__weather_rain_peak_chance"] == "24")
        #expect(atStart["__weather_rain_peak_chance_fraction"] == "0.24")
        #expect(atStart["__weather_rain_peak_intensity_mmh"] == "0.1")
        #expect(atStart["__weather_rain_next_hour_mm"] == "0.0")
        // Before the forecast start (18:21:27), minute 0 is unknown and everything shifts by one.
        let early = variables(weather, now: "2022-07-05T18:21:27Z", zone: "America/New_York")
        #expect(early["__weather_nowcast"] == "Rain in 6m")
        #expect(early["__weather_nowcast_secondary"] == "22% chance")
        let series = try #require(early["__weather_nowcast_series"]).split(
            separator: ",", omittingEmptySubsequences: false)
        #expect(series.count == 60)
        #expect(series[0] == "")
        #expect(series[1] == "0.00")
        #expect(series[59] == "0.05")
    }

    @Test func derivedRainNowEndingIn34Minutes() throws {
        let weather = try api.parse(
            Fixture.data("weatherkit-nexthour-derived-rain-now-ends-34m.json"),
            now: Pinned.date("2022-07-05T18:22:00Z"))
        let vars = variables(weather, now: "2022-07-05T18:22:30Z", zone: "UTC")
        #expect(vars["__weather_nowcast"] == "Rain now")
        #expect(vars["__weather_nowcast_secondary"] == "Ends in 34m")
        #expect(vars["__weather_rain_start"] == "Now")
        #expect(vars["__weather_rain_start_min"] == "0")
        #expect(vars["__weather_rain_end_min"] == "34")
        // 1.5 mm/h × 0.9 for 35 minutes.
        #expect(vars["__weather_rain_peak_intensity_mmh"] == "1.4")
        #expect(vars["__weather_rain_next_hour_max_mm_hr"] == "1.4")
        #expect(vars["__weather_rain_next_hour_mm"] == "0.8")
        #expect(
            vars["__weather_nowcast_spark"] == String(repeating: "▅", count: 35) + String(repeating: "▁", count: 25))
        // 30 minutes later the end is 4 minutes away.
        let later = variables(weather, now: "2022-07-05T18:52:00Z", zone: "UTC")
        #expect(later["__weather_nowcast_secondary"] == "Ends in 4m")
        let ending = variables(weather, now: "2022-07-05T18:56:00Z", zone: "UTC")
        #expect(ending["__weather_nowcast_secondary"] == "Ending now")
    }

    @Test func derivedRainLaterAtLowChance() throws {
        let weather = try api.parse(
            Fixture.data("weatherkit-nexthour-derived-lowchance-30.json"), now: Pinned.date("2022-07-05T18:22:00Z"))
        let vars = variables(weather, now: "2022-07-05T18:22:00Z", zone: "UTC")
        #expect(vars["__weather_nowcast"] == "Rain in 20m")
        // The 60% minutes beyond the hour were cut at parse time, so they do not raise the peak chance.
        #expect(vars["__weather_nowcast_secondary"] == "30% chance")
        #expect(vars["__weather_rain_start"] == "20m")
    }

    @Test func errorBodiesAndBrokenBodiesSayWhatIsWrong() throws {
        let now = Pinned.date("2022-07-10T07:00:00Z")
        #expect(throws: WeatherError.apiError(api: "WeatherKit", message: "404 Not Found")) {
            try api.parse(Fixture.data("weatherkit-error-404.json"), now: now)
        }
        #expect(throws: WeatherError.apiError(api: "WeatherKit", message: "400 Bad Request")) {
            try api.parse(Fixture.data("weatherkit-error-400.json"), now: now)
        }
        let html = Data("<html><body><h1>502 Bad Gateway</h1></body></html>".utf8)
        #expect(
            throws: WeatherError.notJSON(
                api: "WeatherKit", what: "an HTML page", excerpt: "<html><body><h1>502 Bad Gateway</h1></body></html>")
        ) {
            try api.parse(html, now: now)
        }
        let full = try Fixture.data("weatherkit-full-nyc-2022-trimmed.json")
        #expect(throws: WeatherError.truncatedJSON(api: "WeatherKit", bytes: 5000)) {
            try api.parse(full.prefix(5000), now: now)
        }
        let noCode = Data(#"{"currentWeather":{"temperature":20}}"#.utf8)
        do {
            _ = try api.parse(noCode, now: now)
            Issue.record("a current weather without conditionCode parsed")
        } catch {
            #expect(error == .missingField(api: "WeatherKit", path: "currentWeather.conditionCode"))
            #expect(error.description.contains("currentWeather.conditionCode"))
        }
    }

    @Test func requestHasDatasetsTimeZoneAndBearerToken() throws {
        let key = P256.Signing.PrivateKey()
        let signer = try WeatherKitSigner(
            teamID: "TEAM123456", serviceID: "org.example.weft", keyID: "KEY1234567",
            privateKeyPEM: key.pemRepresentation)
        var settings = WeatherSettings.test("New York", 40.71277, -74.00597, zone: "America/New_York")
        settings.baseURL = "http://127.0.0.1:8080/"
        let requests = try WeatherKitAPI(settings: settings, signer: signer).requests(
            now: Pinned.date("2026-03-10T09:30:00Z"))
        #expect(requests.count == 1)
        #expect(
            requests[0].url
                == "http://127.0.0.1:8080/api/v1/weather/en/40.7128/-74.006?dataSets=currentWeather,forecastNextHour,forecastHourly,forecastDaily&timezone=America/New_York"
        )
        #expect(requests[0].headers["Authorization"]?.hasPrefix("Bearer ey") == true)
    }
}

@Suite struct WeatherKitSignerTests {
    @Test func tokenVerifiesWithThePublicKeyAndCarriesTheClaims() throws {
        let key = P256.Signing.PrivateKey()
        let signer = try WeatherKitSigner(
            teamID: "TEAM123456", serviceID: "org.example.weft", keyID: "KEY1234567",
            privateKeyPEM: key.pemRepresentation)
        let token = try signer.token(now: Pinned.date("2026-03-10T09:30:00Z"))
        let parts = token.split(separator: ".").map(String.init)
        #expect(parts.count == 3)

        let header = try #require(WeatherKitSigner.decodeBase64URL(parts[0]))
        let headerJSON = try #require(try JSONSerialization.jsonObject(with: header) as? [String: String])
        #expect(headerJSON == ["alg": "ES256", "kid": "KEY1234567", "id": "TEAM123456.org.example.weft"])

        let claims = try #require(WeatherKitSigner.decodeBase64URL(parts[1]))
        let claimsJSON = try #require(try JSONSerialization.jsonObject(with: claims) as? [String: Any])
        #expect(claimsJSON["iss"] as? String == "TEAM123456")
        #expect(claimsJSON["sub"] as? String == "org.example.weft")
        #expect((claimsJSON["iat"] as? NSNumber)?.intValue == 1_773_135_000)
        #expect((claimsJSON["exp"] as? NSNumber)?.intValue == 1_773_138_600)
        #expect(claimsJSON["subject"] == nil)

        let signatureBytes = try #require(WeatherKitSigner.decodeBase64URL(parts[2]))
        #expect(signatureBytes.count == 64)
        let signature = try P256.Signing.ECDSASignature(rawRepresentation: signatureBytes)
        let signed = Data("\(parts[0]).\(parts[1])".utf8)
        #expect(key.publicKey.isValidSignature(signature, for: signed))
        // Another key does not verify it, and a changed payload does not either.
        #expect(!P256.Signing.PrivateKey().publicKey.isValidSignature(signature, for: signed))
        #expect(!key.publicKey.isValidSignature(signature, for: Data("\(parts[0]).e30".utf8)))
    }

    @Test func aKeyThatIsNotPEMIsRejected() {
        #expect(throws: WeatherError.self) {
            try WeatherKitSigner(teamID: "T", serviceID: "S", keyID: "K", privateKeyPEM: "not a key")
        }
    }
}
