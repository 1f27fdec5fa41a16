import Foundation
import WeftCore
import WeftHTTP
import WeftHTTPSource

/// The provider kind of one weather API, with the HTTP client its instances use.
enum WeatherKind<API: WeatherAPI, Source: HTTPFetchSource>: ProviderKind {
    static var type: String { API.type }
    static var schemaVersion: Int { WeatherSnapshot.schemaVersion }

    /// The keys every weather type knows.
    static var commonKeys: Set<String> {
        ["name", "latitude", "longitude", "units", "contact", "base_url", "prefix", "timeout", "days", "wind_units"]
    }

    static func defaultPrefix(instance: String) -> String { "__weather_" }

    static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        try config.checkKnownKeys(commonKeys.union(API.extraKeys))
        let settings = try settings(config)
        let prefix = try config.prefix(default: defaultPrefix(instance: config.instance))
        let api = try API.make(config, settings: settings)
        return WeatherProvider(instance: config.instance, prefix: prefix, api: api, fetch: Source.fetch)
    }

    static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        let weather = try snapshot.decode(WeatherSnapshot.self)
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
        guard let latitude = try config.double("latitude") else {
            throw .missingKey(file: config.file, key: "latitude", expected: "degrees north, e.g. latitude = 52.52")
        }
        guard (-90...90).contains(latitude) else { throw config.invalid("latitude", "must be between -90 and 90") }
        guard let longitude = try config.double("longitude") else {
            throw .missingKey(file: config.file, key: "longitude", expected: "degrees east, e.g. longitude = 13.405")
        }
        guard (-180...180).contains(longitude) else {
            throw config.invalid("longitude", "must be between -180 and 180")
        }
        let unitsText = try config.string("units") ?? "celsius"
        guard let units = TemperatureUnit(rawValue: unitsText) else {
            throw config.invalid("units", "\"\(unitsText)\" is not a unit; write \"celsius\" or \"fahrenheit\"")
        }
        let contact = try config.string("contact")
        if let contact, contact.trimmingCharacters(in: .whitespaces).isEmpty {
            throw config.invalid("contact", "must not be empty")
        }
        let baseURL = try config.string("base_url")
        if let baseURL, !(baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://")) {
            throw config.invalid("base_url", "\"\(Redactor.displayURL(baseURL))\" must start with http:// or https://")
        }
        if let baseURL, let refusal = CredentialTransport.refusal(url: baseURL) {
            throw config.invalid("base_url", refusal)
        }
        var settings = WeatherSettings(
            name: try config.string("name") ?? config.instance, latitude: latitude, longitude: longitude,
            units: units, contact: contact, baseURL: baseURL)
        if let timeout = try config.duration("timeout") {
            guard timeout > .zero, timeout <= .seconds(300) else {
                throw config.invalid("timeout", "must be between 1 s and 5 min, e.g. timeout = \"20s\"")
            }
            settings.timeout = timeout
        }
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
