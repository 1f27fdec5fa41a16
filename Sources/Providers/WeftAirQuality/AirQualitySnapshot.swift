import Foundation

/// What an `air-quality` refresh keeps: the place, the chosen index, the `current` values and the hourly series,
/// in µg/m³ and grains/m³, every number range-checked. Variables are derived from it at the render's now.
struct AirQualitySnapshot: Codable, Sendable, Equatable {
    /// The version of this stored form.
    static let schemaVersion = 1

    /// `name`, else the file's name.
    var locationName: String
    /// Which index `aqi` and `aqi_level` show.
    var index: AirQualityIndex
    /// The provider's `timezone` setting, nil when it sets none (the render's zone then counts "today").
    var timeZone: String?
    /// The attribution Open-Meteo's licence asks for.
    var attribution: String
    /// The API's `current` block, if it sent one.
    var current: AirSample?
    /// The hourly series, oldest first.
    var hours: [AirSample]

    /// The values of the hour `now` falls in: `current` when it covers now, else that hour of the series; nil when
    /// nothing covers now (data older than its last hour is not shown as if it were now).
    func sample(at now: Date) -> AirSample? {
        if let current, current.covers(now) { return current }
        return hours.last { $0.covers(now) }
    }
}

/// One time step of air-quality values; a value the API did not give (a region without pollen) is absent.
struct AirSample: Codable, Sendable, Equatable {
    /// The start of the step.
    var time: Date
    /// The step's length in seconds.
    var step: TimeInterval
    /// European AQI (EEA), 0–500.
    var europeanAQI: Double?
    /// US AQI (EPA), 0–500.
    var usAQI: Double?
    /// Particulate matter below 2.5 µm, µg/m³.
    var pm25: Double?
    /// Particulate matter below 10 µm, µg/m³.
    var pm10: Double?
    /// Ozone, µg/m³.
    var ozone: Double?
    /// Nitrogen dioxide, µg/m³.
    var no2: Double?
    /// Pollen by kind (`birch`, …), grains/m³; only the kinds the API gave a number for.
    var pollen: [String: Double]

    /// Whether `now` falls in this step.
    func covers(_ now: Date) -> Bool {
        now >= time && now < time.addingTimeInterval(step)
    }

    /// The value of `index`.
    func aqi(_ index: AirQualityIndex) -> Double? {
        switch index {
        case .european: europeanAQI
        case .us: usAQI
        }
    }
}
