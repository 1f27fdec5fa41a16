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
    /// Each local day's distance, flights and active energy, kept as the steps are (a day absent from a new import
    /// keeps what it had); a day can have activity without steps.
    public var activity: [StepDay: ActivityDay] = [:]

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

    /// The days with steps or activity as table rows, oldest first: a day with activity but no steps (a workout app
    /// alone) has 0 steps and the goal it would have now.
    public var rowsWithActivity: [StepHistoryRow] {
        var result = rows
        for day in activity.keys where days[day] == nil {
            result.append(StepHistoryRow(day: day, steps: 0, goal: goals.goal(for: day)))
        }
        return result.sorted { $0.day < $1.day }
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

    /// Records imported activity totals (per metric, per local day), by the steps' rule: a day's amount of a metric
    /// is replaced by the new one; days and metrics absent from them are kept.
    mutating func recordActivity(_ totals: [ActivityMetric: [StepDay: Double]]) {
        for (metric, days) in totals where metric != .steps {
            for (day, amount) in days { activity[day, default: ActivityDay()][metric] = amount }
        }
    }

    /// One day of `activity` as the payload stores it.
    private struct ActivityRow: Codable {
        var day: StepDay
        var distance: Double?
        var flights: Double?
        var energy: Double?
    }

    private enum CodingKeys: String, CodingKey {
        case days, goals, streakRule, averageRule, updatedAt, activity
    }

    /// Whether a payload has the activity history (snapshots written before weft kept it do not).
    static func hasActivity(_ decoder: any Decoder) -> Bool {
        (try? decoder.container(keyedBy: CodingKeys.self).contains(.activity)) ?? false
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let rows = try container.decode([StepHistoryRow].self, forKey: .days)
        self.init(
            rows: rows, goals: try container.decode(StepGoals.self, forKey: .goals),
            streakRule: try container.decode(StreakRule.self, forKey: .streakRule),
            averageRule: try container.decode(AverageRule.self, forKey: .averageRule),
            updatedAt: try container.decodeIfPresent(Date.self, forKey: .updatedAt))
        for row in try container.decodeIfPresent([ActivityRow].self, forKey: .activity) ?? [] {
            activity[row.day] = ActivityDay(distance: row.distance, flights: row.flights, energy: row.energy)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rows, forKey: .days)
        try container.encode(goals, forKey: .goals)
        try container.encode(streakRule, forKey: .streakRule)
        try container.encode(averageRule, forKey: .averageRule)
        try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
        let rows = activity.keys.sorted().compactMap { day in
            activity[day].map { ActivityRow(day: day, distance: $0.distance, flights: $0.flights, energy: $0.energy) }
        }
        try container.encode(rows, forKey: .activity)
    }
}
