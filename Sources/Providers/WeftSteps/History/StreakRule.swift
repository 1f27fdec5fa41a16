/// How the streak treats today.
public enum StreakRule: String, Sendable, Codable, CaseIterable {
    /// Counting starts yesterday unless today already met its goal, so an unfinished today never breaks it.
    case fair
    /// Counting starts today; an unmet today gives 0.
    case strict
}
