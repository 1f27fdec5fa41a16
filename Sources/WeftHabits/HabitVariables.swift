import Foundation
import WeftCore
import WeftPrimitives

/// The `__habits_*` variables, derived from a snapshot at the render's `now`.
public enum HabitVariables {
    /// The keys of one habit (after `<prefix><slug>_`).
    public static let habitKeys = [
        "name", "streak", "done_today", "scheduled_today", "identity", "last_done_iso", "rate_7", "rate_30",
    ]
    /// The keys across all habits (after the prefix).
    public static let summaryKeys = ["count", "due_today", "done_today", "percent_today"]

    /// The zone a snapshot counts days in: its configured zone, else the render's.
    public static func zone(of snapshot: HabitsSnapshot, fallback: TimeZone) -> TimeZone {
        snapshot.timeZone.flatMap(TimeZone.init(identifier:)) ?? fallback
    }

    /// Derives the variables; `prefix` defaults to `__habits_`.
    ///
    /// Today is the local day of `context.now`, so a new day starts at midnight without a refresh. With no habit
    /// due today the percent is 100: nothing is left to do.
    public static func values(
        _ snapshot: HabitsSnapshot, context: VariableContext, prefix: String = "__habits_"
    ) -> [String: String] {
        let zone = zone(of: snapshot, fallback: context.timeZone)
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
