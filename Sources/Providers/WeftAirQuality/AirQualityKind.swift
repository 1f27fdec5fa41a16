import Foundation
import WeftCore
import WeftHTTP
import WeftHTTPSource
import WeftPrimitives

/// The `air-quality` kind: Open-Meteo's air-quality API (no key) for one place, `__air_*` variables and an
/// air-quality card.
public enum AirQualityKind: ProviderKind {
    public static var type: String { "air-quality" }
    public static var schemaVersion: Int { AirQualitySnapshot.schemaVersion }

    public static let summary =
        "Air quality at one place from Open-Meteo: the index and its band, particulate matter, ozone, NO2 and pollen."

    /// Every key an `air-quality` file may set.
    public static var fileKeys: [ConfigKey] {
        [
            .name("The place's name, shown as __air_location."),
            ConfigKey("latitude", .number, range: "-90 to 90", "The place's latitude in degrees north (required)."),
            ConfigKey("longitude", .number, range: "-180 to 180", "The place's longitude in degrees east (required)."),
            .timezone("The zone of the day __air_aqi_today_max covers."),
            ConfigKey(
                "index", .string, default: "\"european\"", range: "\"european\" or \"us\"",
                "The index __air_aqi and __air_aqi_level show."),
            .contact(),
            .baseURL(default: "\"https://air-quality-api.open-meteo.com\""),
            .prefix(default: "\"__air_\""),
            .transferTimeout(default: "\"20s\""),
            .interval(
                default: "\"1h\"", minimum: "10m", "How long an answer stays fresh when the server says nothing."),
        ]
    }

    public static func defaultPrefix(instance: String) -> String { "__air_" }

    public static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        try config.checkKnownKeys(fileKeys)
        let place = try config.coordinates()
        let indexText = try config.string("index") ?? AirQualityIndex.european.rawValue
        guard let index = AirQualityIndex(rawValue: indexText) else {
            throw config.invalid("index", "\"\(indexText)\" is not an index; write \"european\" or \"us\"")
        }
        let zone = try config.timeZone()
        let known = Set(TimeZone.knownTimeZoneIdentifiers)
        let query = [
            ("latitude", Coordinates.queryText(place.latitude)),
            ("longitude", Coordinates.queryText(place.longitude)),
            ("current", AirQualityResponse.variableList),
            ("hourly", AirQualityResponse.variableList),
            ("timeformat", "unixtime"),
            // Hours from the zone's midnight, so today's maximum has the whole day; the API knows IANA names only
            // (a POSIX TZ lets it take the place's own zone).
            ("timezone", zone.map(\.identifier).flatMap { known.contains($0) ? $0 : nil } ?? "auto"),
            ("forecast_days", "2"),
        ]
        let url =
            (try config.baseURL() ?? "https://air-quality-api.open-meteo.com") + "/v1/air-quality?"
            + query.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: queryAllowed) ?? $0.1)" }
            .joined(separator: "&")
        let contact = try config.contact()
        return AirQualityProvider(
            instance: config.instance, prefix: try config.prefix(default: defaultPrefix(instance: config.instance)),
            settings: AirQualityProvider.Settings(
                name: try config.string("name") ?? config.instance, index: index, timeZone: zone?.identifier),
            request: HTTPRequest(
                url: url, headers: ["User-Agent": HTTPClient.userAgent(version: WeftVersion.current, contact: contact)],
                totalTimeout: try config.transferTimeout() ?? .seconds(20)),
            interval: DurationText.seconds(try config.interval(default: .seconds(3600), minimum: .seconds(600))),
            source: HTTPSource())
    }

    public static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] {
        let air = try snapshot.decode(AirQualitySnapshot.self)
        var variables: [String: String] = [:]
        for (key, value) in AirQualityVariables.derive(air, context: context) {
            variables[snapshot.prefix + key] = value
        }
        return variables
    }

    public static var card: BoardCard { .airQuality }

    /// What a query value may hold unencoded (`Europe/Prague`, `pm2_5,pm10`).
    private static let queryAllowed = CharacterSet.urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+?#"))
}
