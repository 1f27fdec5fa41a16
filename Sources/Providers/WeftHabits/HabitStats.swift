import WeftCore

/// Streaks and completion rates of one habit: pure functions of its state and the local today.
public enum HabitStats {
    /// identitybuilder's streak: scheduled days completed in a row, counting back from today.
    ///
    /// Unscheduled days are skipped (a completion on one neither counts nor breaks); the first scheduled day
    /// without a completion ends it; today, when scheduled and not yet done, does not end it.
    public static func streak(_ habit: HabitState, today: Int64) -> Int {
        let done = habit.daySet
        return StreakWalk.count(today: today, earliest: habit.completions.first?.day, todayStillOpen: true) { day in
            guard habit.schedule.contains(day: day) else { return .unscheduled }
            return done.contains(day) ? .met : .missed
        }
    }

    /// Completed scheduled days ÷ scheduled days over the `length` local days ending today, as an integer percent
    /// (rounded down, so 100 means every one); nil when no scheduled day is in the window.
    ///
    /// Days before the first completion are not counted (the habit may not have existed), and today only once
    /// done, as in the streak.
    public static func rate(_ habit: HabitState, today: Int64, length: Int) -> Int? {
        guard let first = habit.completions.first?.day else { return nil }
        let done = habit.daySet
        var scheduled = 0
        var completed = 0
        for offset in 0..<Int64(max(length, 0)) {
            let day = today - offset
            guard day >= first, habit.schedule.contains(day: day) else { continue }
            if day == today, !done.contains(day) { continue }
            scheduled += 1
            if done.contains(day) { completed += 1 }
        }
        return scheduled == 0 ? nil : completed * 100 / scheduled
    }
}
