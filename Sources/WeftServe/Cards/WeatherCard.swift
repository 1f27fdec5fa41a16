import Foundation
import WeftCore
import WeftPrimitives
import WeftRefresh

/// The Weather card: an alert banner in its severity's colour, place, temperature and condition with weft's own
/// icon, feels-like, today's high and low, the next-hour rain ribbon with its headline, the next 24 hours (a
/// temperature line over precipitation-chance bars), the days ahead, and sun, wind, UV and air quality.
///
/// Each part shows only when its variables are there: a snapshot or service without them draws the card as before.
struct WeatherCard {
    var status: ProviderStatus
    /// The instance's variables without their prefix (`temp`, `nowcast`, …).
    var values: [String: String]
    /// The next 60 minutes re-anchored on the board's now; nil when the snapshot has none.
    var nowcast: RainMinutes?
    var card: CardContext
    /// Distinguishes this card's SVG ids from other weather cards'.
    var index: Int
    /// The board's first air-quality instance's variables without their prefix (`aqi`, `aqi_level`), for the AQI
    /// item; empty when there is none.
    var air: [String: String] = [:]

    /// The alert severities, each with its colour in the style sheet.
    static let severities: Set<String> = ["minor", "moderate", "severe", "extreme"]
    /// The WHO UV bands, as `uv_level` names them, each with its colour.
    static let uvLevels: Set<String> = ["low", "moderate", "high", "very high", "extreme"]

    /// What the `weather` template reads.
    private struct View {
        struct Strip {
            var hours: [Hour]
        }
        struct Hour {
            var hour: String
            var chance: String
            var temperature: String
        }
        struct Alert {
            var severity: String
            var title: String
            var until: String?
            var more: String?
            var regions: String?
            var link: String?
        }
        struct Days {
            var list: [Day]
        }
        struct Details {
            var list: [Detail]
        }
        struct Day {
            var weekday: String
            var dayIcon: WeatherIcon?
            var high: String
            var low: String
            var chance: String?
            var tip: String
        }
        struct Detail {
            var css: String
            var name: String
            var value: String
            var note: String?
            var arrow: Arrow?
        }
        /// An arrow pointing where the wind blows to.
        struct Arrow {
            var degrees: String
        }
        var alert: Alert?
        var nowIcon: WeatherIcon?
        var temp: String
        var condition: String
        var facts: String?
        var headline: String
        var secondary: String?
        var ribbon: RenderedHTML?
        var strip: Strip?
        var chart: WeatherHours.View?
        var days: Days?
        var details: Details?
        var attribution: String?
    }

    func html() -> String {
        let catalog = card.catalog
        var facts: [String] = []
        if let feels = values["feels"] { facts.append(catalog.text("feels {temperature}°", ["temperature": feels])) }
        if let high = values["high"], let low = values["low"] {
            facts.append(catalog.text("H {high}° · L {low}°", ["high": high, "low": low]))
        }
        if let precip = values["precip"] { facts.append(catalog.text("{percent}% precip", ["percent": precip])) }
        var ribbon: RenderedHTML?
        if let nowcast, nowcast.expectedByMinute.contains(where: { $0 != nil }) {
            let drawn = RainRibbon(expected: nowcast.expectedByMinute, chance: nowcast.chanceByMinute)
            ribbon = RenderedHTML(
                RibbonSVG(ribbon: drawn, id: "rr\(index)", startMinute: nowcast.startMinute, catalog: catalog).html())
        }
        let chart = WeatherHours(values: values, catalog: catalog)
        let days = days()
        let view = View(
            alert: alert(), nowIcon: values["symbol"].flatMap(WeatherIcon.init(symbol:)),
            temp: values["temp"].map { $0 + "°" } ?? "–", condition: values["condition"] ?? "",
            facts: facts.isEmpty ? nil : facts.joined(separator: " · "),
            headline: values["nowcast"] ?? catalog.text("Next-hour rain unavailable"),
            secondary: values["nowcast_secondary"],
            ribbon: ribbon,
            // The 24-hour figure replaces the six-hour row when the hours are there.
            strip: chart == nil ? values["hourly_strip"].map { View.Strip(hours: Self.hours($0)) } : nil,
            chart: chart?.view(), days: days.isEmpty ? nil : View.Days(list: days),
            details: details().map(View.Details.init(list:)),
            attribution: values["attribution"])
        let frame = card.frame(
            "weather", title: values["location"] ?? status.instance, status: status, wide: chart != nil || !days.isEmpty
        )
        return frame.html(DashboardTemplates.render(.weather, view))
    }

    /// The first alert, when `alert_title` is there: its severity (one of ``severities``, else `unknown`), until
    /// when (as `alert_until` words it), how many more, where, and its link when that is a web address.
    private func alert() -> View.Alert? {
        guard let title = values["alert_title"], !title.isEmpty else { return nil }
        let severity = values["alert_severity"].map { $0.lowercased() }
        let more = values["alert_count"].flatMap(Int.init).map { $0 - 1 } ?? 0
        let link = values["alert_url"].flatMap { url in
            ["https://", "http://"].contains { url.lowercased().hasPrefix($0) } ? url : nil
        }
        return View.Alert(
            severity: severity.flatMap { Self.severities.contains($0) ? $0 : nil } ?? "unknown", title: title,
            until: values["alert_until"].map { card.catalog.text("until {time}", ["time": $0]) },
            more: more > 0 ? card.catalog.text("+{count} more", ["count": String(more)]) : nil,
            regions: values["alert_regions"], link: link)
    }

    /// `day0_*` … `day6_*`, each day that has a high or a low.
    private func days() -> [View.Day] {
        (0..<7).compactMap { number in
            let key = { (name: String) in values["day\(number)_\(name)"] }
            guard key("high") != nil || key("low") != nil else { return nil }
            let weekday =
                number == 0 ? card.catalog.text("Today") : key("weekday_short") ?? key("weekday") ?? "+\(number) d"
            let chance = key("precip_chance").flatMap { (Double($0) ?? 0) > 0 ? $0 + "%" : nil }
            var tip = [weekday, key("condition")].compactMap { $0 }
            if let millimetres = key("precip_mm"), Double(millimetres) ?? 0 > 0 { tip.append("\(millimetres) mm") }
            return View.Day(
                weekday: weekday, dayIcon: key("symbol").flatMap(WeatherIcon.init(symbol:)),
                high: key("high").map { $0 + "°" } ?? "–", low: key("low").map { $0 + "°" } ?? "–", chance: chance,
                tip: tip.joined(separator: " · "))
        }
    }

    /// Sunrise, sunset, wind, UV and AQI, each when its variables are there.
    private func details() -> [View.Detail]? {
        let catalog = card.catalog
        var details: [View.Detail] = []
        let daylight = values["daylight"].map { catalog.text("{duration} of daylight", ["duration": $0]) }
        if let sunrise = values["sunrise"] {
            details.append(View.Detail(css: "sunrise", name: catalog.text("Sunrise"), value: sunrise))
        }
        if let sunset = values["sunset"] {
            details.append(View.Detail(css: "sunset", name: catalog.text("Sunset"), value: sunset, note: daylight))
        }
        if values["sunrise"] == nil,
            let polar = values["sun_polar"].flatMap({
                ["day": catalog.text("polar day"), "night": catalog.text("polar night")][$0]
            })
        {
            details.append(View.Detail(css: "sun", name: catalog.text("Sun"), value: polar, note: daylight))
        }
        if let speed = values["wind_speed"] {
            var note = [
                values["wind_compass"], values["wind_gust"].map { catalog.text("gusts {speed}", ["speed": $0]) },
            ]
            .compactMap { $0 }
            if let beaufort = values["wind_beaufort"] { note.append("Bft " + beaufort) }
            let arrow = values["wind_direction"].flatMap(Double.init).map {
                // The variable is where the wind comes from; the arrow points where it blows to.
                View.Arrow(degrees: RainRibbon.number(($0 + 180).truncatingRemainder(dividingBy: 360)))
            }
            details.append(
                View.Detail(
                    css: "wind", name: catalog.text("Wind"),
                    value: [speed, values["wind_unit"]].compactMap { $0 }.joined(separator: " "),
                    note: note.isEmpty ? nil : note.joined(separator: " · "), arrow: arrow))
        }
        if let uv = values["uv_index"] {
            let level = values["uv_level"]
            let css = level.map { $0.lowercased() }.flatMap { Self.uvLevels.contains($0) ? $0 : nil }
            details.append(
                View.Detail(
                    css: "uv" + (css.map { " uv-" + $0.replacingOccurrences(of: " ", with: "-") } ?? ""),
                    name: catalog.text("UV"),
                    value: uv, note: level))
        }
        if let aqi = air["aqi"] {
            details.append(View.Detail(css: "aqi", name: "AQI", value: aqi, note: air["aqi_level"]))
        }
        return details.isEmpty ? nil : details
    }

    /// `10 85% 33 · 11 — 35` as a row of hours: hour, chance, temperature.
    private static func hours(_ text: String) -> [View.Hour] {
        text.components(separatedBy: " · ").compactMap { item in
            let parts = item.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3 else { return nil }
            return View.Hour(hour: parts[0], chance: parts[1], temperature: parts[2])
        }
    }
}
