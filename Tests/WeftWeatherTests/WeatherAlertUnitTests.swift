import Foundation
import Testing
import WeftCore

@testable import WeftWeather

/// Alerts as each parser reads them and as a stored snapshot carries them.
@Suite struct WeatherAlertUnitTests {
    /// A payload as weft stored it before alerts existed still decodes, and gives no alert key.
    @Test func aSnapshotOfTheFormatBeforeAlertsStillDecodes() throws {
        let payload = Data(
            """
            {"attribution":{"text":"Weather data by Open-Meteo.com","url":"https://open-meteo.com/"},\
            "current":{"condition":"lightRain","humidity":0.8,"isDay":true,"precipitationIntensity":0.4,"temperature":11.5},\
            "daily":[{"date":"2026-11-27","high":12,"low":4,"precipitationChance":0.6}],\
            "hourly":[{"condition":"lightRain","precipitationChance":0.6,"temperature":11.5,"time":1796205600}],\
            "latitude":49.19,"locationName":"Brno","longitude":16.61,"providerName":"Open-Meteo","units":"celsius"}
            """.utf8)
        let snapshot = Snapshot(
            instance: "home", kind: "open-meteo", prefix: "__weather_", schemaVersion: 1,
            fetchedAt: Pinned.date("2026-11-27T08:00:00Z"), validUntil: Pinned.date("2026-11-27T08:15:00Z"),
            payload: payload)
        let weather = try snapshot.decode(WeatherSnapshot.self)
        #expect(weather.alerts == nil)
        #expect(weather.current?.temperature == 11.5)
        let keys = variables(weather, now: "2026-11-27T08:05:00Z", zone: "Europe/Prague")
        #expect(keys["__weather_temp"] == "12")
        #expect(keys.keys.filter { $0.contains("alert") }.isEmpty, "\(keys)")
    }

    /// MetAlerts: the severity from `awareness_level` when `severity` is missing, test alerts and cancellations left
    /// out, the description joined with the instruction.
    @Test func metAlertsReadsTheCAPProperties() throws {
        let now = Pinned.date("2024-05-02T14:40:00Z")
        let alerts = try METNorwayAPI.alerts(
            fromMetAlerts: Fixture.data("met-metalerts-current-torungen-2024-gale.json"), now: now)
        #expect(alerts.count == 1)
        let gale = try #require(alerts.first)
        #expect(gale.id == "2.49.0.1.578.0.20240502143145.095")
        #expect(gale.title == "Kuling" && gale.severity == .moderate && gale.regions == ["Torungen - Oksøy"])
        #expect(gale.start == Pinned.date("2024-05-01T18:00:00Z") && gale.end == Pinned.date("2024-05-03T13:00:00Z"))
        #expect(
            gale.description
                == "Nordøstlig periodevis stiv kuling 15 m/s. Minkende fredag ettermiddag.\nVurder å la båten ligge.")
        #expect(gale.source == "MET Norway")

        func feature(
            _ properties: String, interval: String = #"["2024-05-02T00:00:00+00:00","2024-05-04T00:00:00+00:00"]"#
        )
            -> String
        {
            #"{"type":"Feature","properties":{\#(properties)},"when":{"interval":\#(interval)}}"#
        }
        let body = Data(
            (#"{"type":"FeatureCollection","features":["#
                + [
                    feature(#""id":"a","event":"wind","awareness_level":"3; orange; Severe","title":"Wind""#),
                    feature(#""id":"b","event":"rain","severity":"Extreme","status":"Test""#),
                    feature(#""id":"c","event":"snow","severity":"Moderate","type":"Cancel""#),
                    feature(
                        #""id":"d","event":"ice","severity":"Minor""#,
                        interval: #"["2024-05-04T00:00:00+00:00","2024-05-03T00:00:00+00:00"]"#),
                    feature(
                        #""id":"f","event":"ice","severity":"Minor""#,
                        interval: #"["1900-05-01T00:00:00+00:00","2024-05-03T00:00:00+00:00"]"#),
                    feature(
                        #""id":"e","event":"fog","severity":"Minor""#,
                        interval: #"["2024-05-01T00:00:00+00:00","2024-05-02T12:00:00+00:00"]"#),
                ].joined(separator: ",") + "]}").utf8)
        let read = try METNorwayAPI.alerts(fromMetAlerts: body, now: now)
        #expect(
            read.map(\.id) == ["a"], "test, cancelled, reversed, out-of-range and ended alerts are left out: \(read)")
        #expect(read.first?.severity == .severe && read.first?.title == "Wind")
    }

    /// At most 20 alerts are kept, the most severe; long texts are cut.
    @Test func alertsAreBoundedAndTheirTextsCapped() {
        let now = Pinned.date("2026-01-01T00:00:00Z")
        var alerts: [WeatherAlert] = []
        for index in 0..<30 {
            alerts.append(
                WeatherAlert(
                    id: "id\(index)", title: String(repeating: "t", count: 500),
                    severity: index == 29 ? .extreme : .minor, start: nil,
                    end: now.addingTimeInterval(Double(3600 * (index + 1))), regions: ["north", " "], url: nil,
                    description: String(repeating: "d", count: 5000), source: nil))
        }
        let kept = WeatherAlert.normalised(alerts, now: now)
        #expect(kept.count == WeatherAlert.mostAlerts)
        #expect(kept.first?.id == "id29", "the extreme one leads")
        #expect(kept[1].id == "id0", "then the soonest ending")
        #expect(kept.allSatisfy { $0.title.count < 400 && ($0.description?.count ?? 0) < 2100 })
        #expect(kept.first?.regions == ["north"])
    }

    /// Dark Sky's words and CAP's, in any case; anything else is minor.
    @Test func severitiesReadFromEitherScale() {
        #expect(AlertSeverity(reading: "Severe") == .severe)
        #expect(AlertSeverity(reading: "warning") == .severe)
        #expect(AlertSeverity(reading: "watch") == .moderate)
        #expect(AlertSeverity(reading: "Unknown") == .minor)
    }

    /// WeatherKit's request names the alerts data set and the country only when `country` is set.
    @Test func weatherKitRequestsAlertsWithTheCountry() throws {
        var settings = WeatherSettings.test("New York", 40.713, -74.006, zone: "America/New_York")
        settings.baseURL = "http://127.0.0.1:8080"
        var api = WeatherKitAPI(settings: settings, signer: nil)
        #expect(try api.requests(now: Pinned.date("2022-07-05T17:30:00Z"))[0].url.contains("weatherAlerts") == false)
        api.country = "US"
        #expect(
            try api.requests(now: Pinned.date("2022-07-05T17:30:00Z"))[0].url.contains(
                "dataSets=currentWeather,forecastNextHour,forecastHourly,forecastDaily,weatherAlerts&countryCode=US&"))
    }
}
