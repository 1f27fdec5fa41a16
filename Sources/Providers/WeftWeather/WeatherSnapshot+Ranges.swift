import Foundation
import WeftPrimitives

extension WeatherSnapshot {
    /// Refuses a snapshot holding a value outside its physical range (a temperature of 1e308, a chance of 7): the
    /// one check between every API's parser and the cache, and again before a stored snapshot becomes variables, so
    /// nonsense is neither stored nor turned into text. The error names the field.
    func checkRanges() throws(WeatherError) {
        let api = providerName
        func check(_ value: Double?, _ range: ValueRange, _ path: String) throws(WeatherError) {
            guard let value, let problem = range.problem(value) else { return }
            throw .invalidValue(api: api, path: path, message: problem)
        }
        if let current {
            try check(current.temperature, .celsius, "current.temperature")
            try check(current.apparentTemperature, .celsius, "current.apparent_temperature")
            try check(current.humidity, .fraction, "current.humidity")
            try check(current.precipitationIntensity, .precipitation, "current.precipitation_intensity")
            if let extras = current.extras { try extras.checkRanges(check) }
        }
        for (index, hour) in hourly.enumerated() {
            try check(hour.temperature, .celsius, "hourly[\(index)].temperature")
            try check(hour.precipitationChance, .fraction, "hourly[\(index)].precipitation_chance")
        }
        for (index, day) in daily.enumerated() {
            try check(day.high, .celsius, "daily[\(index)].high")
            try check(day.low, .celsius, "daily[\(index)].low")
            try check(day.precipitationChance, .fraction, "daily[\(index)].precipitation_chance")
            try check(day.precipitationAmount, .precipitation, "daily[\(index)].precipitation_amount")
        }
        for (index, point) in (minutes?.points ?? []).enumerated() {
            try check(point.intensity, .precipitation, "minutes[\(index)].intensity")
            try check(point.chance, .fraction, "minutes[\(index)].chance")
        }
        for (index, alert) in (alerts ?? []).enumerated() {
            try check(alert.start?.timeIntervalSince1970, WeatherAlert.times, "alerts[\(index)].start")
            try check(alert.end?.timeIntervalSince1970, WeatherAlert.times, "alerts[\(index)].end")
        }
    }
}

extension CurrentExtras {
    /// Checks each value with `check` (the snapshot's), naming its field.
    func checkRanges(_ check: (Double?, ValueRange, String) throws(WeatherError) -> Void) throws(WeatherError) {
        try check(windSpeed, .windSpeed, "current.wind_speed")
        try check(windGust, .windSpeed, "current.wind_gust")
        try check(windDirection, .direction, "current.wind_direction")
        try check(uvIndex, .uvIndex, "current.uv_index")
        try check(pressure, .pressure, "current.pressure")
        try check(visibility, .visibility, "current.visibility")
        try check(dewPoint, .celsius, "current.dew_point")
    }
}

extension ValueRange {
    /// A wind or gust speed in m/s (well above the strongest gust measured, 113 m/s).
    static let windSpeed = ValueRange("a wind speed in m/s", 0, 150)
    /// A compass direction in degrees.
    static let direction = ValueRange("a direction in degrees", 0, 360)
    /// A UV index (the highest measured is about 43).
    static let uvIndex = ValueRange("a UV index", 0, 50)
    /// Air pressure at sea level in hPa (records are 870 and 1084).
    static let pressure = ValueRange("an air pressure in hPa", 800, 1100)
    /// A Unix time a forecast can hold (1970…9999).
    static let unixTime = ValueRange("a Unix time", 0, Double(Instant.latestSeconds))
    /// Visibility in km.
    static let visibility = ValueRange("a visibility in km", 0, 1000)
}
