import WeftPrimitives

/// What an activity sample measures: steps, or one of the metrics kept beside them (from exports that carry them,
/// such as Apple Health's), each in one unit whatever the export recorded.
public enum ActivityMetric: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// Steps (count).
    case steps
    /// Walking and running distance, metres.
    case distance
    /// Flights of stairs climbed (count).
    case flights
    /// Active energy burned, kilocalories.
    case energy

    /// The metrics kept beside steps.
    static let extra: [ActivityMetric] = [.distance, .flights, .energy]

    /// The cache blob prefix of a source's samples (steps keep the `samples/` they always had).
    var blobPrefix: String {
        switch self {
        case .steps: "samples/"
        case .distance: "distance/"
        case .flights: "flights/"
        case .energy: "energy/"
        }
    }

    /// The name used in snapshots and messages.
    public var name: String {
        switch self {
        case .steps: "steps"
        case .distance: "distance"
        case .flights: "flights"
        case .energy: "energy"
        }
    }

    /// The metric of a ``name``.
    init?(name: String) {
        guard let metric = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = metric
    }

    /// The largest plausible amount in one minute of one sample, in the metric's unit: beyond it a value is a
    /// damaged record, not activity (a sprinter makes about 300 steps, 400 m and 30 kcal a minute).
    var maximumPerMinute: Double {
        switch self {
        case .steps: ValueRange.stepsPerMinute.upper
        case .distance: 1_000
        case .flights: 60
        case .energy: 200
        }
    }

    /// An amount in the metric's unit as a user reads it: `13.4 km`, `1200 steps`, `12 flights`, `350 kcal`.
    func amountText(_ amount: Double) -> String {
        switch self {
        case .steps: "\(NumberText.plain(amount.rounded())) steps"
        case .distance: "\(NumberText.plain((amount / 100).rounded() / 10)) km"
        case .flights: "\(NumberText.plain(amount.rounded())) flights"
        case .energy: "\(NumberText.plain(amount.rounded())) kcal"
        }
    }

    /// Metrics order as declared: steps, distance, flights, energy.
    public static func < (lhs: ActivityMetric, rhs: ActivityMetric) -> Bool { lhs.rawValue < rhs.rawValue }
}
