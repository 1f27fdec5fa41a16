import Foundation
import WeftCore
import WeftPrimitives

/// The `[habits]` occasions of a habits snapshot: a habit scheduled on a day and not done by the option `at`.
enum HabitOccasions {
    /// `at` when `[habits]` does not set it: 20:00 in the habits' zone.
    static let defaultAt = 20 * 3600
    /// The most local days one query looks at, however long its window.
    static let maxDays = 8

    /// One occasion per habit and local day (in the habits' zone, ``ZoneRule``) from the window's day to its end:
    /// due at `at` on a day the habit is scheduled and the snapshot does not show it done, until the day ends.
    /// One already due when the window starts is still given while its day lasts (the notifier decides on
    /// lateness). Options: `at` (time of day, default `20:00`).
    static func occasions(_ habits: HabitsSnapshot, snapshot: Snapshot, query: OccasionQuery) throws -> [Occasion] {
        let at = try query.timeOfDay("at", in: .habit, default: defaultAt)
        let zone = query.context.viewing(recordedZone: habits.timeZone).timeZone
        let now = query.context.now
        guard query.until > now else { return [] }
        let first = LocalDay.containing(now, in: zone)
        let last = min(LocalDay.containing(query.until, in: zone), first + Int64(maxDays - 1))
        var result: [Occasion] = []
        for day in first...last {
            let due = LocalDay.instant(day: day, secondsIntoDay: at, in: zone)
            let dayEnd = LocalDay.start(of: day + 1, in: zone)
            guard due < query.until, dayEnd > now else { continue }
            let date = LocalDay.iso(day)
            for habit in habits.habits where habit.schedule.contains(day: day) && !habit.isDone(day) {
                result.append(
                    Occasion(
                        kind: .habit, key: "habit:\(habit.slug):\(date)", at: due, title: habit.name,
                        body: habit.identity.isEmpty
                            ? query.context.catalog.text("Not done yet today")
                            : query.context.catalog.text(
                                "Not done yet today · {identity}", ["identity": habit.identity]),
                        actions: [Occasion.Action(id: "done", label: query.context.catalog.text("Done"))],
                        expires: dayEnd,
                        fields: ["instance": snapshot.instance, "habit": habit.slug, "date": date]))
            }
        }
        return result
    }
}
