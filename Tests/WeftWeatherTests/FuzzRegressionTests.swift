import Foundation
import Testing
import WeftCore
import WeftWeather

/// Inputs the fuzz targets found (Tests/Fixtures/fuzz/SOURCES.md), fed unchanged: each crashed before its fix.
@Suite struct FuzzRegressionTests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/fuzz")
    let now = Pinned.date("2026-03-14T09:26:53Z")

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(name))
    }

    @Test func openMeteoTimeFarBeyondYear9999IsRefusedByName() throws {
        let api = OpenMeteoAPI(settings: .test("Fuzz", 40.71, -74.0))
        let body = try Self.data("openmeteo-time-beyond-int-range.json")
        #expect(
            throws: WeatherError.invalidValue(
                api: "Open-Meteo", path: "minutely_15.time[5]", message: "is not a Unix time between 1970 and 9999")
        ) { try api.parse(body, now: now) }
    }

    @Test func pirateWeatherTimeFarBeyondYear9999IsRefusedByName() throws {
        let api = PirateWeatherAPI(settings: .test("Fuzz", 40.71, -74.0), apiKey: "key")
        let body = try Self.data("pirateweather-time-beyond-int-range.json")
        #expect(
            throws: WeatherError.invalidValue(
                api: "Pirate Weather", path: "minutely.data[16].time",
                message: "is not a Unix time between 1970 and 9999")
        ) { try api.parse(body, now: now) }
    }

    @Test func negativeUnixTimesAreRefusedToo() {
        let api = OpenMeteoAPI(settings: .test("Fuzz", 40.71, -74.0))
        let body = Data(#"{"minutely_15":{"time":[-1e300],"precipitation":[1]}}"#.utf8)
        #expect(
            throws: WeatherError.invalidValue(
                api: "Open-Meteo", path: "minutely_15.time[0]", message: "is not a Unix time between 1970 and 9999")
        ) { try api.parse(body, now: now) }
    }
}
