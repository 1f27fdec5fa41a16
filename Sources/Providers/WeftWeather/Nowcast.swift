import Foundation
import WeftPrimitives

/// The next 60 minutes of precipitation, re-anchored on a render's `now`, with the wording VARIABLES.md fixes.
public struct Nowcast: Sendable, Equatable {
    /// Expected intensities below this many mm/h count as dry.
    public static let wetThreshold = 0.005
    /// Peak chances below this are worded as `N% chance`.
    static let lowChance = 0.35

    /// Intensity (mm/h, as the provider gave it) for minute k = now + k; nil where the provider said nothing.
    let intensityByMinute: [Double?]
    /// Chance (0–1) for each minute; nil where unknown (always for MET Norway).
    public let chanceByMinute: [Double?]
    /// Expected intensity (intensity × chance, chance 1 when unknown), with sub-threshold values set to 0.
    public let expectedByMinute: [Double?]

    /// Buckets a provider's series into the 60 minutes from `now` truncated to the minute.
    public init(series: MinuteSeries?, now: Date) {
        var intensity = [Double?](repeating: nil, count: 60)
        var chance = [Double?](repeating: nil, count: 60)
        if let series {
            let nowMinute = (now.timeIntervalSince1970 / 60).rounded(.down) * 60
            // Floor indexing from the provider's start, then shifted so minute 0 is the render's minute.
            // Minutes are clamped to ±100 years, so a stored date or step far out cannot overflow the maths below.
            let span = 100 * 366 * 1440
            let offset = CheckedNumber.clamped(
                (nowMinute - series.forecastStart.timeIntervalSince1970) / 60, to: -span...span, rounding: .down)
            for point in series.points {
                let first = CheckedNumber.clamped(
                    point.date.timeIntervalSince(series.forecastStart) / 60, to: -span...span, rounding: .down)
                guard first >= 0 else { continue }
                let covered = min(max(1, point.step / 60), span)
                let lower = max(first, offset)
                let upper = min(first + covered, offset + 60)
                guard lower < upper else { continue }
                for providerMinute in lower..<upper {
                    let minute = providerMinute - offset
                    intensity[minute] = max(0, point.intensity)
                    chance[minute] = point.chance.map { min(1, max(0, $0)) }
                }
            }
        }
        self.intensityByMinute = intensity
        self.chanceByMinute = chance
        self.expectedByMinute = zip(intensity, chance).map { value, chance in
            guard let value else { return nil }
            let expected = value * (chance ?? 1)
            return expected < Self.wetThreshold ? 0 : expected
        }
    }

    /// Whether the series covers now: minute 0 (or minute 1, when the provider starts at the next whole minute).
    var isAvailable: Bool { expectedByMinute[0] != nil || expectedByMinute[1] != nil }

    /// The first wet minute.
    public var startMinute: Int? {
        guard isAvailable else { return nil }
        return expectedByMinute.firstIndex { ($0 ?? 0) > 0 }
    }

    /// The last wet minute.
    var endMinute: Int? {
        guard isAvailable else { return nil }
        return expectedByMinute.lastIndex { ($0 ?? 0) > 0 }
    }

    /// The last minute the provider covered.
    public var lastKnownMinute: Int? { expectedByMinute.lastIndex { $0 != nil } }

    /// The largest expected intensity over the hour, mm/h.
    var peakIntensity: Double? {
        guard isAvailable else { return nil }
        return expectedByMinute.compactMap { $0 }.max()
    }

    /// The largest known chance over the hour, 0–1.
    var peakChance: Double? {
        guard isAvailable else { return nil }
        return chanceByMinute.compactMap { $0 }.max()
    }

    /// The expected total over the known minutes, mm.
    var totalMillimetres: Double? {
        guard isAvailable else { return nil }
        return expectedByMinute.compactMap { $0 }.reduce(0, +) / 60
    }

    /// The headline, e.g. `Rain in 12m`; `current` speaks when the series is missing or stale.
    func headline(current: CurrentConditions?, catalog: Catalog = .english) -> String {
        guard isAvailable else {
            return current?.condition.isRain == true
                ? catalog.text("Rain now") : catalog.text("Next-hour rain unavailable")
        }
        guard let start = startMinute else { return catalog.text("No rain next hour") }
        if start <= 1 { return catalog.text("Rain now") }
        return start < 60 ? catalog.text("Rain in {count}m", ["count": String(start)]) : catalog.text("Rain later")
    }

    /// The second line, e.g. `Ends in 34m`; nil when there is nothing to add.
    func secondary(current: CurrentConditions?, catalog: Catalog = .english) -> String? {
        guard isAvailable else {
            guard let current, current.condition.isRain else { return nil }
            if let rate = current.precipitationIntensity, rate >= Self.wetThreshold {
                return Self.intensityLabel(rate, catalog: catalog)
            }
            return current.condition.name(in: catalog)
        }
        let peak = peakIntensity ?? 0
        guard let start = startMinute, let end = endMinute else {
            if let chance = peakChance, chance >= Self.lowChance {
                return catalog.text("{percent}% chance of rain", ["percent": String(Self.percent(chance))])
            }
            return nil
        }
        if start <= 1 {
            if end <= 1 { return catalog.text("Ending now") }
            // Rain that lasts to the end of the known data has no known end (WidgetWeaver said `Ends in 59m`).
            if let last = lastKnownMinute, end < last {
                return catalog.text("Ends in {count}m", ["count": String(end)])
            }
            return Self.intensityLabel(peak, catalog: catalog)
        }
        if let chance = peakChance, chance < Self.lowChance {
            return catalog.text("{percent}% chance", ["percent": String(Self.percent(chance))])
        }
        return Self.intensityLabel(peak, catalog: catalog)
    }

    /// Headline and secondary joined by ` · `.
    func summary(current: CurrentConditions?, catalog: Catalog = .english) -> String {
        let head = headline(current: current, catalog: catalog)
        return secondary(current: current, catalog: catalog).map { "\(head) · \($0)" } ?? head
    }

    /// The words for an expected intensity in mm/h.
    static func intensityLabel(_ mmPerHour: Double, catalog: Catalog = .english) -> String {
        switch mmPerHour {
        case ..<0.005: catalog.text("No rain")
        case ..<0.05: catalog.text("Light drizzle")
        case ..<0.25: catalog.text("Drizzle")
        case ..<1.2: catalog.text("Light rain")
        case ..<3.5: catalog.text("Moderate rain")
        case ..<10: catalog.text("Heavy rain")
        default: catalog.text("Very heavy rain")
        }
    }

    /// 60 comma-separated expected intensities with 2 decimals; an unknown minute is an empty field.
    var seriesText: String {
        expectedByMinute.map { $0.map { NumberText.fixed($0, places: 2) } ?? "" }.joined(separator: ",")
    }

    /// A sparkline on a fixed scale (so drizzle never looks like a downpour): `▁` dry, `█` ≥ 10 mm/h, space unknown.
    var spark: String {
        let steps: [(Double, Character)] = [
            (0.05, "▂"), (0.25, "▃"), (1.2, "▄"), (2.4, "▅"), (3.5, "▆"), (10, "▇"),
        ]
        return String(
            expectedByMinute.map { value -> Character in
                guard let value else { return " " }
                if value <= 0 { return "▁" }
                return steps.first { value < $0.0 }?.1 ?? "█"
            })
    }

    /// A 0–1 chance as a whole percentage.
    static func percent(_ fraction: Double) -> Int {
        CheckedNumber.clamped(fraction * 100, to: 0...100, rounding: .toNearestOrAwayFromZero)
    }
}
