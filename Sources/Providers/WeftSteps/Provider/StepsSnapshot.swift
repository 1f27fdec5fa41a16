import Foundation
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
    /// The files `weft steps import` imported: absolute path → ``ExportStamp/text``, so the same export given again
    /// is recognised and skipped.
    public var imports: [String: String]?
    /// The zone its days were counted in (the `timezone` setting, else the import's `--tz` or `$TZ`): an import
    /// counting in the same zone recomputes only the days it covers.
    var dayZone: String?
    /// Whether this snapshot was written before the history kept activity per day: its activity is the last week's
    /// only (read from its `activityDays`), so the next refresh rebuilds the history from the archive.
    var activityHistoryMissing = false
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

    private enum CodingKeys: String, CodingKey {
        case history, perSource, access, files, activityMetrics, activityDays, timeZone, imports, dayZone
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let historyDecoder = try container.superDecoder(forKey: .history)
        history = try StepHistory(from: historyDecoder)
        perSource = try container.decode([String: [String: Int]].self, forKey: .perSource)
        access = try container.decode(StepAccess.self, forKey: .access)
        files = try container.decode([String: String].self, forKey: .files)
        activityMetrics = try container.decodeIfPresent([String].self, forKey: .activityMetrics)
        timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
        imports = try container.decodeIfPresent([String: String].self, forKey: .imports)
        dayZone = try container.decodeIfPresent(String.self, forKey: .dayZone)
        guard !StepHistory.hasActivity(historyDecoder) else { return }
        // Written by a weft that kept the last week's activity beside the history (`yyyy-MM-dd` → metric → amount).
        activityHistoryMissing = true
        let legacy = try container.decodeIfPresent([String: [String: Double]].self, forKey: .activityDays) ?? [:]
        for (iso, amounts) in legacy {
            guard let day = StepDay(iso: iso) else { continue }
            for metric in ActivityMetric.extra {
                if let amount = amounts[metric.name] { history.activity[day, default: ActivityDay()][metric] = amount }
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(history, forKey: .history)
        try container.encode(perSource, forKey: .perSource)
        try container.encode(access, forKey: .access)
        try container.encode(files, forKey: .files)
        try container.encodeIfPresent(activityMetrics, forKey: .activityMetrics)
        try container.encodeIfPresent(timeZone, forKey: .timeZone)
        try container.encodeIfPresent(imports, forKey: .imports)
        try container.encodeIfPresent(dayZone, forKey: .dayZone)
    }
}
