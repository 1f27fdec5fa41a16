/// One source's total for one local day, from exports that only have daily values.
public struct DailyStepTotal: Sendable, Hashable {
    /// Index into the batch's `sources`.
    public var source: Int
    /// The local day.
    public var day: StepDay
    /// Steps that day.
    public var steps: Double

    /// Creates a daily total.
    public init(source: Int, day: StepDay, steps: Double) {
        self.source = source
        self.day = day
        self.steps = steps
    }
}
