import Foundation
import WeftCore
import WeftPrimitives

/// The `__steps_*` variables of VARIABLES.md, derived from a history at the render's `now` and zone.
public enum StepVariables {
    /// Every key (without prefix) this module can produce, aliases included.
    public static let keys = [
        "today", "updated_iso", "goal_today", "goal_weekday", "goal_weekend", "today_fraction", "today_percent",
        "progress_today", "goal_hit_today", "streak", "streak_rule", "avg_7", "avg_7_exact", "avg_30", "avg_30_exact",
        "best_day", "best_day_date", "best_day_date_iso", "access",
    ]

    /// Derives the variables; `prefix` defaults to `__steps_`.
    ///
    /// Today is the local day of `context.now` in `context.timeZone`, so a new day starts at midnight without a
    /// refresh: with a history that has data but nothing yet for the new day, today's steps are 0. With an empty
    /// history only the access key and the goals are present.
    public static func values(
        history: StepHistory, access: StepAccess, context: VariableContext, prefix: String = "__steps_"
    ) -> [String: String] {
        var result: [String: String] = [:]
        func set(_ key: String, _ value: String) { result[prefix + key] = value }
        set("access", access.rawValue)
        let goals = history.goals
        set("goal_weekday", String(goals.weekday))
        set("goal_weekend", String(goals.weekend))
        set("streak_rule", history.streakRule.rawValue)
        let today = StepDay(containing: context.now, in: context.timeZone)
        let todayRecord = history.days[today]
        let goalToday = todayRecord?.goal ?? goals.goal(for: today)
        set("goal_today", String(goalToday))
        guard !history.days.isEmpty else { return result }

        let stepsToday = todayRecord?.steps ?? 0
        set("today", String(stepsToday))
        if let updatedAt = history.updatedAt { set("updated_iso", ISOInstant.format(updatedAt)) }
        let fraction = goalToday > 0 ? min(1, max(0, Double(stepsToday) / Double(goalToday))) : 0
        set("today_fraction", formatRaw(fraction))
        // Floor, so 100 appears only once the goal is really met.
        let percent = goalToday > 0 ? min(100, stepsToday * 100 / goalToday) : 0
        set("today_percent", String(percent))
        set("progress_today", String(percent))
        set("goal_hit_today", goalToday > 0 && stepsToday >= goalToday ? "1" : "0")
        set("streak", String(StepStats.streak(history, today: today, rule: history.streakRule)))
        for length in [7, 30] {
            if let average = StepStats.average(history, today: today, length: length, rule: history.averageRule) {
                set("avg_\(length)", String(Int(average.rounded(.toNearestOrAwayFromZero))))
                set("avg_\(length)_exact", formatRaw(average))
            }
        }
        if let best = StepStats.bestDay(history) {
            set("best_day", String(best.steps))
            set("best_day_date", best.day.iso)
            set("best_day_date_iso", ISOInstant.format(best.day.start(in: context.timeZone)))
        }
        return result
    }

    /// A raw number: up to four decimals, trailing zeros dropped (`0.5`, `8123.4286`, `9000`).
    static func formatRaw(_ value: Double) -> String {
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
