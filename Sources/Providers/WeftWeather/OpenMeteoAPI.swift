import Foundation
import WeftCore
import WeftPrimitives

/// Open-Meteo `/v1/forecast`: parallel arrays, Unix times, and `minutely_15.precipitation` as mm per preceding 15 min.
public struct OpenMeteoAPI: SingleBodyWeatherAPI {
    public static let type = "open-meteo"
    static let displayName = "Open-Meteo"
    public var settings: WeatherSettings
    /// Open-Meteo's 15-minute data changes at most every 15 minutes; its free tier wants ≤ 600 calls a minute in total.
    var minimumInterval: TimeInterval { 600 }

    /// Creates the adapter.
    public init(settings: WeatherSettings) { self.settings = settings }

    /// Open-Meteo forecasts up to 16 days.
    static let maxDays = 16

    static let extraKeys: [ConfigKey] = []

    static func make(_ config: ProviderConfig, settings: WeatherSettings) throws(ConfigError) -> Self {
        Self(settings: settings)
    }

    func requests(now: Date) throws(WeatherError) -> [WeatherRequest] {
        let query = [
            ("latitude", WeatherSettings.coordinate(settings.latitude)),
            ("longitude", WeatherSettings.coordinate(settings.longitude)),
            (
                "current",
                "temperature_2m,apparent_temperature,relative_humidity_2m,weather_code,precipitation,is_day,"
                    + "wind_speed_10m,wind_gusts_10m,wind_direction_10m,uv_index,pressure_msl,visibility,dew_point_2m"
            ),
            ("minutely_15", "precipitation,precipitation_probability"),
            ("hourly", "temperature_2m,precipitation_probability,weather_code"),
            (
                "daily",
                "temperature_2m_max,temperature_2m_min,precipitation_probability_max,weather_code,precipitation_sum,"
                    + "sunrise,sunset"
            ),
            ("wind_speed_unit", "ms"),
            ("timeformat", "unixtime"),
            ("timezone", Self.zoneParameter(settings.timeZone)),
            ("past_minutely_15", "1"),
            ("forecast_minutely_15", "8"),
            ("forecast_hours", "24"),
            ("forecast_days", String(settings.days)),
        ]
        let url =
            settings.origin(default: "https://api.open-meteo.com") + "/v1/forecast?"
            + query.map { "\($0.0)=\(queryValue($0.1))" }.joined(separator: "&")
        return [WeatherRequest(url: url, headers: ["User-Agent": settings.userAgent])]
    }

    /// Parses a `timeformat=unixtime` response.
    public func parse(_ body: Data, now: Date) throws(WeatherError) -> WeatherSnapshot {
        let api = Self.displayName
        let root = try JSONNode.parse(body, api: api)
        if let error = try? root.optionalField("error"), (try? error.bool()) == true {
            throw .apiError(api: api, message: (try? root.optionalString("reason")) ?? "no reason given")
        }
        let offset = try root.optionalDouble("utc_offset_seconds") ?? 0
        let currentNode = try root.optionalField("current")
        let minutelyNode = try root.optionalField("minutely_15")
        let hourlyNode = try root.optionalField("hourly")
        let dailyNode = try root.optionalField("daily")
        if currentNode == nil, minutelyNode == nil, hourlyNode == nil, dailyNode == nil {
            throw .missingField(api: api, path: "current, minutely_15, hourly or daily")
        }
        var snapshot = WeatherSnapshot(
            locationName: settings.name, latitude: settings.latitude, longitude: settings.longitude,
            units: settings.units, providerName: api,
            attribution: Attribution(
                text: "Weather data by Open-Meteo.com (CC BY 4.0)", url: "https://open-meteo.com/"),
            current: try currentNode.map { node throws(WeatherError) in try current(node) },
            hourly: try hourlyNode.map { node throws(WeatherError) in try hourly(node, now: now) } ?? [],
            daily: try dailyNode.map { node throws(WeatherError) in try daily(node, utcOffset: offset) } ?? [],
            minutes: try minutelyNode.flatMap { node throws(WeatherError) in try minutes(node) })
        try addForecastDetails(&snapshot, root: root, utcOffset: offset)
        return snapshot
    }

    /// Wind, UV, pressure, visibility and dew point now; each day's condition, precipitation and sun times; the zone
    /// the days were aggregated in.
    private func addForecastDetails(_ snapshot: inout WeatherSnapshot, root: JSONNode, utcOffset: Double)
        throws(WeatherError)
    {
        snapshot.dayZone = try root.optionalString("timezone").flatMap(TimeZone.init(identifier:))?.identifier
        if let node = try root.optionalField("current"), snapshot.current != nil {
            let extras = CurrentExtras(
                windSpeed: try node.optionalDouble("wind_speed_10m"),
                windGust: try node.optionalDouble("wind_gusts_10m"),
                windDirection: try node.optionalDouble("wind_direction_10m"),
                uvIndex: try node.optionalDouble("uv_index"), pressure: try node.optionalDouble("pressure_msl"),
                visibility: try node.optionalDouble("visibility").map { $0 / 1000 },
                dewPoint: try node.optionalDouble("dew_point_2m"))
            snapshot.current?.extras = extras.isEmpty ? nil : extras
        }
        guard let node = try root.optionalField("daily") else { return }
        let times = try Self.times(node)
        let codes = try Self.optionalNumbers(node, "weather_code", count: times.count)
        let amounts = try Self.optionalNumbers(node, "precipitation_sum", count: times.count)
        let sunrises = try Self.optionalNumbers(node, "sunrise", count: times.count)
        let sunsets = try Self.optionalNumbers(node, "sunset", count: times.count)
        for index in times.indices {
            let date = Self.localDate(times[index], utcOffset: utcOffset)
            guard let day = snapshot.daily.firstIndex(where: { $0.date == date }) else { continue }
            if let code = codes[index] {
                if let problem = ValueRange.weatherCode.problem(code) {
                    throw .invalidValue(api: node.api, path: "\(node.path).weather_code[\(index)]", message: problem)
                }
                snapshot.daily[day].condition = CheckedNumber.int(code).map(WeatherCondition.wmo)
            }
            snapshot.daily[day].precipitationAmount = amounts[index]
            // Where the sun neither rises nor sets, Open-Meteo still writes a time; the snapshot keeps only a pair
            // that makes a day (the variables compute polar days themselves).
            if let rise = sunrises[index], let set = sunsets[index], set > rise,
                ValueRange.unixTime.contains(rise), ValueRange.unixTime.contains(set)
            {
                snapshot.daily[day].sunrise = Date(timeIntervalSince1970: rise)
                snapshot.daily[day].sunset = Date(timeIntervalSince1970: set)
            }
        }
    }

    /// The zone whose local days the daily values are aggregated over: the refresh's, so `tomorrow` is the day the
    /// user's bar calls tomorrow. A zone without a tz database name (a fixed offset read from a POSIX `TZ`) is one
    /// Open-Meteo refuses; `auto` (the place's own zone) is asked instead, and the response names it.
    static func zoneParameter(_ zone: TimeZone) -> String {
        let name = zone.identifier
        return name == "GMT" || name == "UTC" || TimeZone.knownTimeZoneIdentifiers.contains(name) ? name : "auto"
    }

    /// The local date of a daily time: a local midnight as a Unix time. Open-Meteo's one `utc_offset_seconds` is the
    /// offset of the first day, so a day after a DST change is an hour off midnight; noon is on the right date
    /// whichever way the clocks went.
    private static func localDate(_ time: Date, utcOffset: Double) -> String {
        LocalDay.iso(of: time.addingTimeInterval(utcOffset + 43_200), in: .gmt)
    }

    private func current(_ node: JSONNode) throws(WeatherError) -> CurrentConditions {
        let interval = try node.optionalDouble("interval") ?? 900
        // `current.precipitation` is the amount over the last `interval` seconds, not a rate.
        let rate = try node.optionalDouble("precipitation").map { $0 * 3600 / max(interval, 60) }
        return CurrentConditions(
            temperature: try node.double("temperature_2m"),
            apparentTemperature: try node.optionalDouble("apparent_temperature"),
            humidity: try node.optionalDouble("relative_humidity_2m").map { $0 / 100 },
            condition: try Self.condition(node.optionalField("weather_code")),
            isDay: try node.optionalDouble("is_day").map { $0 != 0 },
            precipitationIntensity: rate)
    }

    private func minutes(_ node: JSONNode) throws(WeatherError) -> MinuteSeries? {
        let times = try Self.times(node)
        let amounts = try Self.numbers(node, "precipitation", count: times.count)
        let chances = try Self.optionalNumbers(node, "precipitation_probability", count: times.count)
        var points: [MinutePoint] = []
        for index in times.indices {
            // A null amount is where the model's data ends; nothing after it is used.
            guard let amount = amounts[index] else { break }
            points.append(
                MinutePoint(
                    date: times[index].addingTimeInterval(-900), intensity: amount * 4,
                    chance: chances[index].map { $0 / 100 }, step: 900))
        }
        guard let first = points.first else { return nil }
        return MinuteSeries(forecastStart: first.date, points: points)
    }

    private func hourly(_ node: JSONNode, now: Date) throws(WeatherError) -> [HourlyForecast] {
        let times = try Self.times(node)
        let temperatures = try Self.numbers(node, "temperature_2m", count: times.count)
        let chances = try Self.optionalNumbers(node, "precipitation_probability", count: times.count)
        let codes = try Self.optionalNumbers(node, "weather_code", count: times.count)
        for (index, code) in codes.enumerated() {
            if let code, let problem = ValueRange.weatherCode.problem(code) {
                throw .invalidValue(api: node.api, path: "\(node.path).weather_code[\(index)]", message: problem)
            }
        }
        return times.indices.compactMap { index in
            guard times[index].addingTimeInterval(3600) > now, let temperature = temperatures[index] else {
                return nil
            }
            return HourlyForecast(
                time: times[index], temperature: temperature, precipitationChance: chances[index].map { $0 / 100 },
                condition: codes[index].flatMap { CheckedNumber.int($0) }.map(WeatherCondition.wmo) ?? .unknown)
        }
    }

    private func daily(_ node: JSONNode, utcOffset: Double) throws(WeatherError) -> [DailyForecast] {
        let times = try Self.times(node)
        let highs = try Self.numbers(node, "temperature_2m_max", count: times.count)
        let lows = try Self.numbers(node, "temperature_2m_min", count: times.count)
        let chances = try Self.optionalNumbers(node, "precipitation_probability_max", count: times.count)
        return times.indices.compactMap { index in
            guard let high = highs[index], let low = lows[index] else { return nil }
            let date = Self.localDate(times[index], utcOffset: utcOffset)
            return DailyForecast(date: date, high: high, low: low, precipitationChance: chances[index].map { $0 / 100 })
        }
    }

    /// A WMO weather code, range-checked before it becomes an integer.
    private static func condition(_ node: JSONNode?) throws(WeatherError) -> WeatherCondition {
        guard let node, !node.isNull else { return .unknown }
        let value = try node.double()
        guard let problem = ValueRange.weatherCode.problem(value) else {
            return CheckedNumber.int(value).map(WeatherCondition.wmo) ?? .unknown
        }
        throw .invalidValue(api: node.api, path: node.path, message: problem)
    }

    private static func times(_ node: JSONNode) throws(WeatherError) -> [Date] {
        var result: [Date] = []
        for item in try node.field("time").array() {
            guard !(item.value is String) else {
                throw .wrongType(api: node.api, path: item.path, expected: "a Unix time (request timeformat=unixtime)")
            }
            result.append(try item.unixTime())
        }
        return result
    }

    private static func numbers(_ node: JSONNode, _ key: String, count: Int) throws(WeatherError) -> [Double?] {
        let items = try node.field(key).array()
        guard items.count == count else {
            throw .invalidValue(
                api: node.api, path: "\(node.path).\(key)", message: "has \(items.count) values for \(count) times")
        }
        var result: [Double?] = []
        for item in items { result.append(item.isNull ? nil : try item.double()) }
        return result
    }

    private static func optionalNumbers(_ node: JSONNode, _ key: String, count: Int) throws(WeatherError) -> [Double?] {
        guard try node.optionalField(key) != nil else { return [Double?](repeating: nil, count: count) }
        return try numbers(node, key, count: count)
    }
}
