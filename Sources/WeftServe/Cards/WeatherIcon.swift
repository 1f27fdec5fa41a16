import Foundation

/// A weather condition drawn by weft as SVG (no emoji font needed): the SF Symbols name the weather variables give
/// (`symbol`, `day<N>_symbol`, `hour<N>_symbol`) as sun, moon, cloud, drops, flakes, bolt, fog and wind shapes on a
/// 32-unit square. Each shape carries a class the style sheet colours, light and dark.
struct WeatherIcon {
    /// One filled or stroked path.
    struct Shape {
        /// `sun`, `rays`, `moon`, `star`, `cloud`, `rain`, `snow`, `hail`, `bolt`, `fog`, `wind`, `thermo`, `storm`.
        var css: String
        var d: String
    }

    /// The symbol's name, also the icon's accessible label.
    var label: String
    var shapes: [Shape]

    /// The icon for an SF Symbols name the weather variables give; nil for a name weft does not draw.
    init?(symbol: String) {
        guard let shapes = Self.shapes(symbol) else { return nil }
        label = symbol
        self.shapes = shapes
    }

    private static func shapes(_ symbol: String) -> [Shape]? {
        switch symbol {
        case "sun.max.fill": return sun(16, 16, 6.5)
        case "moon.stars.fill": return moon(15, 17, 9) + stars
        case "cloud.sun.fill": return sun(11, 11, 5) + cloud(dy: 3)
        case "cloud.moon.fill": return moon(21, 10, 6) + cloud(dy: 3)
        case "cloud.fill": return cloud(dy: 3)
        case "cloud.fog.fill": return cloud(dy: -2) + fog(from: 24)
        case "sun.haze.fill": return sun(16, 12, 5.5) + fog(from: 24)
        case "moon.haze.fill": return moon(16, 12, 7) + fog(from: 24)
        case "smoke.fill": return cloud(dy: -2) + [Shape(css: "fog", d: "M6 25q3-2 6 0t6 0 6 0M9 29q3-2 6 0t6 0")]
        case "sun.dust.fill":
            return sun(16, 12, 5.5) + [Shape(css: "fog", d: dots([(7, 25), (13, 27), (19, 25), (25, 27)]))]
        case "wind": return wind
        case "cloud.drizzle.fill": return cloud(dy: -2) + drops([(10, 24), (16, 26), (22, 24)], length: 1.5)
        case "cloud.rain.fill": return cloud(dy: -2) + drops([(11, 24), (17, 24), (23, 24)], length: 5)
        case "cloud.heavyrain.fill": return cloud(dy: -2) + drops([(9, 24), (14, 24), (19, 24), (24, 24)], length: 6)
        case "cloud.sun.rain.fill": return sun(11, 9, 4.5) + cloud(dy: -1) + drops([(13, 25), (19, 25)], length: 4)
        case "cloud.moon.rain.fill": return moon(21, 8, 5.5) + cloud(dy: -1) + drops([(13, 25), (19, 25)], length: 4)
        case "cloud.sleet.fill": return cloud(dy: -2) + drops([(11, 24), (23, 24)], length: 4) + flakes([(17, 27)])
        case "cloud.hail.fill":
            return cloud(dy: -2) + [Shape(css: "hail", d: circles([(11, 26), (17, 28), (23, 26)], r: 1.6))]
        case "cloud.snow.fill": return cloud(dy: -2) + flakes([(10, 26), (17, 28), (24, 26)])
        case "wind.snow": return wind + flakes([(9, 27), (17, 29)])
        case "cloud.bolt.rain.fill":
            return cloud(dy: -2) + drops([(9, 24), (24, 24)], length: 4)
                + [Shape(css: "bolt", d: "M17.5 21l-4.5 6h3.5l-2 5 6-7h-3.5l2-4z")]
        case "thermometer.sun.fill": return thermometer + sun(24, 9, 4)
        case "thermometer.snowflake": return thermometer + flakes([(24, 10)], size: 4)
        case "tropicalstorm", "hurricane":
            return [
                Shape(
                    css: "storm",
                    d: "M16 6a10 10 0 0 0-9.5 7A10 10 0 0 1 16 9a7 7 0 1 1 0 14 10 10 0 0 0 9.5-7A10 10 0 0 1 16 23"
                        + "a7 7 0 1 1 0-14M16 12.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 1 0 0-7z")
            ]
        default: return nil
        }
    }

    private static let number = RainRibbon.number

    /// A disc of radius `r` at (`x`, `y`) with eight rays around it.
    private static func sun(_ x: Double, _ y: Double, _ r: Double) -> [Shape] {
        let rays = (0..<8).map { index -> String in
            let angle = Double(index) * .pi / 4
            let (inner, outer) = (r + 2, r + 4.5)
            return "M\(number(x + inner * cos(angle))) \(number(y + inner * sin(angle)))"
                + "L\(number(x + outer * cos(angle))) \(number(y + outer * sin(angle)))"
        }
        return [Shape(css: "rays", d: rays.joined()), Shape(css: "sun", d: circles([(x, y)], r: r))]
    }

    /// A crescent of radius `r` at (`x`, `y`), open to the upper right.
    private static func moon(_ x: Double, _ y: Double, _ r: Double) -> [Shape] {
        let start = (x + r * cos(-.pi / 3), y + r * sin(-.pi / 3))
        let end = (x + r * cos(.pi / 8), y + r * sin(.pi / 8))
        let d =
            "M\(number(start.0)) \(number(start.1))A\(number(r)) \(number(r)) 0 1 0 \(number(end.0)) \(number(end.1))"
            + "A\(number(r * 0.75)) \(number(r * 0.75)) 0 0 1 \(number(start.0)) \(number(start.1))z"
        return [Shape(css: "moon", d: d)]
    }

    private static let stars = [
        Shape(
            css: "star", d: "M25 5l1 2 2 1-2 1-1 2-1-2-2-1 2-1zM27 14l.6 1.4 1.4.6-1.4.6-.6 1.4-.6-1.4-1.4-.6 1.4-.6z")
    ]

    /// The cloud, moved down by `dy` from its place above the precipitation.
    private static func cloud(dy: Double) -> [Shape] {
        let y = { (value: Double) in number(value + dy) }
        let d =
            "M9.5 \(y(21))h14a4.5 4.5 0 0 0 .4-9A7 7 0 0 0 10.6 \(y(11.2))A5 5 0 0 0 9.5 \(y(21))z"
        return [Shape(css: "cloud", d: d)]
    }

    /// Slanted strokes of `length` from each point.
    private static func drops(_ points: [(Double, Double)], length: Double) -> [Shape] {
        let d = points.map { "M\(number($0.0)) \(number($0.1))l\(number(-length * 0.35)) \(number(length))" }
        return [Shape(css: "rain", d: d.joined())]
    }

    /// Six-pointed flakes of `size` across at each point.
    private static func flakes(_ points: [(Double, Double)], size: Double = 3.2) -> [Shape] {
        let d = points.map { point in
            (0..<3).map { index -> String in
                let angle = Double(index) * .pi / 3 + .pi / 2
                let dx = size / 2 * cos(angle)
                let dy = size / 2 * sin(angle)
                return "M\(number(point.0 - dx)) \(number(point.1 - dy))l\(number(2 * dx)) \(number(2 * dy))"
            }.joined()
        }
        return [Shape(css: "snow", d: d.joined())]
    }

    /// Three horizontal lines from `y` down.
    private static func fog(from y: Double) -> [Shape] {
        [Shape(css: "fog", d: "M6 \(number(y))h20M9 \(number(y + 3.5))h17M6 \(number(y + 7))h14")]
    }

    private static let wind = [
        Shape(css: "wind", d: "M4 12h15a3.5 3.5 0 1 0-3.5-3.5M4 17h21a3.5 3.5 0 1 1-3.5 3.5M4 22h10a3 3 0 1 1-3 3")
    ]

    private static let thermometer = [
        Shape(css: "thermo", d: "M10 20V7a3 3 0 0 1 6 0v13a5 5 0 1 1-6 0zM13 11v12")
    ]

    /// Full circles of radius `r`.
    private static func circles(_ points: [(Double, Double)], r: Double) -> String {
        points.map { point in
            "M\(number(point.0 - r)) \(number(point.1))a\(number(r)) \(number(r)) 0 1 0 \(number(2 * r)) 0"
                + "a\(number(r)) \(number(r)) 0 1 0 \(number(-2 * r)) 0z"
        }.joined()
    }

    /// Small dots (round-capped zero-length strokes).
    private static func dots(_ points: [(Double, Double)]) -> String {
        points.map { "M\(number($0.0)) \(number($0.1))h.01" }.joined()
    }
}
