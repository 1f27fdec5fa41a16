import Foundation
import WeftCore
import WeftHTTP
import WeftPrimitives
import WeftTestSupport
import WeftWeather

/// Recorded responses live in Tests/Fixtures/weather (see SOURCES.md there).
enum Fixture {
    static let directory = FixtureFiles.directory("weather")

    static func data(_ name: String) throws -> Data { try FixtureFiles.data("weather", name) }
}

/// Instants and zones pinned for the tests.
enum Pinned {
    static func date(_ text: String) -> Date { instant(text) }

    static func zone(_ identifier: String) -> TimeZone { WeftTestSupport.zone(identifier) }

    static func context(_ now: String, zone: String) -> VariableContext {
        VariableContext(now: date(now), timeZone: self.zone(zone), locale: Locale(identifier: "en_US_POSIX"))
    }
}

extension WeatherSettings {
    static func test(
        _ name: String, _ latitude: Double, _ longitude: Double, units: TemperatureUnit = .celsius,
        zone: String = "UTC"
    ) -> WeatherSettings {
        WeatherSettings(
            name: name, latitude: latitude, longitude: longitude, units: units, contact: "test@example.org",
            timeZone: Pinned.zone(zone))
    }
}

/// Derives variables with the default prefix.
func variables(_ weather: WeatherSnapshot, now: String, zone: String, fetchedAt: Date? = nil) -> [String: String] {
    WeatherVariables.derive(
        weather, prefix: "__weather_", fetchedAt: fetchedAt, context: Pinned.context(now, zone: zone))
}

/// A scripted answer as a server sends it; the HTTP source stamps it with the refresh's now.
func reply(status: Int, headers: [String: String] = [:], body: Data = Data()) -> HTTPResponse {
    HTTPResponse(status: status, headers: headers, body: body, url: "", receivedAt: .distantPast)
}
