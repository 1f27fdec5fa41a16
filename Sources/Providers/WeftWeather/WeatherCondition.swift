import WeftPrimitives

/// The sky and precipitation state, normalised so every API maps onto the same words, symbols and glyphs.
enum WeatherCondition: String, Codable, Sendable, CaseIterable {
    case clear, mostlyClear, partlyCloudy, mostlyCloudy, cloudy
    case foggy, haze, smoky, dusty, breezy, windy
    case drizzle, freezingDrizzle, lightRain, rain, heavyRain, rainShowers, freezingRain
    case sleet, hail, wintryMix
    case flurries, lightSnow, snow, heavySnow, snowShowers, blowingSnow, blizzard
    case thunderstorms, hot, frigid, tropicalStorm, hurricane
    /// A code the adapter did not recognise; it produces no text, symbol or glyph.
    case unknown

    /// The text shown as `__weather_condition`, e.g. `Light rain`; nil for `unknown`.
    var text: String? { name(in: .english) }

    /// The condition's name in `catalog`'s language; nil for `unknown`.
    func name(in catalog: Catalog) -> String? {
        switch self {
        case .clear: catalog.text("Clear")
        case .mostlyClear: catalog.text("Mostly clear")
        case .partlyCloudy: catalog.text("Partly cloudy")
        case .mostlyCloudy: catalog.text("Mostly cloudy")
        case .cloudy: catalog.text("Cloudy")
        case .foggy: catalog.text("Fog")
        case .haze: catalog.text("Haze")
        case .smoky: catalog.text("Smoke")
        case .dusty: catalog.text("Dust")
        case .breezy: catalog.text("Breezy")
        case .windy: catalog.text("Windy")
        case .drizzle: catalog.text("Drizzle")
        case .freezingDrizzle: catalog.text("Freezing drizzle")
        case .lightRain: catalog.text("Light rain")
        case .rain: catalog.text("Rain")
        case .heavyRain: catalog.text("Heavy rain")
        case .rainShowers: catalog.text("Rain showers")
        case .freezingRain: catalog.text("Freezing rain")
        case .sleet: catalog.text("Sleet")
        case .hail: catalog.text("Hail")
        case .wintryMix: catalog.text("Wintry mix")
        case .flurries: catalog.text("Flurries")
        case .lightSnow: catalog.text("Light snow")
        case .snow: catalog.text("Snow")
        case .heavySnow: catalog.text("Heavy snow")
        case .snowShowers: catalog.text("Snow showers")
        case .blowingSnow: catalog.text("Blowing snow")
        case .blizzard: catalog.text("Blizzard")
        case .thunderstorms: catalog.text("Thunderstorms")
        case .hot: catalog.text("Hot")
        case .frigid: catalog.text("Frigid")
        case .tropicalStorm: catalog.text("Tropical storm")
        case .hurricane: catalog.text("Hurricane")
        case .unknown: nil
        }
    }

    /// Whether this condition means liquid precipitation is falling (used when the nowcast is unavailable).
    var isRain: Bool {
        switch self {
        case .drizzle, .freezingDrizzle, .lightRain, .rain, .heavyRain, .rainShowers, .freezingRain, .thunderstorms,
            .tropicalStorm, .hurricane:
            true
        default: false
        }
    }

    /// The SF Symbols name WidgetWeaver shows for this condition; `isDay == false` picks the night variant.
    func symbol(isDay: Bool?) -> String? {
        let night = isDay == false
        switch self {
        case .clear, .mostlyClear: return night ? "moon.stars.fill" : "sun.max.fill"
        case .partlyCloudy: return night ? "cloud.moon.fill" : "cloud.sun.fill"
        case .mostlyCloudy, .cloudy: return "cloud.fill"
        case .foggy: return "cloud.fog.fill"
        case .haze: return night ? "moon.haze.fill" : "sun.haze.fill"
        case .smoky: return "smoke.fill"
        case .dusty: return "sun.dust.fill"
        case .breezy, .windy: return "wind"
        case .drizzle, .freezingDrizzle: return "cloud.drizzle.fill"
        case .lightRain, .rain: return "cloud.rain.fill"
        case .heavyRain: return "cloud.heavyrain.fill"
        case .rainShowers: return night ? "cloud.moon.rain.fill" : "cloud.sun.rain.fill"
        case .freezingRain, .sleet, .wintryMix: return "cloud.sleet.fill"
        case .hail: return "cloud.hail.fill"
        case .flurries, .lightSnow, .snow, .heavySnow, .snowShowers: return "cloud.snow.fill"
        case .blowingSnow, .blizzard: return "wind.snow"
        case .thunderstorms: return "cloud.bolt.rain.fill"
        case .hot: return "thermometer.sun.fill"
        case .frigid: return "thermometer.snowflake"
        case .tropicalStorm: return "tropicalstorm"
        case .hurricane: return "hurricane"
        case .unknown: return nil
        }
    }

    /// A Unicode glyph for terminals and status bars.
    func icon(isDay: Bool?) -> String? {
        let night = isDay == false
        switch self {
        case .clear: return night ? "🌙" : "☀️"
        case .mostlyClear: return night ? "🌙" : "🌤"
        case .partlyCloudy: return night ? "☁️" : "⛅"
        case .mostlyCloudy: return night ? "☁️" : "🌥"
        case .cloudy: return "☁️"
        case .foggy, .haze, .smoky, .dusty: return "🌫"
        case .breezy, .windy: return "🌬"
        case .drizzle, .freezingDrizzle, .lightRain, .rain, .heavyRain, .freezingRain: return "🌧"
        case .rainShowers: return night ? "🌧" : "🌦"
        case .sleet, .hail, .wintryMix, .flurries, .lightSnow, .snow, .heavySnow, .snowShowers: return "🌨"
        case .blowingSnow, .blizzard: return "❄️"
        case .thunderstorms: return "⛈"
        case .hot: return "🔥"
        case .frigid: return "🥶"
        case .tropicalStorm, .hurricane: return "🌀"
        case .unknown: return nil
        }
    }

    /// The Weather Icons glyph as Nerd Fonts place it (`nf-weather-*`, U+E300–U+E3EB in the Private Use Area), for
    /// bars set in a Nerd Font; `isDay == false` picks the night variant where the set has one. The code points are
    /// Nerd Fonts' own (its `glyphnames.json`, the cheat sheet's source), not Weather Icons' U+F0xx ones.
    func nerdIcon(isDay: Bool?) -> String? {
        let night = isDay == false
        switch self {
        case .clear: return night ? "\u{E32B}" : "\u{E30D}"  // night_clear, day_sunny
        case .mostlyClear: return night ? "\u{E379}" : "\u{E30C}"  // night_alt_partly_cloudy, day_sunny_overcast
        case .partlyCloudy: return night ? "\u{E37E}" : "\u{E302}"  // night_alt_cloudy, day_cloudy
        case .mostlyCloudy, .cloudy: return "\u{E312}"  // cloudy
        case .foggy: return night ? "\u{E346}" : "\u{E303}"  // night_fog, day_fog
        case .haze: return night ? "\u{E346}" : "\u{E3AE}"  // night_fog, day_haze
        case .smoky: return "\u{E35C}"  // smoke
        case .dusty: return "\u{E35D}"  // dust
        case .breezy: return "\u{E31E}"  // windy
        case .windy: return "\u{E34B}"  // strong_wind
        case .drizzle: return night ? "\u{E328}" : "\u{E30B}"  // night_alt_sprinkle, day_sprinkle
        case .freezingDrizzle, .wintryMix: return night ? "\u{E323}" : "\u{E306}"  // night_alt_rain_mix, day_rain_mix
        case .lightRain: return night ? "\u{E325}" : "\u{E308}"  // night_alt_rain, day_rain
        case .rain: return "\u{E318}"  // rain
        case .heavyRain: return "\u{E317}"  // rain_wind
        case .rainShowers: return night ? "\u{E326}" : "\u{E309}"  // night_alt_showers, day_showers
        case .freezingRain: return "\u{E316}"  // rain_mix
        case .sleet: return night ? "\u{E3AC}" : "\u{E3AA}"  // night_alt_sleet, day_sleet
        case .hail: return night ? "\u{E321}" : "\u{E304}"  // night_alt_hail, day_hail
        case .flurries, .lightSnow, .snowShowers: return night ? "\u{E327}" : "\u{E30A}"  // night_alt_snow, day_snow
        case .snow, .heavySnow: return "\u{E31A}"  // snow
        case .blowingSnow, .blizzard: return "\u{E35E}"  // snow_wind
        case .thunderstorms: return night ? "\u{E32A}" : "\u{E30F}"  // night_alt_thunderstorm, day_thunderstorm
        case .hot: return "\u{E36B}"  // hot
        case .frigid: return "\u{E36F}"  // snowflake_cold
        case .tropicalStorm, .hurricane: return "\u{E36C}"  // hurricane
        case .unknown: return nil
        }
    }

    /// Maps a WMO weather code (Open-Meteo `weather_code`).
    static func wmo(_ code: Int) -> WeatherCondition {
        switch code {
        case 0: .clear
        case 1: .mostlyClear
        case 2: .partlyCloudy
        case 3: .cloudy
        case 45, 48: .foggy
        case 51, 53: .drizzle
        case 55: .drizzle
        case 56, 57: .freezingDrizzle
        case 61: .lightRain
        case 63: .rain
        case 65: .heavyRain
        case 66, 67: .freezingRain
        case 71: .lightSnow
        case 73: .snow
        case 75: .heavySnow
        case 77: .flurries
        case 80, 81, 82: .rainShowers
        case 85, 86: .snowShowers
        case 95, 96, 99: .thunderstorms
        default: .unknown
        }
    }

    /// Maps a MET Norway `symbol_code` such as `lightrainshowers_day`; the suffix only says day or night.
    static func metSymbol(_ code: String) -> (condition: WeatherCondition, isDay: Bool?) {
        var base = Substring(code)
        var isDay: Bool?
        if let underscore = code.firstIndex(of: "_") {
            base = code[..<underscore]
            let suffix = code[code.index(after: underscore)...]
            isDay = suffix == "night" ? false : suffix == "day" ? true : nil
        }
        let condition: WeatherCondition
        switch base {
        case "clearsky": condition = .clear
        case "fair": condition = .mostlyClear
        case "partlycloudy": condition = .partlyCloudy
        case "cloudy": condition = .cloudy
        case "fog": condition = .foggy
        case "lightrain": condition = .lightRain
        case "rain": condition = .rain
        case "heavyrain": condition = .heavyRain
        case "lightrainshowers", "rainshowers", "heavyrainshowers": condition = .rainShowers
        case "lightsleet", "sleet", "heavysleet", "lightsleetshowers", "sleetshowers", "heavysleetshowers":
            condition = .sleet
        case "lightsnow": condition = .lightSnow
        case "snow": condition = .snow
        case "heavysnow": condition = .heavySnow
        case "lightsnowshowers", "snowshowers", "heavysnowshowers": condition = .snowShowers
        default:
            condition = base.hasSuffix("thunder") ? .thunderstorms : .unknown
        }
        return (condition, isDay)
    }

    /// Maps a WeatherKit PascalCase `conditionCode`.
    static func weatherKit(_ code: String) -> WeatherCondition {
        switch code {
        case "Clear": .clear
        case "MostlyClear": .mostlyClear
        case "PartlyCloudy": .partlyCloudy
        case "MostlyCloudy": .mostlyCloudy
        case "Cloudy": .cloudy
        case "Foggy": .foggy
        case "Haze": .haze
        case "Smoky": .smoky
        case "BlowingDust": .dusty
        case "Breezy": .breezy
        case "Windy": .windy
        case "Drizzle": .drizzle
        case "FreezingDrizzle": .freezingDrizzle
        case "Rain": .rain
        case "HeavyRain": .heavyRain
        case "SunShowers": .rainShowers
        case "FreezingRain": .freezingRain
        case "Sleet": .sleet
        case "Hail": .hail
        case "WintryMix": .wintryMix
        case "Flurries", "SunFlurries": .flurries
        case "Snow": .snow
        case "HeavySnow": .heavySnow
        case "BlowingSnow": .blowingSnow
        case "Blizzard": .blizzard
        case "IsolatedThunderstorms", "ScatteredThunderstorms", "Thunderstorms", "StrongStorms": .thunderstorms
        case "Hot": .hot
        case "Frigid": .frigid
        case "TropicalStorm": .tropicalStorm
        case "Hurricane": .hurricane
        default: .unknown
        }
    }

    /// Maps a Dark Sky / Pirate Weather `icon` (`rain`, `partly-cloudy-night`, …).
    static func pirateIcon(_ icon: String) -> (condition: WeatherCondition, isDay: Bool?) {
        let isDay: Bool? = icon.hasSuffix("-night") ? false : icon.hasSuffix("-day") ? true : nil
        let condition: WeatherCondition
        switch icon {
        case "clear-day", "clear-night": condition = .clear
        case "partly-cloudy-day", "partly-cloudy-night": condition = .partlyCloudy
        case "mostly-clear-day", "mostly-clear-night": condition = .mostlyClear
        case "mostly-cloudy-day", "mostly-cloudy-night": condition = .mostlyCloudy
        case "cloudy": condition = .cloudy
        case "fog": condition = .foggy
        case "haze", "smoke": condition = .haze
        case "wind", "breezy": condition = .windy
        case "drizzle", "possible-rain-day", "possible-rain-night", "precipitation", "possible-precipitation-day",
            "possible-precipitation-night":
            condition = .drizzle
        case "light-rain": condition = .lightRain
        case "rain": condition = .rain
        case "heavy-rain": condition = .heavyRain
        case "sleet", "light-sleet", "heavy-sleet", "possible-sleet-day", "possible-sleet-night", "mixed":
            condition = .sleet
        case "flurries", "possible-snow-day", "possible-snow-night": condition = .flurries
        case "light-snow": condition = .lightSnow
        case "snow": condition = .snow
        case "heavy-snow": condition = .heavySnow
        case "hail": condition = .hail
        case "thunderstorm", "possible-thunderstorm-day", "possible-thunderstorm-night": condition = .thunderstorms
        default: condition = .unknown
        }
        return (condition, isDay)
    }
}
