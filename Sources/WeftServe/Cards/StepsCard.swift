import Foundation
import WeftCore
import WeftPrimitives
import WeftRefresh

/// The Steps card: today against the goal as a ring, streak, 7- and 30-day averages, best day, the activity figures
/// when an export carries them, and the Steps History (this year's heatmap, this month's calendar).
struct StepsCard {
    var status: ProviderStatus
    /// The instance's variables without their prefix (`today`, `goal_today`, …).
    var values: [String: String]
    /// `__activity_*` variables without their prefix, when present.
    var activity: [String: String]
    /// The past year's heatmap and this month's calendar, when the snapshot could be read.
    var figures: CardFigures?
    /// Today in the steps' zone.
    var today: Int64
    var now: Date

    func html() -> String {
        let frame = CardFrame(kind: "steps", title: "Steps", status: status, now: now, wide: true)
        var body = "<div class=\"stepsTop\">"
        let steps = values["today"].flatMap { Int($0) }
        let goal = values["goal_today"].flatMap { Int($0) }
        body += Self.ring(steps: steps ?? 0, goal: goal ?? 0)
        body += "<dl class=\"facts\">"
        func fact(_ label: String, _ value: String?) {
            guard let value else { return }
            body += "<div><dt>\(HTML.escape(label))</dt><dd>\(HTML.escape(value))</dd></div>"
        }
        fact("Streak", values["streak"].map { $0 == "1" ? "1 day" : "\($0) days" })
        fact("7-day average", values["avg_7"].flatMap { Int($0) }.map(CardText.grouped))
        fact("30-day average", values["avg_30"].flatMap { Int($0) }.map(CardText.grouped))
        if let best = values["best_day"].flatMap({ Int($0) }) {
            let date = values["best_day_date"].flatMap(LocalDay.parse).map { " · " + CardText.day($0) }
            fact("Best day", CardText.grouped(best) + (date ?? ""))
        }
        fact("Distance", activity["distance_km"].map { $0 + " km" })
        fact("Flights", activity["flights_today"])
        fact("Active energy", activity["active_energy_kcal"].map { $0 + " kcal" })
        body += "</dl></div>\n"
        if let grid = figures?.pastYear, let monthGrid = figures?.month {
            let (year, month, _) = CivilDate.civil(fromDays: today)
            body += "<div class=\"history\"><figure class=\"year\"><figcaption>Past year</figcaption>"
            body += HeatmapSVG(grid: grid, today: today).year() + "</figure>"
            body += "<figure class=\"cal\"><figcaption>\(CardText.monthTitle(year: year, month: month))</figcaption>"
            body += HeatmapSVG(grid: monthGrid, today: today).month() + "</figure></div>\n"
            body += Self.legend
        }
        return frame.html(body)
    }

    /// The shades' meaning.
    static let legend =
        "<p class=\"legend\"><span><svg viewBox=\"0 0 10 10\"><rect class=\"day nodata\" width=\"10\" height=\"10\" "
        + "rx=\"2\"/></svg>no data</span>"
        + [("l1", "< 25%"), ("l2", "25–50%"), ("l3", "50–99%"), ("l4", "goal met")].map {
            "<span><svg viewBox=\"0 0 10 10\"><rect class=\"day \($0.0)\" width=\"10\" height=\"10\" rx=\"2\"/></svg>"
                + "\($0.1)</span>"
        }.joined() + "</p>\n"

    /// The goal ring: a circle whose arc is today's share of the goal, the count in the middle.
    static func ring(steps: Int, goal: Int) -> String {
        let radius = 42.0
        let circumference = 2 * Double.pi * radius
        let fraction = goal > 0 ? min(1, Double(steps) / Double(goal)) : 0
        let dash = RainRibbon.number(circumference * fraction)
        let met = goal > 0 && steps >= goal
        var svg =
            "<svg class=\"ring\(met ? " met" : "")\" viewBox=\"0 0 100 100\" role=\"img\" "
            + "aria-label=\"\(CardText.grouped(steps)) of \(CardText.grouped(goal)) steps\">"
        svg += "<circle class=\"track\" cx=\"50\" cy=\"50\" r=\"42\"/>"
        svg +=
            "<circle class=\"arc\" cx=\"50\" cy=\"50\" r=\"42\" stroke-dasharray=\"\(dash) "
            + "\(RainRibbon.number(circumference))\" transform=\"rotate(-90 50 50)\"/>"
        svg += "<text class=\"big\" x=\"50\" y=\"50\" text-anchor=\"middle\">\(CardText.grouped(steps))</text>"
        let percent =
            goal > 0 ? "\(Int(exactly: (fraction * 100).rounded(.down)) ?? 0)% of \(CardText.grouped(goal))" : "no goal"
        svg += "<text class=\"small\" x=\"50\" y=\"66\" text-anchor=\"middle\">\(percent)</text>"
        return svg + "</svg>"
    }
}
