import Foundation
import WeftCore
import WeftRefresh

/// The Weather card: place, temperature and condition, feels-like, today's high and low, the next-hour rain ribbon
/// with its headline, and the hourly strip.
struct WeatherCard {
    var status: ProviderStatus
    /// The instance's variables without their prefix (`temp`, `nowcast`, …).
    var values: [String: String]
    /// The next 60 minutes re-anchored on the board's now; nil when the snapshot has none.
    var nowcast: RainMinutes?
    var card: CardContext
    /// Distinguishes this card's SVG ids from other weather cards'.
    var index: Int

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
        var icon: String?
        var temp: String
        var condition: String
        var facts: String?
        var headline: String
        var secondary: String?
        var ribbon: RenderedHTML?
        var strip: Strip?
        var attribution: String?
    }

    func html() -> String {
        let frame = card.frame("weather", title: values["location"] ?? status.instance, status: status)
        var facts: [String] = []
        if let feels = values["feels"] { facts.append("feels \(feels)°") }
        if let high = values["high"], let low = values["low"] { facts.append("H \(high)° · L \(low)°") }
        if let precip = values["precip"] { facts.append("\(precip)% precip") }
        var ribbon: RenderedHTML?
        if let nowcast, nowcast.expectedByMinute.contains(where: { $0 != nil }) {
            let drawn = RainRibbon(expected: nowcast.expectedByMinute, chance: nowcast.chanceByMinute)
            ribbon = RenderedHTML(RibbonSVG(ribbon: drawn, id: "rr\(index)", startMinute: nowcast.startMinute).html())
        }
        let view = View(
            icon: values["icon"], temp: values["temp"].map { $0 + "°" } ?? "–", condition: values["condition"] ?? "",
            facts: facts.isEmpty ? nil : facts.joined(separator: " · "),
            headline: values["nowcast"] ?? "Next-hour rain unavailable", secondary: values["nowcast_secondary"],
            ribbon: ribbon, strip: values["hourly_strip"].map { View.Strip(hours: Self.hours($0)) },
            attribution: values["attribution"])
        return frame.html(DashboardTemplates.render(.weather, view))
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
