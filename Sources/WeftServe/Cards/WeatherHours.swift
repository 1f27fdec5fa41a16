import Foundation
import WeftPrimitives

/// The next 24 hours as the `weather-hours` figure draws them: the temperature as a line (broken where an hour has
/// none), each hour's chance of precipitation as a bar beneath it, a condition icon and the temperature every third
/// hour, and the hours along the bottom.
struct WeatherHours {
    /// One hour of `hour<N>_*`: hour 0 holds now, hour N starts N hours after it.
    struct Hour {
        var offset: Int
        var temperature: Double?
        /// The temperature as the variable gives it, whole degrees.
        var temperatureText: String?
        var chance: Double?
        var symbol: String?
        /// Its local start, `14:00`.
        var time: String?
    }

    /// What the `weather-hours` partial reads: numbers and the board's hour labels only.
    struct View {
        struct Bar {
            var x: String
            var y: String
            var width: String
            var height: String
            var tip: String
        }
        struct Label {
            var x: String
            var y: String
            var text: String
        }
        /// A temperature every third hour: a dot on the line with the value above it.
        struct Reading {
            var x: String
            var y: String
            var textY: String
            var text: String
        }
        struct Icon {
            var label: String
            var shapes: [WeatherIcon.Shape]
            var box: Box
        }
        struct Box {
            var x: String
            var y: String
            var size: String
        }
        var width: String
        var height: String
        var count: Int
        var bars: [Bar]
        var lines: [String]
        var readings: [Reading]
        var icons: [Icon]
        var hours: [Label]
        var baseY: String
    }

    var hours: [Hour]
    /// The language of the labels and tips.
    var catalog: Catalog = .english

    static let column = 24.0
    static let iconSize = 20.0
    /// Top and bottom of the temperature line, of the bars, and the hour labels' baseline.
    static let (lineTop, lineBottom, barTop, barBottom, labelY) = (44.0, 84.0, 92.0, 120.0, 136.0)

    /// The hours of `values` (`hour0_temp` …) that have any of them; nil when fewer than two have a temperature.
    init?(values: [String: String], catalog: Catalog = .english) {
        self.catalog = catalog
        var hours: [Hour] = []
        for offset in 0..<24 {
            let hour = Hour(
                offset: offset, temperature: values["hour\(offset)_temp"].flatMap(Double.init),
                temperatureText: values["hour\(offset)_temp"],
                chance: values["hour\(offset)_precip_chance"].flatMap(Double.init),
                symbol: values["hour\(offset)_symbol"], time: values["hour\(offset)_time"])
            if hour.temperature != nil || hour.chance != nil || hour.symbol != nil { hours.append(hour) }
        }
        guard hours.count(where: { $0.temperature != nil }) >= 2 else { return nil }
        self.hours = hours
    }

    func view() -> View {
        let number = RainRibbon.number
        let last = hours.map(\.offset).max() ?? 0
        let width = Double(last + 1) * Self.column
        let temperatures = hours.compactMap(\.temperature)
        let low = temperatures.min() ?? 0
        let high = temperatures.max() ?? 0
        let x = { (offset: Int) in (Double(offset) + 0.5) * Self.column }
        let y = { (temperature: Double) -> Double in
            high > low
                ? Self.lineBottom - (temperature - low) / (high - low) * (Self.lineBottom - Self.lineTop)
                : (Self.lineTop + Self.lineBottom) / 2
        }
        // One path per run of consecutive hours with a temperature.
        var lines: [String] = []
        var run = ""
        var previous: Int?
        for hour in hours {
            guard let temperature = hour.temperature else { continue }
            let point = "\(number(x(hour.offset))) \(number(y(temperature)))"
            if let previous, previous == hour.offset - 1 {
                run += "L" + point
            } else {
                if run.contains("L") { lines.append(run) }
                run = "M" + point
            }
            previous = hour.offset
        }
        if run.contains("L") { lines.append(run) }
        let barHeight = Self.barBottom - Self.barTop
        let label = { (hour: Hour) -> String in
            hour.offset == 0 ? catalog.text("now") : hour.time ?? "+\(hour.offset) h"
        }
        let third = hours.filter { $0.offset % 3 == 0 }
        return View(
            width: number(width), height: number(Self.labelY + 4), count: last + 1,
            bars: hours.compactMap { hour in
                guard let chance = hour.chance, chance > 0 else { return nil }
                let height = min(chance, 100) / 100 * barHeight
                return View.Bar(
                    x: number(x(hour.offset) - Self.column * 0.3), y: number(Self.barBottom - height),
                    width: number(Self.column * 0.6), height: number(height),
                    tip: catalog.text(
                        "{hour}: {percent}% chance of precipitation",
                        ["hour": label(hour), "percent": RainRibbon.number(chance)]))
            },
            lines: lines,
            readings: third.compactMap { hour in
                hour.temperature.map {
                    View.Reading(
                        x: number(x(hour.offset)), y: number(y($0)), textY: number(y($0) - 7),
                        text: (hour.temperatureText ?? "") + "°")
                }
            },
            icons: third.compactMap { hour in
                hour.symbol.flatMap(WeatherIcon.init(symbol:)).map {
                    View.Icon(
                        label: $0.label, shapes: $0.shapes,
                        box: View.Box(
                            x: number(x(hour.offset) - Self.iconSize / 2), y: "0", size: number(Self.iconSize)))
                }
            },
            hours: third.map { View.Label(x: number(x($0.offset)), y: number(Self.labelY), text: label($0)) },
            baseY: number(Self.barBottom))
    }
}
