/// What one export says about one habit.
public struct ImportedHabit: Sendable, Hashable, Codable {
    /// The name as the export writes it.
    public var name: String
    /// The identity it serves ("" when the export has none).
    public var identity = ""
    /// The experiments listed with it.
    public var experiments: [String] = []
    /// Its schedule; nil when the export has no schedule column.
    public var schedule: HabitSchedule?
    /// The completions, sorted by day, one per day (the latest instant kept).
    public var completions: [HabitCompletion] = []
}

/// The habits read from one file, by slug, and the rows that were skipped.
public struct HabitImport: Sendable, Equatable {
    /// The file.
    public var file: String
    /// Each habit by slug.
    public var habits: [String: ImportedHabit]
    /// Data rows read, good and bad.
    public var rowCount: Int
    /// Rows skipped, in file order.
    public var issues: [HabitIssue]
}
