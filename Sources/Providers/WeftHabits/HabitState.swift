/// One habit as a render sees it: its description and every day it was completed, imports and manual records
/// merged.
public struct HabitState: Sendable, Hashable, Codable {
    /// The name.
    public var name: String
    /// The slug its variables are keyed by.
    public var slug: String
    /// The identity it serves.
    public var identity: String
    /// Its experiments.
    public var experiments: [String]
    /// The days it is scheduled on.
    public var schedule: HabitSchedule
    /// Completed days, sorted, one per day.
    public var completions: [HabitCompletion]

    /// Creates a habit state.
    init(
        name: String, slug: String, identity: String = "", experiments: [String] = [],
        schedule: HabitSchedule = .everyDay, completions: [HabitCompletion] = []
    ) {
        self.name = name
        self.slug = slug
        self.identity = identity
        self.experiments = experiments
        self.schedule = schedule
        self.completions = completions
    }

    /// Whether the habit was completed on a local day.
    public func isDone(_ day: Int64) -> Bool { daySet.contains(day) }

    /// The completed days as a set.
    var daySet: Set<Int64> { Set(completions.map(\.day)) }
}
