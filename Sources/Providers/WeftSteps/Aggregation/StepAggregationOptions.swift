import Foundation

/// How samples become daily totals.
public struct StepAggregationOptions: Sendable {
    /// The zone whose local days the totals are for.
    public var timeZone: TimeZone
    /// Per-minute combination of sources.
    var dedup: DedupMode
    /// Source names ranked first, in this order; other sources follow by class (user-entered, watch, phone, other).
    var priority: [String]

    /// Creates options.
    public init(timeZone: TimeZone, dedup: DedupMode = .priority, priority: [String] = []) {
        self.timeZone = timeZone
        self.dedup = dedup
        self.priority = priority
    }
}
