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
    /// The board, in the steps' zone.
    var card: CardContext

    /// What the `steps` template reads.
    private struct View {
        struct History {
            var year: RenderedHTML
            var monthTitle: String
            var month: RenderedHTML
            var pastYear: String
            var noData: String
            var goalMet: String
        }
        var ring: RenderedHTML
        var facts: [CardEntry]
        var history: History?
    }

    /// What the `steps-ring` template reads.
    private struct Ring {
        var met: Bool
        var steps: String
        var goal: String
        var dash: String
        var circumference: String
        var share: String
    }

    func html() -> String {
        let catalog = card.catalog
        let frame = card.frame("steps", title: catalog.text("Steps"), status: status, wide: true)
        let today = card.today
        let steps = values["today"].flatMap { Int($0) }
        let goal = values["goal_today"].flatMap { Int($0) }
        var facts: [CardEntry] = []
        func fact(_ label: String, _ value: String?) {
            if let value { facts.append(CardEntry(key: label, value: value)) }
        }
        fact(
            catalog.text("Streak"),
            values["streak"].flatMap { Int($0) }.map { catalog.plural("{count} day", "{count} days", count: $0) })
        fact(catalog.text("7-day average"), values["avg_7"].flatMap { Int($0) }.map(CardText.grouped))
        fact(catalog.text("30-day average"), values["avg_30"].flatMap { Int($0) }.map(CardText.grouped))
        if let best = values["best_day"].flatMap({ Int($0) }) {
            let date = values["best_day_date"].flatMap(LocalDay.parse).map { " · " + CardText.day($0, catalog) }
            fact(catalog.text("Best day"), CardText.grouped(best) + (date ?? ""))
        }
        fact(catalog.text("Distance"), activity["distance_km"].map { $0 + " km" })
        fact(catalog.text("Flights"), activity["flights_today"])
        fact(catalog.text("Active energy"), activity["active_energy_kcal"].map { $0 + " kcal" })
        var history: View.History?
        if let grid = figures?.pastYear, let monthGrid = figures?.month {
            let (year, month, _) = CivilDate.civil(fromDays: today)
            history = View.History(
                year: RenderedHTML(HeatmapSVG(grid: grid, today: today, catalog: catalog).year()),
                monthTitle: CardText.monthTitle(year: year, month: month, catalog),
                month: RenderedHTML(HeatmapSVG(grid: monthGrid, today: today, catalog: catalog).month()),
                pastYear: catalog.text("Past year"), noData: catalog.text("no data"), goalMet: catalog.text("goal met"))
        }
        let view = View(
            ring: RenderedHTML(Self.ring(steps: steps ?? 0, goal: goal ?? 0)), facts: facts, history: history)
        return frame.html(DashboardTemplates.render(.steps, view))
    }

    /// The goal ring: a circle whose arc is today's share of the goal, the count in the middle.
    static func ring(steps: Int, goal: Int) -> String {
        let circumference = 2 * Double.pi * 42
        let fraction = goal > 0 ? min(1, Double(steps) / Double(goal)) : 0
        let share =
            goal > 0 ? "\(Int(exactly: (fraction * 100).rounded(.down)) ?? 0)% of \(CardText.grouped(goal))" : "no goal"
        let ring = Ring(
            met: goal > 0 && steps >= goal, steps: CardText.grouped(steps), goal: CardText.grouped(goal),
            dash: RainRibbon.number(circumference * fraction), circumference: RainRibbon.number(circumference),
            share: share)
        return DashboardTemplates.render(.stepsRing, ring)
    }
}
