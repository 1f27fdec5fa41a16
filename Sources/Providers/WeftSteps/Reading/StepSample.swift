/// One timed step sample: steps taken over [start, end), seconds since 1970 in UTC.
struct StepSample: Sendable, Hashable {
    /// Index into the batch's `sources`.
    var source: Int
    /// Start, seconds since 1970.
    var start: Double
    /// End, seconds since 1970; equal to `start` for a zero-length sample.
    var end: Double
    /// Steps taken.
    var steps: Double

    /// The longest sample imported (7 days): every export's samples are minutes to a day long, and the aggregator
    /// spreads a sample over each of its minutes, so a mistyped year would make it work through centuries.
    static let maximumDuration: Double = 7 * 86_400

    /// Creates a sample.
    init(source: Int, start: Double, end: Double, steps: Double) {
        self.source = source
        self.start = start
        self.end = end
        self.steps = steps
    }
}
