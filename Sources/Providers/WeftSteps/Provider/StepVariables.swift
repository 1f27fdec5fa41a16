import Foundation
import WeftCore
import WeftPrimitives

/// The `__steps_*` variables, derived from a history at the render's `now` and zone.
///
/// ## Keys
///
/// Each key follows the provider's `prefix` (`__steps_` by default). Today is the local day of the render, so a
/// new day starts at midnight without a refresh. `access` and the goals are always present; the others need a
/// history with data. Step counts are de-duplicated across sources before they get here.
///
/// | key | meaning | example |
/// |---|---|---|
/// | `access` | `authorised` with data, `notDetermined` with no source, `denied` when one is unreadable | `denied` |
/// | `goal_today` | today's goal (the goal recorded with today, else the configured one) | `10000` |
/// | `goal_weekday`, `goal_weekend` | the configured goals | `10000`, `6000` |
/// | `streak_rule` | `fair` (counting starts yesterday until today is met) or `strict` | `fair` |
/// | `today` | steps of the local day so far | `5000` |
/// | `today_fraction` | today's steps over today's goal, clamped to 0–1 (`0` when the goal is 0) | `0.5` |
/// | `today_percent`, `progress_today` | the same as a whole percent, rounded down, at most 100 | `50` |
/// | `goal_hit_today` | `1` once today's goal is met, else `0` | `0` |
/// | `streak` | days in a row that met their goal, by `streak_rule` | `4` |
/// | `avg_7`, `avg_30` | steps per day over the last 7 or 30 local days (divided as `average` says), rounded | `8123` |
/// | `avg_7_exact`, `avg_30_exact` | the same, up to four decimals | `8123.4286` |
/// | `best_day` | the most steps in one day (the earliest such day) | `12000` |
/// | `best_day_date` | that day, `yyyy-MM-dd` | `2026-03-02` |
/// | `best_day_date_iso` | the start of that day, UTC | `2026-03-01T23:00:00Z` |
///
/// ## Bookkeeping keys (added by the resolver for every provider)
///
/// | key | meaning | example |
/// |---|---|---|
/// | `updated_iso` | when step data was last imported, UTC (derived here) | `2026-03-10T08:00:00Z` |
/// | `age_min` | whole minutes since the snapshot was made | `5` |
/// | `stale` | `1` once the snapshot is past its expiry, else `0` | `0` |
/// | `error` | the last refresh's error, while it is failing | `no file matches ~/health/*.csv` |
public enum StepVariables {
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
                set("avg_\(length)", String(CheckedNumber.clamped(average, to: -(1 << 53)...(1 << 53), rounding: .toNearestOrAwayFromZero)))
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
