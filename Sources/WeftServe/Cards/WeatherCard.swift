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
    var now: Date
    /// Distinguishes this card's SVG ids from other weather cards'.
    var index: Int

    func html() -> String {
        let frame = CardFrame(kind: "weather", title: values["location"] ?? status.instance, status: status, now: now)
        var body = "<div class=\"now\">"
        if let icon = values["icon"] { body += "<span class=\"icon\" aria-hidden=\"true\">\(HTML.escape(icon))</span>" }
        body += "<span class=\"temp\">\(HTML.escape(values["temp"].map { $0 + "°" } ?? "–"))</span>"
        body += "<span class=\"cond\">\(HTML.escape(values["condition"] ?? ""))"
        var facts: [String] = []
        if let feels = values["feels"] { facts.append("feels \(feels)°") }
        if let high = values["high"], let low = values["low"] { facts.append("H \(high)° · L \(low)°") }
        if let precip = values["precip"] { facts.append("\(precip)% precip") }
        if !facts.isEmpty { body += "<small>\(HTML.escape(facts.joined(separator: " · ")))</small>" }
        body += "</span></div>\n"
        body +=
            "<p class=\"headline\"><strong>\(HTML.escape(values["nowcast"] ?? "Next-hour rain unavailable"))</strong>"
        if let secondary = values["nowcast_secondary"] {
            body += " <span class=\"muted\">\(HTML.escape(secondary))</span>"
        }
        body += "</p>\n"
        if let nowcast, nowcast.expectedByMinute.contains(where: { $0 != nil }) {
            let ribbon = RainRibbon(expected: nowcast.expectedByMinute, chance: nowcast.chanceByMinute)
            body += RibbonSVG(ribbon: ribbon, id: "rr\(index)", startMinute: nowcast.startMinute).html() + "\n"
        }
        if let strip = values["hourly_strip"] { body += Self.strip(strip) }
        if let attribution = values["attribution"] {
            body += "<p class=\"fine\">\(HTML.escape(attribution))</p>\n"
        }
        return frame.html(body)
    }

    /// `10 85% 33 · 11 — 35` as a row of hours: hour, chance, temperature.
    static func strip(_ text: String) -> String {
        var out = "<ol class=\"hours\">"
        for item in text.components(separatedBy: " · ") {
            let parts = item.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3 else { continue }
            out +=
                "<li><span class=\"h\">\(HTML.escape(parts[0]))</span><span class=\"t\">\(HTML.escape(parts[2]))°</span>"
                + "<span class=\"p\">\(HTML.escape(parts[1]))</span></li>"
        }
        return out + "</ol>\n"
    }
}
