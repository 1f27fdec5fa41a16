import Foundation

/// The daily step history with the settings its variables need; Codable as a snapshot payload.
public struct StepHistory: Sendable, Hashable, Codable {
    /// Each local day with data.
    public var days: [StepDay: StepDayRecord]
    /// The goals in force now (today and days recorded from now on).
    var goals: StepGoals
    /// The streak rule.
    var streakRule: StreakRule
    /// The average rule.
    var averageRule: AverageRule
    /// When data was last imported.
    public var updatedAt: Date?

    /// Creates a history.
    init(
        days: [StepDay: StepDayRecord] = [:], goals: StepGoals = StepGoals(), streakRule: StreakRule = .fair,
        averageRule: AverageRule = .daysWithData, updatedAt: Date? = nil
    ) {
        self.days = days
        self.goals = goals
        self.streakRule = streakRule
        self.averageRule = averageRule
        self.updatedAt = updatedAt
    }

    /// Creates a history from table rows.
    init(
        rows: [StepHistoryRow], goals: StepGoals = StepGoals(), streakRule: StreakRule = .fair,
        averageRule: AverageRule = .daysWithData, updatedAt: Date? = nil
    ) {
        var days: [StepDay: StepDayRecord] = [:]
        for row in rows { days[row.day] = StepDayRecord(steps: row.steps, goal: row.goal) }
        self.init(days: days, goals: goals, streakRule: streakRule, averageRule: averageRule, updatedAt: updatedAt)
    }

    /// The days as table rows, oldest first.
    public var rows: [StepHistoryRow] {
        days.keys.sorted().compactMap { day in
            days[day].map { StepHistoryRow(day: day, steps: $0.steps, goal: $0.goal) }
        }
    }

    /// Records imported totals at `now`.
    ///
    /// Steps are replaced by the new totals; days absent from them are kept. A day before today that already has a
    /// record keeps its goal (the goal that applied when it was recorded); today and newly seen days get the goal
    /// from `goals`, which also becomes the current goals.
    mutating func record(_ totals: [StepDay: Int], goals: StepGoals, now: Date, timeZone: TimeZone) {
        let today = StepDay(containing: now, in: timeZone)
        self.goals = goals
        for (day, steps) in totals {
            if day < today, let existing = days[day] {
                days[day] = StepDayRecord(steps: steps, goal: existing.goal)
            } else {
                days[day] = StepDayRecord(steps: steps, goal: goals.goal(for: day))
            }
        }
        updatedAt = now
    }

    private enum CodingKeys: String, CodingKey {
        case days, goals, streakRule, averageRule, updatedAt
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let rows = try container.decode([StepHistoryRow].self, forKey: .days)
        self.init(
            rows: rows, goals: try container.decode(StepGoals.self, forKey: .goals),
            streakRule: try container.decode(StreakRule.self, forKey: .streakRule),
            averageRule: try container.decode(AverageRule.self, forKey: .averageRule),
            updatedAt: try container.decodeIfPresent(Date.self, forKey: .updatedAt))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rows, forKey: .days)
        try container.encode(goals, forKey: .goals)
        try container.encode(streakRule, forKey: .streakRule)
        try container.encode(averageRule, forKey: .averageRule)
        try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
    }
}
