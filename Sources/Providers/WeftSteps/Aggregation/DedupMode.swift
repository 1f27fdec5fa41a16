/// How overlapping sources are combined in each minute.
public enum DedupMode: String, Sendable, Codable, CaseIterable {
    /// Only the highest-ranked source with steps in that minute counts (Apple Health's rule).
    case priority
    /// The largest source in that minute counts (Pedometer++'s rule).
    case max
}
