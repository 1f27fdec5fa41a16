import Foundation
import WeftCore
import WeftPrimitives

/// Derives every `__weather_*` variable (and its alias) from a snapshot at a render's `now`.
///
/// ## Keys
///
/// Each key follows the provider's `prefix` (`__weather_` by default); a key whose data the snapshot lacks is
/// absent, so a template's fallback shows. Temperatures are whole degrees rounded half away from zero; the plain
/// key follows the configured `units`. The `rain_*` keys and the series need minute data; `rain_start*` and
/// `rain_end_min` need a wet minute within the hour (and a dry one after it). Wind, UV, pressure, visibility and dew
/// point are present only where the API gives them (MET Norway: no visibility, and its UV index is the clear-sky one);
/// sun times come from the API where it gives them and are computed (NOAA's algorithm) otherwise.
///
/// | key | meaning | example |
/// |---|---|---|
/// | `location`, `location_name` | the configured place name | `Berlin` |
/// | `lat`, `lon` | the configured coordinates, four decimals | `52.5200` |
/// | `provider` | the weather service | `Open-Meteo` |
/// | `attribution` | the service's required credit, with its URL | `Weather data by Open-Meteo.com (https://…)` |
/// | `condition` | current conditions in words | `Light rain` |
/// | `symbol`, `condition_symbol` | an SF Symbols name for them | `cloud.rain.fill` |
/// | `icon` | a Unicode glyph for them | `🌧` |
/// | `icon_nerd` | a Nerd Font glyph for them (Weather Icons, `nf-weather-*`; night variants by night) | U+E318 (nf-weather-rain) |
/// | `temp`, `temperature` | current temperature in the configured unit | `31` |
/// | `temp_c`, `temp_f` | the same in °C and °F | `-1`, `31` |
/// | `feels`, `temperature_feels_like`, `feels_c`, `feels_f` | apparent temperature, likewise | `24` |
/// | `high`, `daily_high`, `high_c`, `high_f` | today's high (the local day), likewise | `38` |
/// | `low`, `daily_low`, `low_c`, `low_f` | today's low, likewise | `28` |
/// | `precip`, `precip_fraction` | chance of precipitation this hour: percent, and 0–1 | `85`, `0.85` |
/// | `humidity`, `humidity_fraction` | relative humidity: percent, and 0–1 | `68`, `0.675` |
/// | `nowcast` | the next hour's headline | `Rain in 12m` |
/// | `nowcast_secondary` | its second part: when it ends, the chance or the intensity | `Ends in 24m` |
/// | `rain_next_hour_summary` | both joined by ` · ` | `Rain now · Ends in 24m` |
/// | `rain_start_min`, `rain_start` | minutes until the rain starts; as `Now` or `{m}m` | `12`, `12m` |
/// | `rain_end_min` | minutes until the last wet minute | `24` |
/// | `rain_peak_intensity_mmh`, `rain_next_hour_max_mm_hr` | the hour's peak expected intensity, mm/h | `0.8` |
/// | `rain_peak_chance`, `rain_peak_chance_fraction` | the hour's peak chance: percent, and 0–1 | `80`, `0.8` |
/// | `rain_next_hour_mm` | expected total over the hour, mm | `0.3` |
/// | `nowcast_series` | the 60 minutes' expected intensities, mm/h, comma-separated | `0.80,0.80,…,0.00` |
/// | `nowcast_spark` | the same as a sparkline | `▄▄▄▄▁▁▁▁` |
/// | `hourly_strip` | the next `stripHours` hours as `HH chance temperature` | `10 85% 33 · 11 — 35` |
/// | `alert_count` | severe-weather alerts in force or announced, not yet ended (`0`: none; absent: the API gives none) | `1` |
/// | `alert_title` | the first alert (most severe, then soonest ending): its title | `Wind Advisory` |
/// | `alert_severity` | its severity: `minor`, `moderate`, `severe` or `extreme` | `moderate` |
/// | `alert_until`, `alert_until_iso` | when it ends: local `HH:MM` today, else `Fri HH:MM`; and in UTC | `Fri 15:00` |
/// | `alert_regions` | the areas it covers, comma-separated | `Torungen - Oksøy` |
/// | `alert_url` | a page with its full text | `https://www.met.no/…` |
/// | `alerts` | every alert, one per line: `Severity: title until … (regions)` | `Moderate: Gale until Fri 15:00 (…)` |
/// | `day<d>_date`, `day<d>_weekday`, `day<d>_weekday_short` | local day d of the days ahead (0 today … `days` − 1, in the zone the API's days are in): its date and weekday | `2026-03-11`, `Wednesday`, `Wed` |
/// | `day<d>_high`, `day<d>_high_c`, `day<d>_high_f` | its high in the configured unit, °C and °F | `12` |
/// | `day<d>_low`, `day<d>_low_c`, `day<d>_low_f` | its low, likewise | `4` |
/// | `day<d>_condition`, `day<d>_symbol`, `day<d>_icon`, `day<d>_icon_nerd` | its prevailing condition: words, SF Symbols name, glyph, Nerd Font glyph | `Rain`, `cloud.rain.fill`, `🌧`, U+E318 |
/// | `day<d>_precip_chance`, `day<d>_precip_mm` | its chance of precipitation (percent) and expected amount (mm) | `80`, `3.2` |
/// | `tomorrow_date`, `tomorrow_weekday`, `tomorrow_weekday_short`, `tomorrow_high`, `tomorrow_high_c`, `tomorrow_high_f`, `tomorrow_low`, `tomorrow_low_c`, `tomorrow_low_f`, `tomorrow_condition`, `tomorrow_symbol`, `tomorrow_icon`, `tomorrow_icon_nerd`, `tomorrow_precip_chance`, `tomorrow_precip_mm` | the same as the `day1_` keys | `9` |
/// | `days` | the days ahead, one line each: weekday, glyph, high°/low°, and the chance of precipitation from 20% | `Sat ☀️ 12°/4°⏎Sun 🌧 9°/6° 80%` |
/// | `hour<h>_time`, `hour<h>_temp`, `hour<h>_symbol`, `hour<h>_icon`, `hour<h>_icon_nerd`, `hour<h>_precip_chance` | hour h of the next 24 (0 holds now): its start, temperature, symbol, glyph, Nerd Font glyph and chance (percent) | `11:00`, `35`, `cloud.fill`, `☁️`, U+E312, `20` |
/// | `sunrise`, `sunset` | today's sunrise and sunset, local `HH:MM` (from the API, else computed); absent on a polar day or night | `06:42`, `18:14` |
/// | `sunrise_iso`, `sunset_iso` | the same as UTC instants | `2026-03-10T05:42:10Z` |
/// | `daylight` | the time from sunrise to sunset, `h:mm`; `24:00` on a polar day, `0:00` in the polar night | `11:32` |
/// | `sun_up` | `1` while the sun is above the horizon at the render's now (all of a polar day), else `0` | `1` |
/// | `golden_hour_start` | when the evening sun sinks to 6° above the horizon, local `HH:MM`; absent where it does not | `17:31` |
/// | `wind_speed`, `wind_gust`, `wind_unit` | mean wind and gusts in the `wind_units` unit (one decimal for m/s), and that unit | `18`, `32`, `km/h` |
/// | `wind_direction`, `wind_compass`, `wind_arrow` | where the wind comes from: degrees, 16-point compass, and an arrow pointing where it blows to | `225`, `SW`, `↗` |
/// | `wind_beaufort` | the Beaufort force of the mean wind | `3` |
/// | `uv_index`, `uv_level` | the UV index now, and its WHO band: low, moderate, high, very high, extreme | `6`, `high` |
/// | `pressure` | air pressure at sea level, hPa | `1013` |
/// | `visibility_km` | visibility, km | `16.1` |
/// | `dew_point`, `dew_point_c`, `dew_point_f` | dew point in the configured unit, °C and °F | `-2` |
///
/// ## Bookkeeping keys (added by the resolver for every provider)
///
/// | key | meaning | example |
/// |---|---|---|
/// | `updated_iso` | when the snapshot was fetched, UTC (also derived here) | `2026-03-10T09:25:00Z` |
/// | `age_min` | whole minutes since then | `5` |
/// | `stale` | `1` once the snapshot is past its expiry, else `0` | `0` |
/// | `error` | the last refresh's error, while it is failing | `https://api.open-meteo.com/v1/forecast: HTTP 503` |
public enum WeatherVariables {
    /// How many hours `hourly_strip` shows.
    static let stripHours = 6

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
        set(["lat"], NumberText.fixed(weather.latitude, places: 4))
        set(["lon"], NumberText.fixed(weather.longitude, places: 4))
        set(["provider"], weather.providerName)
        set(
            ["attribution"],
            weather.attribution.url.map { "\(weather.attribution.text) (\($0))" } ?? weather.attribution.text)
        set(["updated_iso"], fetchedAt.map { ISOInstant.format($0) })

        let thisHour = weather.hourly.first { $0.time <= now && now < $0.time.addingTimeInterval(3600) }
        let condition = weather.current?.condition ?? thisHour?.condition
        let isDay = weather.current?.isDay
        set(["condition"], condition?.name(in: context.catalog))
        set(["symbol", "condition_symbol"], condition?.symbol(isDay: isDay))
        set(["icon"], condition?.icon(isDay: isDay))
        set(["icon_nerd"], condition?.nerdIcon(isDay: isDay))

        func temperature(_ base: String, _ alias: String, _ celsius: Double?) {
            guard let celsius else { return }
            let texts = temperatureTexts(celsius, units: weather.units)
            set([base, alias], texts.plain)
            set([base + "_c"], texts.c)
            set([base + "_f"], texts.f)
        }
        temperature("temp", "temperature", weather.current?.temperature ?? thisHour?.temperature)
        temperature("feels", "temperature_feels_like", weather.current?.apparentTemperature)
        let today = LocalDay.iso(of: now, in: weather.dayZone(context))
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
        set(["nowcast"], nowcast.headline(current: weather.current, catalog: context.catalog))
        set(["nowcast_secondary"], nowcast.secondary(current: weather.current, catalog: context.catalog))
        set(["rain_next_hour_summary"], nowcast.summary(current: weather.current, catalog: context.catalog))
        if nowcast.isAvailable {
            if let start = nowcast.startMinute {
                set(["rain_start_min"], String(start))
                set(
                    ["rain_start"],
                    start <= 1
                        ? context.catalog.text("Now") : context.catalog.text("{count}m", ["count": String(start)]))
            }
            set(["rain_end_min"], nowcast.endMinute.map(String.init))
            set(
                ["rain_peak_intensity_mmh", "rain_next_hour_max_mm_hr"],
                nowcast.peakIntensity.map { NumberText.fixed($0, places: 1) })
            if let chance = nowcast.peakChance {
                set(["rain_peak_chance"], String(Nowcast.percent(chance)))
                set(["rain_peak_chance_fraction"], NumberText.plain(chance))
            }
            set(["rain_next_hour_mm"], nowcast.totalMillimetres.map { NumberText.fixed($0, places: 1) })
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
        for (key, value) in alertVariables(weather.alerts, context: context) { set([key], value) }
        result.merge(ForecastVariables.derive(weather, prefix: prefix, context: context)) { old, _ in old }
        return result
    }

    /// A temperature in whole degrees: in the configured unit (the plain key), in °C and in °F.
    static func temperatureTexts(_ celsius: Double, units: TemperatureUnit) -> (plain: String, c: String, f: String) {
        let c = roundedText(celsius)
        let f = roundedText(celsius * 9 / 5 + 32)
        return (units == .fahrenheit ? f : c, c, f)
    }

    /// An integer rounded half away from zero, never `-0`.
    static func roundedText(_ value: Double) -> String {
        let rounded = value.rounded(.toNearestOrAwayFromZero)
        guard rounded != 0 else { return "0" }
        return CheckedNumber.int(rounded).map(String.init) ?? NumberText.plain(rounded)
    }
}
