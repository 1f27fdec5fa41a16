import Foundation

/// The next-hour rain ribbon as WidgetWeaver draws it: pure geometry, no markup.
///
/// The x axis is always the 60 minutes from now (minute m covers [m, m + 1)), so a series that ends early is never
/// stretched: the ribbon stops at the last minute the provider covered. Each wet run is its own segment, resampled
/// densely with a smooth (cosine) interpolation between minute centres and tapered to the baseline over `taper`
/// pixels at both ends, so no segment has a vertical edge. Chance is not drawn as height: it becomes each minute's
/// opacity. The cost is linear in the number of samples.
struct RainRibbon: Equatable {
    /// One wet run, drawn as a closed shape standing on the baseline.
    struct Segment: Equatable {
        /// The first wet minute.
        var startMinute: Int
        /// The minute after the last wet one.
        var endMinute: Int
        /// The outline from the baseline at the left end, along the top, down to the baseline at the right end.
        var points: [(x: Double, y: Double)]

        static func == (lhs: Segment, rhs: Segment) -> Bool {
            lhs.startMinute == rhs.startMinute && lhs.endMinute == rhs.endMinute
                && lhs.points.elementsEqual(rhs.points) { $0.x == $1.x && $0.y == $1.y }
        }
    }

    /// The drawing's width and height in pixels (user units).
    let width: Double
    let height: Double
    /// How many pixels each end of a run takes to come down to the baseline.
    static let taper = 18.0
    /// Samples per minute along a run.
    static let samplesPerMinute = 4
    /// The lowest full-height value, mm/h: a drizzle never fills the chart.
    static let minimumScale = 1.2

    /// The wet runs in time order.
    let segments: [Segment]
    /// The minutes the provider covered from now (0 when none).
    let knownMinutes: Int
    /// The full-height value, mm/h.
    let scale: Double
    /// The opacity of each minute, from its chance (1 when the chance is unknown); nil where no data.
    let opacities: [Double?]

    /// The ribbon for 60 expected intensities (mm/h, already intensity × chance with dry values 0; nil unknown) and
    /// their chances.
    init(expected: [Double?], chance: [Double?], width: Double = 600, height: Double = 110) {
        self.width = width
        self.height = height
        let minutes = Array(expected.prefix(60))
        knownMinutes = (minutes.lastIndex { $0 != nil }).map { $0 + 1 } ?? 0
        let peak = minutes.compactMap { $0 }.max() ?? 0
        scale = max(peak, Self.minimumScale)
        opacities = minutes.indices.map { minute in
            guard minutes[minute] != nil else { return nil }
            let known = minute < chance.count ? chance[minute] : nil
            // Never fully transparent: a 5 % chance is still visible as a faint ribbon.
            return known.map { 0.25 + 0.75 * min(1, max(0, $0)) } ?? 1
        }
        var segments: [Segment] = []
        var minute = 0
        while minute < minutes.count {
            guard (minutes[minute] ?? 0) > 0 else {
                minute += 1
                continue
            }
            var end = minute
            while end < minutes.count, (minutes[end] ?? 0) > 0 { end += 1 }
            segments.append(
                Self.segment(
                    values: minutes[minute..<end].map { $0 ?? 0 }, start: minute, width: width, height: height,
                    scale: scale))
            minute = end
        }
        self.segments = segments
    }

    /// The x of a minute boundary.
    func x(_ minute: Int) -> Double { Double(minute) * width / 60 }

    /// A run's outline: dense samples of a cosine interpolation between minute centres, tapered at both ends.
    private static func segment(values: [Double], start: Int, width: Double, height: Double, scale: Double) -> Segment {
        let perMinute = width / 60
        let left = Double(start) * perMinute
        let right = Double(start + values.count) * perMinute
        let count = values.count * samplesPerMinute
        // The taper is 0 at both edges, so the first and last samples are the run's feet on the baseline.
        var points: [(x: Double, y: Double)] = []
        points.reserveCapacity(count + 1)
        for sample in 0...count {
            // Position in minutes from the run's start; minute k's value sits at its centre k + 0.5.
            let position = Double(sample) / Double(samplesPerMinute)
            let centre = position - 0.5
            let lower = min(max(Int(exactly: centre.rounded(.down)) ?? 0, 0), values.count - 1)
            let upper = min(lower + 1, values.count - 1)
            let t = min(max(centre - Double(lower), 0), 1)
            let blend = (1 - cos(t * .pi)) / 2
            let value = values[lower] + (values[upper] - values[lower]) * blend
            let x = left + position * perMinute
            let edge = min(x - left, right - x)
            let taper = edge >= Self.taper ? 1 : (1 - cos(max(0, edge) / Self.taper * .pi)) / 2
            points.append((x, height - min(value / scale, 1) * height * taper))
        }
        return Segment(startMinute: start, endMinute: start + values.count, points: points)
    }

    /// A segment as SVG path data, with one decimal.
    static func pathData(_ segment: Segment) -> String {
        var out = ""
        out.reserveCapacity(segment.points.count * 12)
        for (index, point) in segment.points.enumerated() {
            out += (index == 0 ? "M" : "L") + Self.number(point.x) + " " + Self.number(point.y)
        }
        return out + "Z"
    }

    /// One decimal, no trailing `.0`.
    static func number(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        guard abs(tenths) < 1e12, let whole = Int64(exactly: tenths) else { return "0" }
        let sign = whole < 0 ? "-" : ""
        let magnitude = whole.magnitude
        return magnitude % 10 == 0 ? "\(sign)\(magnitude / 10)" : "\(sign)\(magnitude / 10).\(magnitude % 10)"
    }
}
