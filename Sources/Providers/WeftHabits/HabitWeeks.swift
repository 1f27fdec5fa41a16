import WeftCore
import WeftPrimitives

extension HabitsSnapshot {
    /// Each habit's week holding `today`, Monday first, with its streak: what the dashboard's Habits card draws.
    public func weeks(today: Int64) -> [HabitWeek] {
        let monday = LocalDay.weekStart(today)
        return habits.map { habit in
            HabitWeek(
                name: habit.name, slug: habit.slug,
                days: (0..<7).map { Self.mark(habit, day: monday + Int64($0), today: today) },
                streak: HabitStats.streak(habit, today: today), doneToday: habit.isDone(today))
        }
    }

    /// A day of `habit`: done, not scheduled, to come, before its first completion, or due (today or missed).
    static func mark(_ habit: HabitState, day: Int64, today: Int64) -> HabitWeek.Mark {
        if habit.isDone(day) { return .done }
        guard habit.schedule.contains(day: day) else { return .notScheduled }
        if day > today { return .later }
        // Before its first completion the habit may not have existed: no day there counts as missed (as in
        // `weft habit list`).
        if day < (habit.completions.first?.day ?? today) { return .beforeFirst }
        return .due
    }
}
