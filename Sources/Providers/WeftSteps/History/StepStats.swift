import WeftCore

/// Streaks, averages and best days over a step history: pure functions of the history and the local today.
public enum StepStats {
    /// The number of consecutive days that met their goal, walking back from today (see `StreakRule`).
    ///
    /// A day whose goal is 0 neither counts nor breaks; a day missing from the history ends the streak; a day under
    /// its goal ends it.
    public static func streak(_ history: StepHistory, today: StepDay, rule: StreakRule) -> Int {
        // Today without an import yet has 0 steps against today's goal rather than being a missing day.
        let todayRecord = history.days[today] ?? StepDayRecord(steps: 0, goal: history.goals.goal(for: today))
        return StreakWalk.count(
            today: today.dayNumber, earliest: history.days.keys.min()?.dayNumber, todayStillOpen: rule == .fair
        ) { number in
            let day = StepDay(dayNumber: number)
            guard let record = day == today ? todayRecord : history.days[day] else { return .missed }
            guard record.goal > 0 else { return .unscheduled }
            return record.steps >= record.goal ? .met : .missed
        }
    }

    /// The mean over the last `length` local days including today; nil when no day in the window has data.
    static func average(_ history: StepHistory, today: StepDay, length: Int, rule: AverageRule) -> Double? {
        var sum = 0
        var withData = 0
        for offset in 0..<length {
            guard let record = history.days[today.adding(days: -offset)] else { continue }
            sum += record.steps
            withData += 1
        }
        guard withData > 0 else { return nil }
        switch rule {
        case .daysWithData: return Double(sum) / Double(withData)
        case .calendarDays: return Double(sum) / Double(length)
        }
    }

    /// The day with the most steps; ties go to the earliest day.
    public static func bestDay(_ history: StepHistory) -> (day: StepDay, steps: Int)? {
        var best: (day: StepDay, steps: Int)?
        for day in history.days.keys.sorted() {
            guard let steps = history.days[day]?.steps else { continue }
            if best == nil || steps > (best?.steps ?? 0) { best = (day, steps) }
        }
        return best
    }
}
