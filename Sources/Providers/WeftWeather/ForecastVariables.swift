import Foundation
import WeftCore
import WeftPrimitives

extension WeatherSnapshot {
    /// The zone `daily` is keyed in: the one the API aggregated its days over, else the view's.
    func dayZone(_ context: VariableContext) -> TimeZone {
        dayZone.flatMap(TimeZone.init(identifier:)) ?? context.timeZone
    }

    /// Records the settings the variables need (wind unit, day zone) and keeps `settings.days` local days from today.
    mutating func keepDays(settings: WeatherSettings, now: Date) {
        windUnit = settings.windUnit ?? windUnit
        dayZone = dayZone ?? settings.timeZone.identifier
        let today = LocalDay.iso(of: now, in: dayZone.flatMap(TimeZone.init(identifier:)) ?? settings.timeZone)
        daily = Array(daily.filter { $0.date >= today }.prefix(settings.days))
    }
}

/// The keys beyond the next hour: the days ahead, the next 24 hours, the sun, wind, UV, pressure, visibility and dew
/// point (listed in ``WeatherVariables``).
enum ForecastVariables {
    /// How many `hour<N>_*` keys there are at most.
    static let hours = 24
    /// The most days ahead any API gives: a day further on is not keyed.
    static let maxDays = max(
        OpenMeteoAPI.maxDays, METNorwayAPI.maxDays, PirateWeatherAPI.maxDays, WeatherKitAPI.maxDays)
    /// The chance from which `days` shows a day's precipitation chance.
    static let stripChance = 0.2

    /// The keys, `prefix` included; missing data gives no key.
    static func derive(_ weather: WeatherSnapshot, prefix: String, context: VariableContext) -> [String: String] {
        var result: [String: String] = [:]
        func set(_ key: String, _ value: String?) {
            if let value { result[prefix + key] = value }
        }
        func temperature(_ key: String, _ celsius: Double?) {
            guard let celsius else { return }
            let texts = WeatherVariables.temperatureTexts(celsius, units: weather.units)
            set(key, texts.plain)
            set(key + "_c", texts.c)
            set(key + "_f", texts.f)
        }
        days(weather, context: context, set: set, temperature: temperature)
        hours(weather, context: context, set: set)
        sun(weather, context: context, set: set)
        if let extras = weather.current?.extras {
            wind(extras, unit: weather.windUnit ?? .defaultUnit(for: weather.units), set: set)
            set("uv_index", extras.uvIndex.map { WeatherVariables.roundedText($0) })
            set("uv_level", extras.uvIndex.map(uvLevel))
            set("pressure", extras.pressure.map { WeatherVariables.roundedText($0) })
            set("visibility_km", extras.visibility.map { NumberText.trimmed($0, maxDecimals: 1) })
            temperature("dew_point", extras.dewPoint)
        }
        return result
    }

    private static func days(
        _ weather: WeatherSnapshot, context: VariableContext, set: (String, String?) -> Void,
        temperature: (String, Double?) -> Void
    ) {
        let zone = weather.dayZone(context)
        let today = LocalDay.containing(context.now, in: zone)
        var lines: [String] = []
        for day in weather.daily {
            guard let number = LocalDay.parse(day.date), number >= today, number - today < maxDays else { continue }
            let weekday = LocalDay.weekday(number)
            var names = ["day\(number - today)_"]
            if number - today == 1 { names.append("tomorrow_") }
            let chance = day.precipitationChance.map { String(Nowcast.percent($0)) }
            for name in names {
                set(name + "date", day.date)
                set(name + "weekday", LocalText.weekday(weekday, in: context.catalog))
                set(name + "weekday_short", LocalText.weekdayShort(weekday, in: context.catalog))
                temperature(name + "high", day.high)
                temperature(name + "low", day.low)
                set(name + "condition", day.condition?.name(in: context.catalog))
                set(name + "symbol", day.condition?.symbol(isDay: true))
                set(name + "icon", day.condition?.icon(isDay: true))
                set(name + "icon_nerd", day.condition?.nerdIcon(isDay: true))
                set(name + "precip_chance", chance)
                set(name + "precip_mm", day.precipitationAmount.map { NumberText.fixed($0, places: 1) })
            }
            let high = WeatherVariables.temperatureTexts(day.high, units: weather.units).plain
            let low = WeatherVariables.temperatureTexts(day.low, units: weather.units).plain
            var line = [LocalText.weekdayShort(weekday)]
            if let icon = day.condition?.icon(isDay: true) { line.append(icon) }
            line.append("\(high)°/\(low)°")
            if let value = day.precipitationChance, value >= stripChance, let chance { line.append(chance + "%") }
            lines.append(line.joined(separator: " "))
        }
        if !lines.isEmpty { set("days", lines.joined(separator: "\n")) }
    }

    private static func hours(_ weather: WeatherSnapshot, context: VariableContext, set: (String, String?) -> Void) {
        let now = context.now
        var seen = Set<Int>()
        for hour in weather.hourly where hour.time.addingTimeInterval(3600) > now {
            // hour0 is the hour holding now; hour1 the next one to start, and so on.
            let offset = hour.time.timeIntervalSince(now) / 3600
            guard offset < Double(hours), let index = CheckedNumber.int(offset.rounded(.up)), index >= 0,
                seen.insert(index).inserted
            else { continue }
            let moment = hour.time > now ? hour.time.addingTimeInterval(1800) : now
            let isDay = SolarDay.isUp(at: moment, latitude: weather.latitude, longitude: weather.longitude)
            let name = "hour\(index)_"
            set(name + "time", LocalText.time(hour.time, in: context.timeZone))
            set(name + "temp", WeatherVariables.temperatureTexts(hour.temperature, units: weather.units).plain)
            set(name + "symbol", hour.condition.symbol(isDay: isDay))
            set(name + "icon", hour.condition.icon(isDay: isDay))
            set(name + "icon_nerd", hour.condition.nerdIcon(isDay: isDay))
            set(name + "precip_chance", hour.precipitationChance.map { String(Nowcast.percent($0)) })
        }
    }

    private static func sun(_ weather: WeatherSnapshot, context: VariableContext, set: (String, String?) -> Void) {
        let zone = weather.dayZone(context)
        let day = LocalDay.containing(context.now, in: zone)
        let solar = SolarDay(day: day, latitude: weather.latitude, longitude: weather.longitude, zone: zone)
        set("golden_hour_start", solar.goldenHourStart.map { LocalText.time($0, in: zone) })
        var times: (sunrise: Date, sunset: Date)?
        switch solar.kind {
        case .polarDay:
            set("sun_up", "1")
            set("daylight", "24:00")
            return
        case .polarNight:
            set("sun_up", "0")
            set("daylight", "0:00")
            return
        case .normal(let sunrise, let sunset): times = (sunrise, sunset)
        }
        // The API's own times where it gives them for today; the computed ones otherwise.
        let iso = LocalDay.iso(day)
        if let given = weather.daily.first(where: { $0.date == iso }), let sunrise = given.sunrise,
            let sunset = given.sunset
        {
            times = (sunrise, sunset)
        }
        guard let (sunrise, sunset) = times else { return }
        set("sunrise", LocalText.time(sunrise, in: zone))
        set("sunset", LocalText.time(sunset, in: zone))
        set("sunrise_iso", ISOInstant.format(sunrise))
        set("sunset_iso", ISOInstant.format(sunset))
        if let minutes = CheckedNumber.int((sunset.timeIntervalSince(sunrise) / 60).rounded(.down)) {
            set("daylight", "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "") + "\(minutes % 60)")
        }
        set("sun_up", sunrise <= context.now && context.now < sunset ? "1" : "0")
    }

    private static func wind(_ extras: CurrentExtras, unit: WindUnit, set: (String, String?) -> Void) {
        func speed(_ metresPerSecond: Double) -> String {
            let value = unit.convert(metresPerSecond)
            return unit == .metresPerSecond
                ? NumberText.fixed(value, places: 1) : WeatherVariables.roundedText(value)
        }
        if extras.windSpeed != nil || extras.windGust != nil { set("wind_unit", unit.rawValue) }
        set("wind_speed", extras.windSpeed.map(speed))
        set("wind_gust", extras.windGust.map(speed))
        set("wind_beaufort", extras.windSpeed.map { String(beaufort($0)) })
        guard let direction = extras.windDirection else { return }
        let degrees = direction.rounded().truncatingRemainder(dividingBy: 360)
        set("wind_direction", WeatherVariables.roundedText(degrees))
        set("wind_compass", CheckedNumber.int((direction / 22.5).rounded()).map { compass[($0 % 16 + 16) % 16] })
        // The arrow points where the wind goes: a north wind blows south.
        set("wind_arrow", CheckedNumber.int(((direction + 180) / 45).rounded()).map { arrows[($0 % 8 + 8) % 8] })
    }

    /// The 16 compass points, clockwise from north.
    static let compass = [
        "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
    ]
    /// Arrows pointing north, north-east, … clockwise.
    static let arrows = ["↑", "↗", "→", "↘", "↓", "↙", "←", "↖"]

    /// The Beaufort force of a mean wind speed in m/s (the WMO's lower bounds of forces 1…12).
    static func beaufort(_ metresPerSecond: Double) -> Int {
        let bounds = [0.5, 1.6, 3.4, 5.5, 8.0, 10.8, 13.9, 17.2, 20.8, 24.5, 28.5, 32.7]
        return bounds.filter { metresPerSecond >= $0 }.count
    }

    /// The WHO's exposure category of a UV index.
    static func uvLevel(_ index: Double) -> String {
        switch index.rounded(.toNearestOrAwayFromZero) {
        case ..<3: "low"
        case ..<6: "moderate"
        case ..<8: "high"
        case ..<11: "very high"
        default: "extreme"
        }
    }
}
