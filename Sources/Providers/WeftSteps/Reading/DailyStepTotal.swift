/// One source's total for one local day, from exports that only have daily values.
struct DailyStepTotal: Sendable, Hashable {
    /// Index into the batch's `sources`.
    var source: Int
    /// The local day.
    var day: StepDay
    /// Steps that day.
    var steps: Double

    /// Creates a daily total.
    init(source: Int, day: StepDay, steps: Double) {
        self.source = source
        self.day = day
        self.steps = steps
    }
}
