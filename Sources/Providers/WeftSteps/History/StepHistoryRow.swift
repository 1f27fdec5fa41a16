/// One history row, the shape for a table (`day TEXT PRIMARY KEY, steps INTEGER, goal INTEGER`).
public struct StepHistoryRow: Sendable, Hashable, Codable {
    /// The local day.
    public var day: StepDay
    /// Steps that day.
    public var steps: Int
    /// The goal that applied that day.
    public var goal: Int

    /// Creates a row.
    init(day: StepDay, steps: Int, goal: Int) {
        self.day = day
        self.steps = steps
        self.goal = goal
    }
}
