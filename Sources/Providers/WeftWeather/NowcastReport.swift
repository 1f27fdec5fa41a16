import Foundation
import WeftPrimitives

/// The next 60 minutes of a weather snapshot as `weft weather nowcast` shows them: a chart or JSON.
public struct NowcastReport: Sendable {
    /// The minutes from the render's now.
    let nowcast: Nowcast
    /// The provider's own start of the series, when it sent one.
    let forecastStart: Date?
    /// The render's now.
    public let now: Date
    /// The headline, e.g. `Rain in 12m`.
    let headline: String
    /// The second line, e.g. `Ends in 34m`.
    let secondary: String?

    /// Re-anchors `weather`'s series on `now`.
    public init(_ weather: WeatherSnapshot, now: Date) {
        nowcast = Nowcast(series: weather.minutes, now: now)
        forecastStart = weather.minutes?.forecastStart
        self.now = now
        headline = nowcast.headline(current: weather.current)
        secondary = nowcast.secondary(current: weather.current)
    }

    /// One minute in the JSON form.
    struct Minute: Encodable {
        var intensity: Double
        var chance: Double?
        var expected: Double

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(intensity, forKey: .intensity)
            // An unknown chance is written as null rather than left out, so every entry has the same keys.
            try container.encode(chance, forKey: .chance)
            try container.encode(expected, forKey: .expected)
        }

        enum CodingKeys: String, CodingKey { case intensity, chance, expected }
    }

    struct Document: Encodable {
        var forecastStart: String
        var providerStart: String?
        var now: String
        var headline: String
        var secondary: String?
        var minutes: [Minute?]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(forecastStart, forKey: .forecastStart)
            try container.encode(providerStart, forKey: .providerStart)
            try container.encode(now, forKey: .now)
            try container.encode(headline, forKey: .headline)
            try container.encode(secondary, forKey: .secondary)
            try container.encode(minutes, forKey: .minutes)
        }

        enum CodingKeys: String, CodingKey {
            case forecastStart = "forecast_start"
            case providerStart = "provider_forecast_start"
            case now, headline, secondary, minutes
        }
    }

    /// `{"forecast_start", "provider_forecast_start", "now", "headline", "secondary", "minutes": [60 × {"intensity",
    /// "chance", "expected"} | null]}` with intensities in mm/h and chances 0–1. `forecast_start` is minute 0 of
    /// `minutes` (now, to the minute: the series is re-anchored on now); the provider's own start is kept beside it.
    public func json() throws -> String {
        let minutes = (0..<60).map { minute -> Minute? in
            guard let intensity = nowcast.intensityByMinute[minute], let expected = nowcast.expectedByMinute[minute]
            else { return nil }
            return Minute(
                intensity: Self.rounded(intensity), chance: nowcast.chanceByMinute[minute].map(Self.rounded),
                expected: Self.rounded(expected))
        }
        let minuteZero = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
        let document = Document(
            forecastStart: ISOInstant.format(minuteZero), providerStart: forecastStart.map { ISOInstant.format($0) },
            now: ISOInstant.format(now), headline: headline, secondary: secondary, minutes: minutes)
        return try JSONText.text(document)
    }

    /// Rows of the chart, each a quarter of the peak.
    static let rows = 4
    static let blocks: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The headline and secondary line, four rows of block characters scaled to the peak expected intensity (one
    /// column per minute; `·` marks a minute the provider said nothing about) and a minute axis.
    public func chart() -> String {
        var lines = [secondary.map { "\(headline) · \($0)" } ?? headline]
        let peak = nowcast.expectedByMinute.compactMap { $0 }.max() ?? 0
        guard nowcast.isAvailable else { return lines.joined(separator: "\n") + "\n" }
        let label = peak > 0 ? NumberText.fixed(peak, places: 1) + " mm/h" : "dry"
        let gutter = max(label.count, 4)
        for row in (0..<Self.rows).reversed() {
            var line = ""
            for value in nowcast.expectedByMinute {
                guard let value else {
                    line.append(row == 0 ? "·" : " ")
                    continue
                }
                let eighths =
                    peak > 0
                    ? CheckedNumber.clamped(
                        value / peak * Double(Self.rows * 8), to: 0...(Self.rows * 8),
                        rounding: .toNearestOrAwayFromZero)
                    : 0
                // Any rain at all shows at least a sliver, however small against the peak.
                let filled = value > 0 && eighths == 0 && row == 0 ? 1 : eighths - row * 8
                line.append(Self.blocks[min(8, max(0, filled))])
            }
            let side = row == Self.rows - 1 ? label : ""
            lines.append(String(repeating: " ", count: gutter - side.count) + side + " │" + line)
        }
        var axis = String(repeating: " ", count: gutter) + " └"
        var ticks = String(repeating: " ", count: gutter + 2)
        for minute in 0..<60 {
            axis.append(minute % 10 == 0 ? "┬" : "─")
        }
        for minute in stride(from: 0, to: 60, by: 10) {
            let text = String(minute)
            ticks += text + String(repeating: " ", count: 10 - text.count)
        }
        lines.append(axis)
        lines.append(ticks + "min")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}
