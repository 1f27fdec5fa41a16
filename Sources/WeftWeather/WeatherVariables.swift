import Foundation
import WeftCore
import WeftPrimitives

/// Derives every `__weather_*` variable (and its alias) from a snapshot at a render's `now`.
public enum WeatherVariables {
    /// How many hours `hourly_strip` shows.
    public static let stripHours = 6

    /// The variables, keys including `prefix`; data that is missing gives no key at all.
    public static func derive(
        _ weather: WeatherSnapshot, prefix: String, fetchedAt: Date?, context: VariableContext
    ) -> [String: String] {
        var result: [String: String] = [:]
        func set(_ keys: [String], _ value: String?) {
            guard let value else { return }
            for key in keys { result[prefix + key] = value }
        }
        let now = context.now
        set(["location", "location_name"], weather.locationName)
        set(["lat"], String(format: "%.4f", weather.latitude))
        set(["lon"], String(format: "%.4f", weather.longitude))
        set(["provider"], weather.providerName)
        set(
            ["attribution"],
            weather.attribution.url.map { "\(weather.attribution.text) (\($0))" } ?? weather.attribution.text)
        set(["updated_iso"], fetchedAt.map { ISOInstant.format($0) })

        let thisHour = weather.hourly.first { $0.time <= now && now < $0.time.addingTimeInterval(3600) }
        let condition = weather.current?.condition ?? thisHour?.condition
        let isDay = weather.current?.isDay
        set(["condition"], condition?.text)
        set(["symbol", "condition_symbol"], condition?.symbol(isDay: isDay))
        set(["icon"], condition?.icon(isDay: isDay))

        func temperature(_ base: String, _ alias: String, _ celsius: Double?) {
            guard let celsius else { return }
            let c = roundedText(celsius)
            let f = roundedText(celsius * 9 / 5 + 32)
            set([base, alias], weather.units == .fahrenheit ? f : c)
            set([base + "_c"], c)
            set([base + "_f"], f)
        }
        temperature("temp", "temperature", weather.current?.temperature ?? thisHour?.temperature)
        temperature("feels", "temperature_feels_like", weather.current?.apparentTemperature)
        let today = LocalDay.iso(of: now, in: context.timeZone)
        let day = weather.daily.first { $0.date == today }
        temperature("high", "daily_high", day?.high)
        temperature("low", "daily_low", day?.low)

        if let chance = thisHour?.precipitationChance {
            set(["precip"], String(Nowcast.percent(chance)))
            set(["precip_fraction"], NumberText.plain(chance))
        }
        if let humidity = weather.current?.humidity {
            set(["humidity"], String(Nowcast.percent(humidity)))
            set(["humidity_fraction"], NumberText.plain(humidity))
        }

        let nowcast = Nowcast(series: weather.minutes, now: now)
        set(["nowcast"], nowcast.headline(current: weather.current))
        set(["nowcast_secondary"], nowcast.secondary(current: weather.current))
        set(["rain_next_hour_summary"], nowcast.summary(current: weather.current))
        if nowcast.isAvailable {
            if let start = nowcast.startMinute {
                set(["rain_start_min"], String(start))
                set(["rain_start"], start <= 1 ? "Now" : "\(start)m")
            }
            set(["rain_end_min"], nowcast.endMinute.map(String.init))
            set(
                ["rain_peak_intensity_mmh", "rain_next_hour_max_mm_hr"],
                nowcast.peakIntensity.map { String(format: "%.1f", $0) })
            if let chance = nowcast.peakChance {
                set(["rain_peak_chance"], String(Nowcast.percent(chance)))
                set(["rain_peak_chance_fraction"], NumberText.plain(chance))
            }
            set(["rain_next_hour_mm"], nowcast.totalMillimetres.map { String(format: "%.1f", $0) })
            set(["nowcast_series"], nowcast.seriesText)
            set(["nowcast_spark"], nowcast.spark)
        }

        let strip = weather.hourly.filter { $0.time.addingTimeInterval(3600) > now }.prefix(stripHours).map {
            hour -> String in
            let hh = String(format: "%02d", LocalTime.components(of: hour.time, in: context.timeZone).hour)
            let chance = hour.precipitationChance.map { "\(Nowcast.percent($0))%" } ?? "—"
            let temperature =
                weather.units == .fahrenheit
                ? roundedText(hour.temperature * 9 / 5 + 32) : roundedText(hour.temperature)
            return "\(hh) \(chance) \(temperature)"
        }
        if !strip.isEmpty { set(["hourly_strip"], strip.joined(separator: " · ")) }
        return result
    }

    /// An integer rounded half away from zero, never `-0`.
    static func roundedText(_ value: Double) -> String {
        let rounded = value.rounded(.toNearestOrAwayFromZero)
        return rounded == 0 ? "0" : String(Int(rounded))
    }
}
