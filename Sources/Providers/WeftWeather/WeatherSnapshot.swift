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
    /// Severe-weather alerts, most severe first; nil when the API gives none or was not asked (absent keys), empty
    /// when it said there are none.
    var alerts: [WeatherAlert]?
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
