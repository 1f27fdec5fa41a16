import Foundation
import WeftRefresh

/// The Air quality card: the index now in its level's colour, today's highest hour, PM2.5, PM10, ozone and NO₂, and
/// pollen where the region has it.
struct AirQualityCard {
    var status: ProviderStatus
    /// The instance's variables without their prefix (`aqi`, `aqi_level`, `pm25`, …).
    var values: [String: String]
    var card: CardContext

    /// The keys beside `pollen_<kind>` that start the same.
    static let pollenSummary: Set<String> = ["pollen_max", "pollen_max_kind", "pollen_level"]

    /// What the `air-quality` template reads.
    private struct View {
        struct Pollen {
            var level: String
            /// `grass 0.4, mugwort 1.6 grains/m³`: the kinds in the air, nil when there are none.
            var kinds: String?
        }
        var aqi: String
        var scale: String
        var level: String?
        /// `eu-good`, `us-very-unhealthy`: the CSS class of the level's colour.
        var levelClass: String
        var todayMax: String?
        var rows: [CardEntry]
        var hasRows: Bool
        var pollen: Pollen?
        var attribution: String?
    }

    func html() -> String {
        let frame = card.frame("air", title: values["location"] ?? status.instance, status: status)
        let scale = values["aqi_scale"] ?? "eu"
        let level = values["aqi_level"]
        let measures = [("pm25", "PM2.5"), ("pm10", "PM10"), ("ozone", "O₃"), ("no2", "NO₂")]
        let rows = measures.compactMap { key, label in
            values[key].map { CardEntry(key: label, value: $0 + " µg/m³") }
        }
        // The kinds in the air; a list of zeros says less than the level beside it.
        let kinds = values.filter {
            $0.key.hasPrefix("pollen_") && !Self.pollenSummary.contains($0.key) && $0.value != "0"
        }
        .sorted { $0.key < $1.key }.map { "\($0.key.dropFirst("pollen_".count)) \($0.value)" }
        let pollen = values["pollen_level"].map { level in
            View.Pollen(level: level, kinds: kinds.isEmpty ? nil : kinds.joined(separator: ", ") + " grains/m³")
        }
        let view = View(
            aqi: values["aqi"] ?? "–", scale: scale == "us" ? "US AQI" : "European AQI", level: level,
            levelClass: level.map { "\(scale)-" + $0.replacingOccurrences(of: " ", with: "-") } ?? "none",
            todayMax: values["aqi_today_max"], rows: rows, hasRows: !rows.isEmpty, pollen: pollen,
            attribution: values["attribution"])
        return frame.html(DashboardTemplates.render(.airQuality, view))
    }
}
