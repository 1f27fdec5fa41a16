/// Daily step totals, de-duplicated across sources, and each source's own daily totals; unrounded.
import WeftPrimitives
public struct StepTotals: Sendable, Equatable {
    /// The de-duplicated total of each local day.
    public var days: [StepDay: Double] = [:]
    /// Each source's own total per local day, before de-duplication.
    var perSource: [StepDay: [String: Double]] = [:]
    /// The de-duplicated total of each local day for the metrics kept beside steps, in their units (m, count, kcal).
    public var activity: [ActivityMetric: [StepDay: Double]] = [:]

    /// Empty totals.
    init() {}

    /// Each day's total rounded (half away from zero) once, at the end.
    public var rounded: [StepDay: Int] { days.mapValues(Self.round) }

    /// Each source's daily totals, rounded.
    var roundedPerSource: [StepDay: [String: Int]] { perSource.mapValues { $0.mapValues(Self.round) } }

    static func round(_ value: Double) -> Int {
        // Totals come from range-checked samples, but a stored archive is outside data too: clamp, never trap.
        CheckedNumber.clamped(value, to: -(1 << 53)...(1 << 53), rounding: .toNearestOrAwayFromZero)
    }
}
