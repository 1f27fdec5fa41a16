import Foundation
import WeftCore
import WeftPrimitives

/// The `__habits_*` variables, derived from a snapshot at the render's `now`.
///
/// ## Keys
///
/// Each key follows the provider's `prefix` (`__habits_` by default). `<slug>` is a habit's name lower-cased, with
/// each run of other characters than a–z and 0–9 as one `_` (`Exercise 30min` → `exercise_30min`). Today is the
/// local day of the render in the configured `timezone` (else the render's zone).
///
/// | key | meaning | example |
/// |---|---|---|
/// | `<slug>_name` | the habit's name as exported | `Exercise 30min` |
/// | `<slug>_identity` | the identity it serves (empty when the export has none) | `Athlete` |
/// | `<slug>_streak` | scheduled days done in a row, back from today (an open today does not break it) | `3` |
/// | `<slug>_done_today` | `1` when done today, else `0` | `1` |
/// | `<slug>_scheduled_today` | `1` when today is one of its days, else `0` | `1` |
/// | `<slug>_last_done_iso` | the last completion up to today, UTC (or its day's start) | `2024-10-09T20:15:00Z` |
/// | `<slug>_rate_7`, `<slug>_rate_30` | percent of its scheduled days done, last 7 or 30 days (`HabitStats.rate`) | `50` |
/// | `count` | how many habits there are | `3` |
/// | `due_today` | how many are scheduled today | `2` |
/// | `done_today` | how many of those are done | `1` |
/// | `percent_today` | done over due as a whole percent, rounded down; `100` when none is due | `50` |
///
/// ## Bookkeeping keys (added by the resolver for every provider)
///
/// | key | meaning | example |
/// |---|---|---|
/// | `updated_iso` | when the snapshot was made, UTC | `2024-10-14T12:00:00Z` |
/// | `age_min` | whole minutes since then | `5` |
/// | `stale` | `1` once the snapshot is past its expiry, else `0` | `0` |
/// | `error` | the last refresh's error, while it is failing | `no file matches ~/habits/*.csv` |
public enum HabitVariables {
    /// Derives the variables; `prefix` defaults to `__habits_`.
    ///
    /// Today is the local day of `context.now`, so a new day starts at midnight without a refresh. With no habit
    /// due today the percent is 100: nothing is left to do.
    public static func values(
        _ snapshot: HabitsSnapshot, context: VariableContext, prefix: String = "__habits_"
    ) -> [String: String] {
        let zone = context.viewing(recordedZone: snapshot.timeZone).timeZone
        let today = LocalDay.containing(context.now, in: zone)
        var result: [String: String] = [:]
        var due = 0
        var doneDue = 0
        for habit in snapshot.habits {
            func set(_ key: String, _ value: String) { result[prefix + habit.slug + "_" + key] = value }
            let scheduled = habit.schedule.contains(day: today)
            let done = habit.isDone(today)
            if scheduled {
                due += 1
                if done { doneDue += 1 }
            }
            set("name", habit.name)
            set("identity", habit.identity)
            set("streak", String(HabitStats.streak(habit, today: today)))
            set("done_today", done ? "1" : "0")
            set("scheduled_today", scheduled ? "1" : "0")
            if let last = habit.completions.last(where: { $0.day <= today }) {
                set("last_done_iso", ISOInstant.format(last.at ?? LocalDay.start(of: last.day, in: zone)))
            }
            for length in [7, 30] {
                if let rate = HabitStats.rate(habit, today: today, length: length) {
                    set("rate_\(length)", String(rate))
                }
            }
        }
        result[prefix + "count"] = String(snapshot.habits.count)
        result[prefix + "due_today"] = String(due)
        result[prefix + "done_today"] = String(doneDue)
        result[prefix + "percent_today"] = String(due == 0 ? 100 : doneDue * 100 / due)
        return result
    }
}
