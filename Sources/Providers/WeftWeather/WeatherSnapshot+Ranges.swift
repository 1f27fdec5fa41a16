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
        }
        for (index, hour) in hourly.enumerated() {
            try check(hour.temperature, .celsius, "hourly[\(index)].temperature")
            try check(hour.precipitationChance, .fraction, "hourly[\(index)].precipitation_chance")
        }
        for (index, day) in daily.enumerated() {
            try check(day.high, .celsius, "daily[\(index)].high")
            try check(day.low, .celsius, "daily[\(index)].low")
            try check(day.precipitationChance, .fraction, "daily[\(index)].precipitation_chance")
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
