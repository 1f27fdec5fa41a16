import WeftCore

/// A habits instance's snapshot: every habit with its merged completions, which is all a render reads, and what it
/// was built from.
public struct HabitsSnapshot: FileImportPayload, Equatable {
    /// The payload version.
    public static let schemaVersion = 1

    /// The habits, sorted by slug.
    public var habits: [HabitState]
    /// The configured zone completions were converted in; renders count today in it too. Nil: the render's zone.
    public var timeZone: String?
    /// The configured files as last imported: path → `size:mtime`.
    public var files: [String: String]
    /// The manual completions' revision this was built from.
    var manualRevision: Int

    /// Creates a snapshot.
    init(habits: [HabitState], timeZone: String? = nil, files: [String: String] = [:], manualRevision: Int = 0) {
        self.habits = habits
        self.timeZone = timeZone
        self.files = files
        self.manualRevision = manualRevision
    }

    /// The habit with this slug.
    public func habit(_ slug: String) -> HabitState? { habits.first { $0.slug == slug } }
}
