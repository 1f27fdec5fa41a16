import Foundation
import WeftCore
import WeftHTTP
import WeftHTTPSource

/// The provider kind of one weather API, with the HTTP client its instances use.
enum WeatherKind<API: WeatherAPI, Source: HTTPFetchSource>: ProviderKind {
    static var type: String { API.type }
    static var schemaVersion: Int { WeatherSnapshot.schemaVersion }

    static var summary: String {
        "The weather at one place from \(API.displayName): the next hour's rain by the minute, now, the hours and "
            + "the days ahead, and severe-weather alerts where it gives them."
    }

    /// The keys every weather type knows.
    static var commonKeys: [ConfigKey] {
        [
            .name("The place's name, shown as __weather_location."),
            ConfigKey("latitude", .number, range: "-90 to 90", "The place's latitude in degrees north (required)."),
            ConfigKey("longitude", .number, range: "-180 to 180", "The place's longitude in degrees east (required)."),
            ConfigKey(
                "units", .string, default: "\"celsius\"", range: "\"celsius\" or \"fahrenheit\"",
                "The unit of the plain temperature variables (the _c and _f ones are always there)."),
            .contact("An e-mail or URL sent in the User-Agent; MET Norway requires one."),
            .baseURL(default: "the API's own"),
            .prefix(default: "\"__weather_\""),
            .transferTimeout(default: "\"20s\""),
            ConfigKey(
                "days", .integer, default: "7", range: "1–\(API.maxDays)",
                "How many local days, today included, are kept."),
            ConfigKey(
                "wind_units", .string, default: "\"km/h\" with celsius, \"mph\" with fahrenheit",
                range: WindUnit.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "),
                "The unit of the wind variables."),
            .timezone("The place's zone, whose local days the days ahead are."),
        ]
    }

    static var fileKeys: [ConfigKey] { commonKeys + API.extraKeys }

    static func defaultPrefix(instance: String) -> String { "__weather_" }

    static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        try config.checkKnownKeys(fileKeys)
        let settings = try settings(config)
        let prefix = try config.prefix(default: defaultPrefix(instance: config.instance))
        let api = try API.make(config, settings: settings)
        return WeatherProvider(instance: config.instance, prefix: prefix, api: api, fetch: Source.fetch)
    }

    static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        let weather = try context.decode(snapshot, as: WeatherSnapshot.self)
        // A snapshot stored by an older weft, before ranges were checked, is reported rather than rendered.
        try weather.checkRanges()
        return WeatherVariables.derive(
            weather, prefix: snapshot.prefix, fetchedAt: snapshot.fetchedAt, context: context)
    }

    static var card: BoardCard { .weather }

    /// Rain about to start or stop (``RainOccasions``), and severe-weather alerts (``AlertOccasions``).
    static func occasions(of snapshot: Snapshot, query: OccasionQuery) throws -> [Occasion] {
        let weather = try snapshot.decode(WeatherSnapshot.self)
        try weather.checkRanges()
        return try RainOccasions.occasions(weather, snapshot: snapshot, query: query)
            + AlertOccasions.occasions(weather, snapshot: snapshot, query: query)
    }

    /// The next 60 minutes re-anchored on the render's now.
    static func figures(of snapshot: Snapshot, context: VariableContext) throws -> CardFigures? {
        let weather = try snapshot.decode(WeatherSnapshot.self)
        let nowcast = Nowcast(series: weather.minutes, now: context.now)
        return CardFigures(
            nextHour: RainMinutes(
                expectedByMinute: nowcast.expectedByMinute, chanceByMinute: nowcast.chanceByMinute,
                startMinute: nowcast.startMinute))
    }

    /// The common keys, checked.
    static func settings(_ config: ProviderConfig) throws(ConfigError) -> WeatherSettings {
        let place = try config.coordinates()
        let unitsText = try config.string("units") ?? "celsius"
        guard let units = TemperatureUnit(rawValue: unitsText) else {
            throw config.invalid("units", "\"\(unitsText)\" is not a unit; write \"celsius\" or \"fahrenheit\"")
        }
        let contact = try config.contact()
        let baseURL = try config.baseURL()
        var settings = WeatherSettings(
            name: try config.string("name") ?? config.instance, latitude: place.latitude, longitude: place.longitude,
            units: units, contact: contact, baseURL: baseURL)
        if let timeout = try config.transferTimeout() { settings.timeout = timeout }
        settings.placeZone = try config.timeZone()
        if let days = try config.integer("days") {
            guard (1...API.maxDays).contains(days) else {
                throw config.invalid("days", "must be between 1 and \(API.maxDays) (what \(API.displayName) forecasts)")
            }
            settings.days = days
        }
        if let text = try config.string("wind_units") {
            guard let unit = WindUnit(rawValue: text) else {
                let names = WindUnit.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw config.invalid("wind_units", "\"\(text)\" is not a wind unit; write one of \(names)")
            }
            settings.windUnit = unit
        }
        return settings
    }
}

/// Open-Meteo over libcurl.
typealias OpenMeteoKind = WeatherKind<OpenMeteoAPI, CurlFetch>
/// MET Norway over libcurl.
typealias METNorwayKind = WeatherKind<METNorwayAPI, CurlFetch>
/// Pirate Weather over libcurl.
typealias PirateWeatherKind = WeatherKind<PirateWeatherAPI, CurlFetch>
/// WeatherKit over libcurl.
typealias WeatherKitKind = WeatherKind<WeatherKitAPI, CurlFetch>

/// Every weather kind, for registering.
public enum WeatherKinds {
    /// The four kinds over libcurl, as weft registers them.
    public static var all: [any ProviderKind.Type] { all(CurlFetch.self) }

    /// The four kinds using `source` for HTTP (tests pass a scripted one).
    public static func all<Source: HTTPFetchSource>(_ source: Source.Type) -> [any ProviderKind.Type] {
        [
            WeatherKind<OpenMeteoAPI, Source>.self, WeatherKind<METNorwayAPI, Source>.self,
            WeatherKind<PirateWeatherAPI, Source>.self, WeatherKind<WeatherKitAPI, Source>.self,
        ]
    }
}
