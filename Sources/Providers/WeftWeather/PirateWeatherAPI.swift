import Foundation
import WeftCore
import WeftPrimitives

/// Pirate Weather (Dark Sky format): key in the path, `units=si`, 61 minutely points of which 60 are kept.
public struct PirateWeatherAPI: SingleBodyWeatherAPI {
    public static let type = "pirate-weather"
    static let displayName = "Pirate Weather"
    public var settings: WeatherSettings
    /// The API key (never shown: `displayURL` replaces it).
    var apiKey: String
    /// The free tier is 10k calls a month; Pirate Weather asks clients not to poll faster than 15 minutes.
    var minimumInterval: TimeInterval { 900 }

    /// Creates the adapter.
    public init(settings: WeatherSettings, apiKey: String) {
        self.settings = settings
        self.apiKey = apiKey
    }

    /// `daily` holds today and the next 7 days.
    static let maxDays = 8

    static let extraKeys: [ConfigKey] = [
        ConfigKey("api_key_file", .string, "A file holding the API key (give it or api_key_env)."),
        ConfigKey("api_key_env", .string, "An environment variable holding the API key (give it or api_key_file)."),
    ]

    static func make(_ config: ProviderConfig, settings: WeatherSettings) throws(ConfigError) -> Self {
        let file = try config.string("api_key_file")
        let variable = try config.string("api_key_env")
        let key: String
        switch (file, variable) {
        case (let file?, nil): key = try ConfigSecrets.file(config, "api_key_file", path: file)
        case (nil, let variable?): key = try ConfigSecrets.environment(config, "api_key_env", name: variable)
        case (.some, .some):
            throw config.invalid("api_key_env", "give either api_key_file or api_key_env, not both")
        case (nil, nil):
            throw .missingKey(
                file: config.file, key: "api_key_file",
                expected: "a file holding the Pirate Weather API key (or api_key_env, an environment variable)")
        }
        guard !key.contains("/"), !key.contains(" ") else {
            throw config.invalid(file == nil ? "api_key_env" : "api_key_file", "the API key contains '/' or a space")
        }
        return Self(settings: settings, apiKey: key)
    }

    func requests(now: Date) throws(WeatherError) -> [WeatherRequest] {
        let origin = settings.origin(default: "https://api.pirateweather.net")
        let place = "\(WeatherSettings.coordinate(settings.latitude)),\(WeatherSettings.coordinate(settings.longitude))"
        let tail = "/\(place)?units=si"
        return [
            WeatherRequest(
                url: "\(origin)/forecast/\(queryValue(apiKey))\(tail)",
                displayURL: "\(origin)/forecast/<api_key>\(tail)", headers: ["User-Agent": settings.userAgent],
                secrets: [apiKey])
        ]
    }

    /// Parses a forecast response; `flags.units` must say which units it is in (`us` is converted).
    public func parse(_ body: Data, now: Date) throws(WeatherError) -> WeatherSnapshot {
        let api = Self.displayName
        let root = try JSONNode.parse(body, api: api)
        if try root.optionalField("currently") == nil, try root.optionalField("minutely") == nil {
            if let message = try? root.optionalString("message") ?? root.optionalString("detail") {
                throw .apiError(api: api, message: message)
            }
        }
        let unitsNode = try root.field("flags").field("units")
        let units = try unitsNode.string()
        let metric: Bool
        switch units {
        case "si", "ca", "uk", "uk2": metric = true
        case "us": metric = false
        default:
            throw .invalidValue(
                api: api, path: unitsNode.path, message: "is \"\(units)\"; expected \"si\" (request units=si)")
        }
        let celsius: (Double) -> Double = { metric ? $0 : ($0 - 32) * 5 / 9 }
        let mmPerHour: (Double) -> Double = { metric ? $0 : $0 * 25.4 }
        let zone = try root.optionalString("timezone").flatMap(TimeZone.init(identifier:)) ?? settings.timeZone

        var current: CurrentConditions?
        if let node = try root.optionalField("currently") {
            let icon = try node.optionalString("icon").map(WeatherCondition.pirateIcon)
            current = CurrentConditions(
                temperature: celsius(try node.double("temperature")),
                apparentTemperature: try node.optionalDouble("apparentTemperature").map(celsius),
                humidity: try node.optionalDouble("humidity"), condition: icon?.condition ?? .unknown,
                isDay: icon?.isDay, precipitationIntensity: try node.optionalDouble("precipIntensity").map(mmPerHour))
        }

        var minutes: MinuteSeries?
        if let node = try root.optionalField("minutely") {
            var points: [MinutePoint] = []
            // 61 points cover t0…t0+60; the 61st is the start of the next hour, not part of this one.
            for item in try node.field("data").array().prefix(60) {
                let type = try item.optionalString("precipType")
                // Re-serialised responses drop zero values; a point typed "none" is known to be dry.
                guard let intensity = try item.optionalDouble("precipIntensity") ?? (type == "none" ? 0 : nil) else {
                    break
                }
                let chance = try item.optionalDouble("precipProbability") ?? (intensity == 0 ? 0 : nil)
                points.append(
                    MinutePoint(
                        date: try item.unixTime("time"), intensity: mmPerHour(intensity),
                        chance: chance, step: 60))
            }
            if let first = points.first { minutes = MinuteSeries(forecastStart: first.date, points: points) }
        }

        var hourly: [HourlyForecast] = []
        if let node = try root.optionalField("hourly") {
            for item in try node.field("data").array() {
                let time = try item.unixTime("time")
                guard time.addingTimeInterval(3600) > now else { continue }
                hourly.append(
                    HourlyForecast(
                        time: time, temperature: celsius(try item.double("temperature")),
                        // Pirate Weather always sends precipProbability; only re-serialised copies drop it, when 0.
                        precipitationChance: try item.optionalDouble("precipProbability") ?? 0,
                        condition: try item.optionalString("icon").map { WeatherCondition.pirateIcon($0).condition }
                            ?? .unknown))
            }
        }

        var daily: [DailyForecast] = []
        if let node = try root.optionalField("daily") {
            for item in try node.field("data").array() {
                let time = try item.unixTime("time")
                var high = try item.optionalDouble("temperatureMax")
                if high == nil { high = try item.double("temperatureHigh") }
                var low = try item.optionalDouble("temperatureMin")
                if low == nil { low = try item.double("temperatureLow") }
                guard let high, let low else { continue }
                daily.append(
                    DailyForecast(
                        date: LocalDay.iso(of: time, in: zone), high: celsius(high), low: celsius(low),
                        precipitationChance: try item.optionalDouble("precipProbability") ?? 0))
            }
        }
        if current == nil, minutes == nil, hourly.isEmpty, daily.isEmpty {
            throw .missingField(api: api, path: "currently, minutely, hourly or daily")
        }
        var snapshot = WeatherSnapshot(
            locationName: settings.name, latitude: settings.latitude, longitude: settings.longitude,
            units: settings.units, providerName: api,
            attribution: Attribution(text: "Powered by Pirate Weather", url: "https://pirateweather.net/"),
            current: current, hourly: hourly, daily: daily, minutes: minutes)
        snapshot.alerts = try Self.alerts(in: root, now: now)
        try addForecastDetails(&snapshot, root: root, units: units, zone: zone)
        return snapshot
    }

    /// Wind, UV, pressure, visibility and dew point now; each day's icon, precipitation and sun times, keyed by the
    /// response's zone (Pirate Weather's days are the place's local days).
    private func addForecastDetails(_ snapshot: inout WeatherSnapshot, root: JSONNode, units: String, zone: TimeZone)
        throws(WeatherError)
    {
        snapshot.dayZone = zone.identifier
        // The documented units: si m/s and km; ca km/h and km; uk2 mph and miles; us mph, miles, °F and inches.
        let metresPerSecond: (Double) -> Double =
            switch units {
            case "si": { $0 }
            case "ca": { $0 / 3.6 }
            default: { $0 * 0.44704 }
            }
        let metric = units == "si" || units == "ca"
        let kilometres: (Double) -> Double = { metric || units == "uk" ? $0 : $0 * 1.609344 }
        if let node = try root.optionalField("currently"), snapshot.current != nil {
            let extras = CurrentExtras(
                windSpeed: try node.optionalDouble("windSpeed").map(metresPerSecond),
                windGust: try node.optionalDouble("windGust").map(metresPerSecond),
                windDirection: try node.optionalDouble("windBearing"), uvIndex: try node.optionalDouble("uvIndex"),
                pressure: try node.optionalDouble("pressure"),
                visibility: try node.optionalDouble("visibility").map(kilometres),
                dewPoint: try node.optionalDouble("dewPoint").map {
                    metric || units.hasPrefix("uk") ? $0 : ($0 - 32) * 5 / 9
                })
            snapshot.current?.extras = extras.isEmpty ? nil : extras
        }
        guard let node = try root.optionalField("daily") else { return }
        for item in try node.field("data").array() {
            let date = LocalDay.iso(of: try item.unixTime("time"), in: zone)
            guard let index = snapshot.daily.firstIndex(where: { $0.date == date }) else { continue }
            snapshot.daily[index].condition = try item.optionalString("icon").map {
                WeatherCondition.pirateIcon($0).condition
            }
            // `precipAccumulation` is in cm (inches for us); a re-serialised copy drops it when it is 0.
            snapshot.daily[index].precipitationAmount = try item.optionalDouble("precipAccumulation").map {
                units == "us" ? $0 * 25.4 : $0 * 10
            }
            if let rise = try item.optionalField("sunriseTime")?.unixTime(),
                let set = try item.optionalField("sunsetTime")?.unixTime(), set > rise
            {
                snapshot.daily[index].sunrise = rise
                snapshot.daily[index].sunset = set
            }
        }
    }
}
