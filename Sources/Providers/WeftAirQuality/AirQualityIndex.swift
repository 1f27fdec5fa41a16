/// The two indices Open-Meteo gives, each with its own bands in words.
enum AirQualityIndex: String, Codable, Sendable, CaseIterable {
    /// The European Environment Agency's index (EAQI).
    case european
    /// The US EPA's index.
    case us

    /// The index's short name, as `__air_aqi_scale` shows it.
    var scale: String {
        switch self {
        case .european: "eu"
        case .us: "us"
        }
    }

    /// The band `value` falls in, in the index's own words. EAQI: good ≤ 20, fair ≤ 40, moderate ≤ 60, poor ≤ 80,
    /// very poor ≤ 100, extremely poor above (as Open-Meteo documents it). US AQI: good ≤ 50, moderate ≤ 100,
    /// unhealthy for sensitive groups ≤ 150, unhealthy ≤ 200, very unhealthy ≤ 300, hazardous above (EPA).
    func level(_ value: Double) -> String {
        let bands: [(Double, String)]
        let top: String
        switch self {
        case .european:
            bands = [(20, "good"), (40, "fair"), (60, "moderate"), (80, "poor"), (100, "very poor")]
            top = "extremely poor"
        case .us:
            bands = [
                (50, "good"), (100, "moderate"), (150, "unhealthy for sensitive groups"), (200, "unhealthy"),
                (300, "very unhealthy"),
            ]
            top = "hazardous"
        }
        // Open-Meteo gives whole numbers; a fraction counts in the band its rounded value is in.
        let rounded = value.rounded()
        return bands.first { rounded <= $0.0 }?.1 ?? top
    }
}

/// weft's pollen bands, the same for every kind (Open-Meteo gives grains/m³ and no bands): none below 1, low below
/// 10, moderate below 50, high below 200, very high from 200.
enum PollenLevel {
    /// The band of `grains` per m³.
    static func level(_ grains: Double) -> String {
        switch grains {
        case ..<1: "none"
        case ..<10: "low"
        case ..<50: "moderate"
        case ..<200: "high"
        default: "very high"
        }
    }
}
