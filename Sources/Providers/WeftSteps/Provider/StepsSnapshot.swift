import WeftCore

/// A steps instance's snapshot: the daily history (per day and per source) with its goals and rules, which is all
/// a render reads, and the state of the files it was imported from.
public struct StepsSnapshot: FileImportPayload, Equatable {
    /// The payload version.
    public static let schemaVersion = 1

    /// Daily totals with the goal of each day, the current goals and the rules.
    public var history: StepHistory
    /// Steps per source for each day (`yyyy-MM-dd` → source → steps), before de-duplication.
    var perSource: [String: [String: Int]]
    /// Whether step data could be read.
    public var access: StepAccess
    /// The configured files as last imported: path → `size:mtime`.
    public var files: [String: String]
    /// The activity metrics the imported data has (`steps`, `distance`, `flights`, `energy`); nil in snapshots
    /// written before weft kept them.
    var activityMetrics: [String]?
    /// The de-duplicated distance (m), flights and active energy (kcal) of the last days with data (`yyyy-MM-dd` →
    /// metric → amount): a render needs only today's, so older days are not carried.
    public var activityDays: [String: [String: Double]]?
    /// The provider's `timezone` setting, when it has one: every view of this snapshot counts its days there
    /// (``ZoneRule``), as the refresh did.
    public var timeZone: String?

    /// Creates a snapshot.
    init(
        history: StepHistory, perSource: [String: [String: Int]] = [:], access: StepAccess,
        files: [String: String] = [:]
    ) {
        self.history = history
        self.perSource = perSource
        self.access = access
        self.files = files
    }
}
