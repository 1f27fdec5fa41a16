import Foundation
import WeftCore
import WeftPrimitives

/// MET Norway: nowcast 2.0 `complete` (5-minute radar rates, Nordic area) plus locationforecast 2.0 `complete`, and
/// MetAlerts 2.0 for the place's warnings.
public struct METNorwayAPI: WeatherAPI {
    public static let type = "met-norway"
    static let displayName = "MET Norway"
    public var settings: WeatherSettings
    /// MET's `Expires` governs; this only guards against an `Expires` already in the past.
    var minimumInterval: TimeInterval { 60 }

    /// Creates the adapter.
    public init(settings: WeatherSettings) { self.settings = settings }

    /// locationforecast reaches about 9½ days ahead: today and 9 more (the last one partly).
    static let maxDays = 10

    static let extraKeys: [ConfigKey] = []

    static func make(_ config: ProviderConfig, settings: WeatherSettings) throws(ConfigError) -> Self {
        // MET answers 403 to requests without an identifying User-Agent.
        guard settings.contact != nil else {
            throw .missingKey(
                file: config.file, key: "contact",
                expected: "an e-mail address or URL for the User-Agent; MET Norway refuses anonymous clients")
        }
        return Self(settings: settings)
    }

    func requests(now: Date) throws(WeatherError) -> [WeatherRequest] {
        let origin = settings.origin(default: "https://api.met.no")
        let query =
            "lat=\(WeatherSettings.coordinate(settings.latitude))&lon=\(WeatherSettings.coordinate(settings.longitude))"
        let headers = ["User-Agent": settings.userAgent]
        return [
            // Outside the Nordic radar area the nowcast is refused; the forecast alone still makes a snapshot.
            WeatherRequest(
                url: "\(origin)/weatherapi/nowcast/2.0/complete?\(query)", headers: headers, optional: true),
            WeatherRequest(url: "\(origin)/weatherapi/locationforecast/2.0/complete?\(query)", headers: headers),
            // A failing alerts request keeps the forecast and the last good alerts.
            WeatherRequest(
                url: "\(origin)/weatherapi/metalerts/2.0/current.json?\(query)&lang=en", headers: headers,
                supplementary: true),
        ]
    }

    public func snapshot(from bodies: [WeatherBody], previous: WeatherSnapshot?, now: Date) throws(WeatherError)
        -> WeatherSnapshot
    {
        let nowcastBody = bodies.first ?? .unavailable
        let forecastBody = bodies.count > 1 ? bodies[1] : .unavailable
        var nowcast: (current: CurrentConditions?, minutes: MinuteSeries?)?
        var forecast: (current: CurrentConditions?, hourly: [HourlyForecast], daily: [DailyForecast])?
        switch nowcastBody {
        case .fresh(let data): nowcast = try parseNowcast(data)
        case .notModified: nowcast = previous.map { ($0.current, $0.minutes) }
        case .unavailable: nowcast = nil
        }
        switch forecastBody {
        case .fresh(let data): forecast = try parseForecast(data, now: now)
        case .notModified:
            forecast = previous.map { previous in
                (previous.current, previous.hourly.filter { $0.time.addingTimeInterval(3600) > now }, previous.daily)
            }
        case .unavailable: forecast = nil
        }
        var weather = assemble(nowcast: nowcast, forecast: forecast)
        weather.alerts = Self.alerts(from: bodies.count > 2 ? bodies[2] : .unavailable, previous: previous, now: now)
        return weather
    }

    func supplementaryProblem(_ body: Data, now: Date) -> String? {
        do {
            _ = try Self.alerts(fromMetAlerts: body, now: now)
            return nil
        } catch {
            return error.description
        }
    }

    /// Parses a nowcast body and/or a locationforecast body into one snapshot.
    public func parse(nowcast: Data?, forecast: Data?, now: Date) throws(WeatherError) -> WeatherSnapshot {
        try assemble(
            nowcast: nowcast.map { data throws(WeatherError) in try parseNowcast(data) },
            forecast: forecast.map { data throws(WeatherError) in try parseForecast(data, now: now) })
    }

    private func assemble(
        nowcast: (current: CurrentConditions?, minutes: MinuteSeries?)?,
        forecast: (current: CurrentConditions?, hourly: [HourlyForecast], daily: [DailyForecast])?
    ) -> WeatherSnapshot {
        // The nowcast's observation-based current values win; the forecast fills what it lacks.
        var current = nowcast?.current ?? forecast?.current
        let forecastExtras = forecast?.current?.extras
        let nowcastExtras = current?.extras
        current?.extras = nowcastExtras.map { $0.filled(from: forecastExtras) } ?? forecastExtras
        if var merged = current, merged.condition == .unknown, let fallback = forecast?.current {
            merged.condition = fallback.condition
            merged.isDay = merged.isDay ?? fallback.isDay
            current = merged
        }
        return WeatherSnapshot(
            locationName: settings.name, latitude: settings.latitude, longitude: settings.longitude,
            units: settings.units, providerName: Self.displayName,
            attribution: Attribution(
                text: "Data from MET Norway (CC BY 4.0)",
                url: "https://www.met.no/en/free-meteorological-data/Licensing-and-crediting"),
            current: current, hourly: forecast?.hourly ?? [], daily: forecast?.daily ?? [],
            minutes: nowcast?.minutes)
    }

    private func parseNowcast(_ data: Data) throws(WeatherError) -> (
        current: CurrentConditions?, minutes: MinuteSeries?
    ) {
        let api = "MET Norway nowcast"
        let root = try JSONNode.parse(data, api: api)
        let properties = try root.field("properties")
        let coverage = try properties.field("meta").optionalString("radar_coverage")
        let steps = try properties.field("timeseries").array()
        var current: CurrentConditions?
        if let first = steps.first {
            let details = try first.field("data").field("instant").field("details")
            if let temperature = try details.optionalDouble("air_temperature") {
                let symbol = try Self.symbol(of: first, period: "next_1_hours")
                current = CurrentConditions(
                    temperature: temperature, apparentTemperature: nil,
                    humidity: try details.optionalDouble("relative_humidity").map { $0 / 100 },
                    condition: symbol?.condition ?? .unknown, isDay: symbol?.isDay,
                    precipitationIntensity: coverage == "ok" ? try details.optionalDouble("precipitation_rate") : nil)
            }
        }
        current?.extras = try Self.extras(of: steps.first)
        // Without radar the rate is omitted: that is "no nowcast", never "dry".
        guard coverage == "ok" else { return (current, nil) }
        var points: [MinutePoint] = []
        for step in steps {
            let details = try step.field("data").field("instant").field("details")
            guard let rate = try details.optionalDouble("precipitation_rate") else { break }
            points.append(MinutePoint(date: try step.instant("time"), intensity: rate, chance: nil, step: 300))
        }
        guard let first = points.first else { return (current, nil) }
        return (current, MinuteSeries(forecastStart: first.date, points: points))
    }

    private func parseForecast(_ data: Data, now: Date) throws(WeatherError) -> (
        current: CurrentConditions?, hourly: [HourlyForecast], daily: [DailyForecast]
    ) {
        let api = "MET Norway locationforecast"
        let root = try JSONNode.parse(data, api: api)
        let steps = try root.field("properties").field("timeseries").array()
        var current: CurrentConditions?
        var hourly: [HourlyForecast] = []
        var days: [String: (high: Double, low: Double, chance: Double?)] = [:]
        var dayOrder: [String] = []
        let today = LocalDay.iso(of: now, in: settings.timeZone)
        for step in steps {
            let time = try step.instant("time")
            let details = try step.field("data").field("instant").field("details")
            let temperature = try details.double("air_temperature")
            let hour = try step.field("data").optionalField("next_1_hours")
            let symbol = try Self.symbol(of: step, period: "next_1_hours")
            let chance = try hour?.optionalField("details")?.optionalDouble("probability_of_precipitation")
            if current == nil, time.addingTimeInterval(3600) > now {
                current = CurrentConditions(
                    temperature: temperature, apparentTemperature: nil,
                    humidity: try details.optionalDouble("relative_humidity").map { $0 / 100 },
                    condition: symbol?.condition ?? .unknown, isDay: symbol?.isDay, precipitationIntensity: nil)
            }
            if hour != nil, time.addingTimeInterval(3600) > now {
                hourly.append(
                    HourlyForecast(
                        time: time, temperature: temperature, precipitationChance: chance.map { $0 / 100 },
                        condition: symbol?.condition ?? .unknown))
            }
            // Days are gathered from every step's temperature in the configured zone, from today on.
            let date = LocalDay.iso(of: time, in: settings.timeZone)
            guard date >= today else { continue }
            let six = try step.field("data").optionalField("next_6_hours")?.optionalField("details")
            let high = max(temperature, try six?.optionalDouble("air_temperature_max") ?? temperature)
            let low = min(temperature, try six?.optionalDouble("air_temperature_min") ?? temperature)
            let sixChance = try six?.optionalDouble("probability_of_precipitation")
            let stepChance = chance ?? sixChance
            if let day = days[date] {
                let mergedChance = [day.chance, stepChance.map { $0 / 100 }].compactMap { $0 }.max()
                days[date] = (max(day.high, high), min(day.low, low), mergedChance)
            } else {
                days[date] = (high, low, stepChance.map { $0 / 100 })
                dayOrder.append(date)
            }
        }
        var daily = dayOrder.compactMap { date in
            days[date].map { DailyForecast(date: date, high: $0.high, low: $0.low, precipitationChance: $0.chance) }
        }
        try addForecastDetails(steps, current: &current, daily: &daily, now: now)
        return (current, hourly, daily)
    }

    /// The current hour's wind, pressure, clear-sky UV index and dew point; each day's condition and precipitation.
    private func addForecastDetails(
        _ steps: [JSONNode], current: inout CurrentConditions?, daily: inout [DailyForecast], now: Date
    ) throws(WeatherError) {
        var first: JSONNode?
        var times: [Date] = []
        for step in steps {
            let time = try step.instant("time")
            if first == nil, time.addingTimeInterval(3600) > now { first = step }
            times.append(time)
        }
        if current != nil { current?.extras = try Self.extras(of: first) }
        var amounts: [String: Double] = [:]
        // The day's symbol is the 6-hour one whose period starts nearest local noon (MET gives no daily symbol).
        var symbols: [String: (distance: Int, condition: WeatherCondition)] = [:]
        for (index, step) in steps.enumerated() {
            let date = LocalDay.iso(of: times[index], in: settings.timeZone)
            let data = try step.field("data")
            let hour = try data.optionalField("next_1_hours")?.optionalField("details")
            let six = try data.optionalField("next_6_hours")?.optionalField("details")
            // Hourly steps count their hour; where the steps are 6 hours apart, their 6 hours.
            let hourly = index + 1 < times.count && times[index + 1].timeIntervalSince(times[index]) <= 3600
            let amount =
                hourly || six == nil
                ? try hour?.optionalDouble("precipitation_amount") : try six?.optionalDouble("precipitation_amount")
            if let amount {
                if let problem = ValueRange.precipitation.problem(amount) {
                    throw .invalidValue(api: step.api, path: "\(step.path).precipitation_amount", message: problem)
                }
                amounts[date, default: 0] += amount
            }
            if let symbol = try Self.symbol(of: step, period: "next_6_hours") {
                let distance = abs(LocalTime.components(of: times[index], in: settings.timeZone).hour - 12)
                if distance < symbols[date]?.distance ?? Int.max { symbols[date] = (distance, symbol.condition) }
            }
        }
        for index in daily.indices {
            daily[index].precipitationAmount = amounts[daily[index].date]
            daily[index].condition = symbols[daily[index].date]?.condition
        }
    }

    /// Wind, pressure, clear-sky UV index and dew point of a step's instant; nil when it has none of them.
    private static func extras(of step: JSONNode?) throws(WeatherError) -> CurrentExtras? {
        guard let details = try step?.field("data").field("instant").field("details") else { return nil }
        let extras = CurrentExtras(
            windSpeed: try details.optionalDouble("wind_speed"),
            windGust: try details.optionalDouble("wind_speed_of_gust"),
            windDirection: try details.optionalDouble("wind_from_direction"),
            uvIndex: try details.optionalDouble("ultraviolet_index_clear_sky"),
            pressure: try details.optionalDouble("air_pressure_at_sea_level"), visibility: nil,
            dewPoint: try details.optionalDouble("dew_point_temperature"))
        return extras.isEmpty ? nil : extras
    }

    private static func symbol(of step: JSONNode, period: String) throws(WeatherError) -> (
        condition: WeatherCondition, isDay: Bool?
    )? {
        guard
            let code = try step.field("data").optionalField(period)?.optionalField("summary")?
                .optionalString("symbol_code")
        else { return nil }
        return WeatherCondition.metSymbol(code)
    }
}
