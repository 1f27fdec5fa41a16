import Foundation
import WeftCore
import WeftPrimitives

/// The `__air_*` variables, derived at the render's now from the hour it falls in (prefix `__air_` unless the file
/// sets `prefix`). A value the API did not give is absent, not zero: pollen outside Europe, an index it left out.
///
/// ## Keys
///
/// | key | meaning | example |
/// |---|---|---|
/// | `location` | the file's `name` | `Brno` |
/// | `provider` | where the data comes from | `Open-Meteo` |
/// | `attribution` | what Open-Meteo's licence asks to show | `Air quality data by Open-Meteo.com (CC BY 4.0)` |
/// | `aqi` | the chosen index (`index = "european"` or `"us"`) now, rounded | `31` |
/// | `aqi_scale` | which index `aqi` is: `eu` or `us` | `eu` |
/// | `aqi_level` | the band of `aqi` in the index's words: EAQI good, fair, moderate, poor, very poor, extremely poor; US AQI good, moderate, unhealthy for sensitive groups, unhealthy, very unhealthy, hazardous | `fair` |
/// | `aqi_eu`, `aqi_us` | the European (EEA) and US (EPA) index now | `31` |
/// | `aqi_today_max` | the chosen index's highest hour today (the provider's `timezone`, else the render's) | `36` |
/// | `aqi_today_max_level` | its band | `fair` |
/// | `pm25`, `pm10` | particulate matter below 2.5 and 10 µm, µg/m³ | `6.4` |
/// | `ozone`, `no2` | ozone and nitrogen dioxide, µg/m³ | `58` |
/// | `pollen_<kind>` | pollen of `alder`, `birch`, `grass`, `mugwort`, `olive`, `ragweed`, grains/m³ (Europe only) | `1.6` |
/// | `pollen_max` | the highest of the pollen kinds, grains/m³ | `1.6` |
/// | `pollen_max_kind` | which kind that is | `mugwort` |
/// | `pollen_level` | weft's band of `pollen_max`: none (< 1), low (< 10), moderate (< 50), high (< 200), very high | `low` |
/// | `time_iso` | the start of the hour the values are for, UTC | `2026-10-01T10:00:00Z` |
enum AirQualityVariables {
    /// The variables of `air` at `context`'s now, keyed without the prefix.
    static func derive(_ air: AirQualitySnapshot, context: VariableContext) -> [String: String] {
        var out: [String: String] = [
            "location": air.locationName, "provider": "Open-Meteo", "attribution": air.attribution,
            "aqi_scale": air.index.scale,
        ]
        let now = context.now
        if let sample = air.sample(at: now) {
            out["time_iso"] = ISOInstant.format(sample.time)
            if let aqi = sample.aqi(air.index) {
                out["aqi"] = whole(aqi)
                out["aqi_level"] = air.index.level(aqi)
            }
            out["aqi_eu"] = sample.europeanAQI.map(whole)
            out["aqi_us"] = sample.usAQI.map(whole)
            out["pm25"] = sample.pm25.map(concentration)
            out["pm10"] = sample.pm10.map(concentration)
            out["ozone"] = sample.ozone.map(concentration)
            out["no2"] = sample.no2.map(concentration)
            for (kind, grains) in sample.pollen { out["pollen_\(kind)"] = concentration(grains) }
            // The first kind in the API's order wins a tie, so the key does not flicker between refreshes.
            var highest: (kind: String, grains: Double)?
            for kind in AirQualityResponse.pollenKinds {
                if let grains = sample.pollen[kind], grains > highest?.grains ?? -1 { highest = (kind, grains) }
            }
            if let (kind, grains) = highest {
                out["pollen_max"] = concentration(grains)
                out["pollen_max_kind"] = kind
                out["pollen_level"] = PollenLevel.level(grains)
            }
        }
        let zone = context.viewing(recordedZone: air.timeZone).timeZone
        let today = LocalDay.containing(now, in: zone)
        let todays = air.hours.filter { LocalDay.containing($0.time, in: zone) == today }.compactMap {
            $0.aqi(air.index)
        }
        if let highest = todays.max() {
            out["aqi_today_max"] = whole(highest)
            out["aqi_today_max_level"] = air.index.level(highest)
        }
        return out
    }

    private static func whole(_ value: Double) -> String { NumberText.plain(value.rounded()) }

    private static func concentration(_ value: Double) -> String { NumberText.trimmed(value, maxDecimals: 1) }
}
