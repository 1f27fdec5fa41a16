import Foundation

/// A weather provider's normalised data (payload schema version 1): UTC instants, °C, mm/h, chances 0–1.
public struct WeatherSnapshot: Codable, Sendable, Equatable {
    /// The payload schema version this type writes.
    public static let schemaVersion = 1

    /// The configured place name.
    var locationName: String
    /// The configured latitude.
    var latitude: Double
    /// The configured longitude.
    var longitude: Double
    /// The unit the plain temperature keys use.
    var units: TemperatureUnit
    /// The service the data came from, e.g. `Open-Meteo`.
    var providerName: String
    /// The attribution the provider requires to be shown.
    var attribution: Attribution
    /// Conditions now, when the response carried them.
    public var current: CurrentConditions?
    /// Hourly forecast from the current hour on.
    var hourly: [HourlyForecast]
    /// Daily forecast by local date.
    public var daily: [DailyForecast]
    /// The minute-scale precipitation forecast as the provider gave it; nil when it had none.
    public var minutes: MinuteSeries?
    /// The provider's own expiry of this data (WeatherKit `expireTime`), when it gives one in the body.
    var providerExpiry: Date?
    /// The unit the wind keys use; nil (snapshots before it existed) means km/h for °C, mph for °F.
    var windUnit: WindUnit?
    /// The zone whose local days `daily` holds (the API's aggregation window), when known; else the view's zone.
    var dayZone: String?
    /// Severe-weather alerts, most severe first; nil when the API gives none or was not asked (absent keys), empty
    /// when it said there are none.
    var alerts: [WeatherAlert]?
}

/// The unit of the `wind_speed` and `wind_gust` keys (the `wind_units` setting).
public enum WindUnit: String, Codable, Sendable, CaseIterable {
    case kilometresPerHour = "km/h"
    case metresPerSecond = "m/s"
    case milesPerHour = "mph"
    case knots

    /// A speed in m/s converted to this unit.
    func convert(_ metresPerSecond: Double) -> Double {
        switch self {
        case .kilometresPerHour: metresPerSecond * 3.6
        case .metresPerSecond: metresPerSecond
        case .milesPerHour: metresPerSecond / 0.44704
        case .knots: metresPerSecond * 3600 / 1852
        }
    }

    /// The unit a provider file that sets no `wind_units` gets: km/h with °C, mph with °F.
    static func defaultUnit(for units: TemperatureUnit) -> WindUnit {
        units == .fahrenheit ? .milesPerHour : .kilometresPerHour
    }
}

/// The temperature unit of the plain `__weather_temp`-style keys.
public enum TemperatureUnit: String, Codable, Sendable, CaseIterable {
    case celsius, fahrenheit
}

/// What a provider asks its users to show.
struct Attribution: Codable, Sendable, Equatable {
    /// The text, e.g. `Weather data by MET Norway (CC BY 4.0)`.
    var text: String
    /// The link, when the provider gives one.
    var url: String?
}

/// Conditions now.
public struct CurrentConditions: Codable, Sendable, Equatable {
    /// Air temperature, °C.
    var temperature: Double
    /// Feels-like temperature, °C, when the provider gives one.
    var apparentTemperature: Double?
    /// Relative humidity, 0–1.
    var humidity: Double?
    /// The condition now.
    var condition: WeatherCondition
    /// Whether it is day (picks day or night symbols), when known.
    var isDay: Bool?
    /// Precipitation intensity now, mm/h, when known.
    var precipitationIntensity: Double?
    /// Wind, air pressure, UV and the like, when the API gives them.
    var extras: CurrentExtras?
}

/// What a weather widget shows beside the temperature; each value is nil when the API does not give it.
struct CurrentExtras: Codable, Sendable, Equatable {
    /// Mean wind speed, m/s.
    var windSpeed: Double?
    /// Gust speed, m/s.
    var windGust: Double?
    /// The direction the wind comes from, degrees clockwise from north.
    var windDirection: Double?
    /// The UV index.
    var uvIndex: Double?
    /// Air pressure at sea level, hPa.
    var pressure: Double?
    /// Visibility, km.
    var visibility: Double?
    /// Dew point, °C.
    var dewPoint: Double?

    /// Whether no value is known.
    var isEmpty: Bool { self == CurrentExtras() }

    /// These values, with those that are nil taken from `other`.
    func filled(from other: CurrentExtras?) -> CurrentExtras {
        guard let other else { return self }
        return CurrentExtras(
            windSpeed: windSpeed ?? other.windSpeed, windGust: windGust ?? other.windGust,
            windDirection: windDirection ?? other.windDirection, uvIndex: uvIndex ?? other.uvIndex,
            pressure: pressure ?? other.pressure, visibility: visibility ?? other.visibility,
            dewPoint: dewPoint ?? other.dewPoint)
    }
}

/// One hour of forecast.
struct HourlyForecast: Codable, Sendable, Equatable {
    /// The start of the hour (UTC).
    var time: Date
    /// Temperature, °C.
    var temperature: Double
    /// Chance of precipitation, 0–1, when known.
    var precipitationChance: Double?
    /// The condition over the hour.
    var condition: WeatherCondition
}

/// One local day of forecast.
public struct DailyForecast: Codable, Sendable, Equatable {
    /// The local date, `yyyy-MM-dd`.
    public var date: String
    /// Highest temperature, °C.
    var high: Double
    /// Lowest temperature, °C.
    var low: Double
    /// Chance of precipitation, 0–1, when known.
    var precipitationChance: Double?
    /// The day's prevailing condition, when the API gives one.
    var condition: WeatherCondition?
    /// Expected precipitation over the day, mm, when known.
    var precipitationAmount: Double?
    /// Sunrise, when the API gives it.
    var sunrise: Date?
    /// Sunset, when the API gives it.
    var sunset: Date?
}

/// The minute-scale forecast as the provider gave it (before bucketing into minutes).
public struct MinuteSeries: Codable, Sendable, Equatable {
    /// The provider's own start of the series (UTC).
    var forecastStart: Date
    /// The points in time order.
    var points: [MinutePoint]
}

/// One point of the minute-scale forecast: a value that holds from `date` for `step` seconds.
struct MinutePoint: Codable, Sendable, Equatable {
    /// The start of the interval this value covers (UTC).
    var date: Date
    /// Precipitation intensity, mm/h (conditional on it falling, when a chance is given).
    var intensity: Double
    /// Chance of precipitation, 0–1; nil when the provider gives none.
    var chance: Double?
    /// How many seconds the value covers: 60, 300 or 900.
    var step: Int
}
