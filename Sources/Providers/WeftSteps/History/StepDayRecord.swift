/// One day of the history: its steps and the goal that applied when it was recorded.
public struct StepDayRecord: Sendable, Hashable, Codable {
    /// Steps that day (already de-duplicated and rounded).
    public var steps: Int
    /// The goal that applied that day.
    public var goal: Int

    /// Creates a record.
    init(steps: Int, goal: Int) {
        self.steps = steps
        self.goal = goal
    }
}
