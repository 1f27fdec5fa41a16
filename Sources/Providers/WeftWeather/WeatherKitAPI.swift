import Foundation
import WeftCore
import WeftPrimitives

/// Apple WeatherKit REST: one call for currentWeather, forecastNextHour, forecastHourly and forecastDaily.
public struct WeatherKitAPI: SingleBodyWeatherAPI {
    public static let type = "weatherkit"
    static let displayName = "Apple Weather"
    public var settings: WeatherSettings
    /// Signs the bearer token; nil builds requests without one (for tests of the URL).
    var signer: WeatherKitSigner?
    /// The place's ISO 3166 alpha-2 country (`country`): WeatherKit gives alerts only when it is sent.
    var country: String?
    /// `expireTime` governs; the next-hour data expires after 3 minutes, which is more often than worth asking.
    var minimumInterval: TimeInterval { 300 }

    /// Creates the adapter.
    public init(settings: WeatherSettings, signer: WeatherKitSigner?) {
        self.settings = settings
        self.signer = signer
    }

    /// `forecastDaily` holds 10 days.
    static let maxDays = 10

    static let extraKeys: [ConfigKey] = [
        ConfigKey("team_id", .string, "Your Apple Developer team id (required)."),
        ConfigKey("service_id", .string, "The WeatherKit service id, e.g. \"com.example.weft\" (required)."),
        ConfigKey("key_id", .string, "The id of the WeatherKit key (required)."),
        ConfigKey("private_key_file", .string, "The WeatherKit .p8 private key, which signs each request (required)."),
        ConfigKey(
            "country", .string, range: "a two-letter country code",
            "The place's country; WeatherKit gives severe-weather alerts only with it."),
    ]

    static func make(_ config: ProviderConfig, settings: WeatherSettings) throws(ConfigError) -> Self {
        let team = try config.requiredString("team_id", "your Apple Developer team id, e.g. \"ABCDE12345\"")
        let service = try config.requiredString("service_id", "the WeatherKit service id, e.g. \"com.example.weft\"")
        let keyID = try config.requiredString("key_id", "the id of the WeatherKit key (.p8)")
        let path = try config.requiredString("private_key_file", "the path of the WeatherKit .p8 private key")
        let pem = try ConfigSecrets.file(config, "private_key_file", path: path)
        let signer: WeatherKitSigner
        do throws(WeatherError) {
            signer = try WeatherKitSigner(teamID: team, serviceID: service, keyID: keyID, privateKeyPEM: pem)
        } catch {
            guard case .signing(let message) = error else { throw config.invalid("private_key_file", "\(error)") }
            throw config.invalid("private_key_file", "\(config.path(path)): \(message)")
        }
        var api = Self(settings: settings, signer: signer)
        api.country = try Self.country(config)
        return api
    }

    func requests(now: Date) throws(WeatherError) -> [WeatherRequest] {
        let origin = settings.origin(default: "https://weatherkit.apple.com")
        let url =
            "\(origin)/api/v1/weather/en/\(WeatherSettings.coordinate(settings.latitude))/"
            + "\(WeatherSettings.coordinate(settings.longitude))"
            + "?dataSets=currentWeather,forecastNextHour,forecastHourly,forecastDaily"
            + (country.map { ",weatherAlerts&countryCode=\($0)" } ?? "")
            + "&timezone=\(queryValue(settings.timeZone.identifier))"
        var headers = ["User-Agent": settings.userAgent]
        if let signer { headers["Authorization"] = "Bearer \(try signer.token(now: now))" }
        return [WeatherRequest(url: url, headers: headers)]
    }

    /// Parses a weather response holding any of the four datasets.
    public func parse(_ body: Data, now: Date) throws(WeatherError) -> WeatherSnapshot {
        let api = "WeatherKit"
        let root = try JSONNode.parse(body, api: api)
        let datasets = ["currentWeather", "forecastNextHour", "forecastHourly", "forecastDaily"]
        var present: [String] = []
        for name in datasets where try root.optionalField(name) != nil { present.append(name) }
        if present.isEmpty {
            if let status = try? root.optionalDouble("status"), let error = try? root.optionalString("error") {
                let message = (try? root.optionalString("message")) ?? error
                // The status only decorates the message: a nonsense one is left out rather than converted.
                let code = ValueRange.httpStatus.contains(status) ? CheckedNumber.int(status).map { "\($0) " } : nil
                throw .apiError(api: api, message: (code ?? "") + message)
            }
            throw .missingField(api: api, path: datasets.joined(separator: ", ") + " (none present)")
        }
        var expiry: Date?
        var attributionURL: String?
        var dataProvider: String?
        for name in present {
            guard let metadata = try root.field(name).optionalField("metadata") else { continue }
            if let expire = try metadata.optionalField("expireTime")?.instant() {
                expiry = min(expiry ?? expire, expire)
            }
            if attributionURL == nil { attributionURL = try metadata.optionalString("attributionURL") }
            if dataProvider == nil { dataProvider = try metadata.optionalString("providerName") }
        }

        var current: CurrentConditions?
        if let node = try root.optionalField("currentWeather") {
            current = CurrentConditions(
                temperature: try node.double("temperature"),
                apparentTemperature: try node.optionalDouble("temperatureApparent"),
                humidity: try node.optionalDouble("humidity"),
                condition: WeatherCondition.weatherKit(try node.string("conditionCode")),
                isDay: try node.optionalField("daylight")?.bool(),
                precipitationIntensity: try node.optionalDouble("precipitationIntensity"))
        }

        var minutes: MinuteSeries?
        if let node = try root.optionalField("forecastNextHour"), let items = try node.optionalField("minutes") {
            var points: [MinutePoint] = []
            // Often 78–79 minutes are given; the first 60 are the next hour.
            for item in try items.array().prefix(60) {
                points.append(
                    MinutePoint(
                        date: try item.instant("startTime"), intensity: try item.double("precipitationIntensity"),
                        chance: try item.optionalDouble("precipitationChance"), step: 60))
            }
            let start = try node.optionalField("forecastStart")?.instant() ?? points.first?.date
            if let start, !points.isEmpty { minutes = MinuteSeries(forecastStart: start, points: points) }
        }

        var hourly: [HourlyForecast] = []
        if let node = try root.optionalField("forecastHourly") {
            // The list starts hours before the request; only the current hour onwards is forecast.
            for item in try node.field("hours").array() {
                let time = try item.instant("forecastStart")
                guard time.addingTimeInterval(3600) > now else { continue }
                hourly.append(
                    HourlyForecast(
                        time: time, temperature: try item.double("temperature"),
                        precipitationChance: try item.optionalDouble("precipitationChance"),
                        condition: WeatherCondition.weatherKit(try item.string("conditionCode"))))
            }
        }

        var daily: [DailyForecast] = []
        if let node = try root.optionalField("forecastDaily") {
            for item in try node.field("days").array() {
                daily.append(
                    DailyForecast(
                        date: LocalDay.iso(of: try item.instant("forecastStart"), in: settings.timeZone),
                        high: try item.double("temperatureMax"), low: try item.double("temperatureMin"),
                        precipitationChance: try item.optionalDouble("precipitationChance")))
            }
        }
        let text = dataProvider.map { "\(Self.displayName) (data: \($0))" } ?? Self.displayName
        var snapshot = WeatherSnapshot(
            locationName: settings.name, latitude: settings.latitude, longitude: settings.longitude,
            units: settings.units, providerName: Self.displayName,
            attribution: Attribution(
                text: text, url: attributionURL ?? "https://weatherkit.apple.com/legal-attribution.html"),
            current: current, hourly: hourly, daily: daily, minutes: minutes, providerExpiry: expiry)
        snapshot.alerts = try alerts(in: root, now: now)
        try addForecastDetails(&snapshot, root: root)
        return snapshot
    }

    /// Wind, UV, pressure, visibility and dew point now (WeatherKit's metric units: km/h, mb, m, °C); each day's
    /// condition, precipitation and sun times (absent on a polar day or night).
    private func addForecastDetails(_ snapshot: inout WeatherSnapshot, root: JSONNode) throws(WeatherError) {
        if let node = try root.optionalField("currentWeather"), snapshot.current != nil {
            let extras = CurrentExtras(
                windSpeed: try node.optionalDouble("windSpeed").map { $0 / 3.6 },
                windGust: try node.optionalDouble("windGust").map { $0 / 3.6 },
                windDirection: try node.optionalDouble("windDirection"), uvIndex: try node.optionalDouble("uvIndex"),
                pressure: try node.optionalDouble("pressure"),
                visibility: try node.optionalDouble("visibility").map { $0 / 1000 },
                dewPoint: try node.optionalDouble("temperatureDewPoint"))
            snapshot.current?.extras = extras.isEmpty ? nil : extras
        }
        guard let node = try root.optionalField("forecastDaily") else { return }
        for (index, item) in try node.field("days").array().enumerated() where index < snapshot.daily.count {
            snapshot.daily[index].condition = try item.optionalString("conditionCode").map(WeatherCondition.weatherKit)
            snapshot.daily[index].precipitationAmount = try item.optionalDouble("precipitationAmount")
            if let rise = try item.optionalField("sunrise")?.instant(),
                let set = try item.optionalField("sunset")?.instant(), set > rise
            {
                snapshot.daily[index].sunrise = rise
                snapshot.daily[index].sunset = set
            }
        }
    }
}
