/// One local day's distance, flights and active energy, de-duplicated across sources; a metric the day has no data
/// of is nil.
public struct ActivityDay: Sendable, Hashable, Codable {
    /// Walking and running distance, metres.
    public var distance: Double?
    /// Flights of stairs climbed.
    public var flights: Double?
    /// Active energy, kilocalories.
    public var energy: Double?

    /// Creates a day.
    public init(distance: Double? = nil, flights: Double? = nil, energy: Double? = nil) {
        self.distance = distance
        self.flights = flights
        self.energy = energy
    }

    /// The amount of one of the metrics kept beside steps (nil for steps).
    public subscript(metric: ActivityMetric) -> Double? {
        get {
            switch metric {
            case .steps: nil
            case .distance: distance
            case .flights: flights
            case .energy: energy
            }
        }
        set {
            switch metric {
            case .steps: break
            case .distance: distance = newValue
            case .flights: flights = newValue
            case .energy: energy = newValue
            }
        }
    }

    /// Whether no metric has data.
    public var isEmpty: Bool { distance == nil && flights == nil && energy == nil }
}
