import Foundation

/// Saved API responses normalised with no network: what `weft weather parse` runs for bug reports.
public enum SavedResponse {
    /// The `type` names a saved response can be parsed as.
    public static let types = [OpenMeteoAPI.type, METNorwayAPI.type, PirateWeatherAPI.type, WeatherKitAPI.type]

    /// Parses `bodies` as `type` would at `now`; nil when `type` is not a weather type.
    ///
    /// MET Norway takes a nowcast and/or a locationforecast body, told apart by the nowcast's `radar_coverage`, and
    /// a MetAlerts body (a GeoJSON `FeatureCollection`).
    public static func snapshot(type: String, bodies: [Data], now: Date, timeZone: TimeZone) throws(WeatherError)
        -> WeatherSnapshot?
    {
        let settings = WeatherSettings(name: "saved response", latitude: 0, longitude: 0, timeZone: timeZone)
        func parse<API: WeatherAPI>(_ api: API, _ bodies: [Data]) throws(WeatherError) -> WeatherSnapshot {
            try api.snapshot(from: bodies.map { .fresh($0) }, previous: nil, now: now)
        }
        switch type {
        case OpenMeteoAPI.type: return try parse(OpenMeteoAPI(settings: settings), bodies)
        case PirateWeatherAPI.type: return try parse(PirateWeatherAPI(settings: settings, apiKey: ""), bodies)
        case WeatherKitAPI.type: return try parse(WeatherKitAPI(settings: settings, signer: nil), bodies)
        case METNorwayAPI.type:
            let marker = Data("\"radar_coverage\"".utf8)
            let alertsMarker = Data("\"FeatureCollection\"".utf8)
            let alerts = bodies.first { $0.range(of: alertsMarker) != nil }
            let rest = bodies.filter { $0.range(of: alertsMarker) == nil }
            let nowcast = rest.first { $0.range(of: marker) != nil }
            let forecast = rest.first { $0.range(of: marker) == nil }
            var weather = try METNorwayAPI(settings: settings).parse(nowcast: nowcast, forecast: forecast, now: now)
            if let alerts { weather.alerts = try METNorwayAPI.alerts(fromMetAlerts: alerts, now: now) }
            return weather
        default: return nil
        }
    }
}
