/// What one or more imported files yielded: sources, samples, daily totals and the bad rows that were skipped.
public struct StepBatch: Sendable {
    /// Every source seen, indexed by the samples' `source`.
    private(set) var sources: [StepSource] = []
    /// Timed step samples.
    var samples: [StepSample] = []
    /// Timed samples of the metrics kept beside steps (distance, flights, energy), their amount in `steps`.
    var activity: [ActivityMetric: [StepSample]] = [:]
    /// Daily totals.
    var dailyTotals: [DailyStepTotal] = []
    /// The first bad rows that were skipped (at most ``keptIssues``), in the order read; ``issueCount`` counts them
    /// all, so a file of millions of bad rows costs a counter, not a message per row.
    public private(set) var issues: [StepIssue] = []
    /// Every bad row that was skipped.
    public private(set) var issueCount = 0
    /// How many bad rows are kept with their text: what the import prints and a rejection quotes.
    static let keptIssues = 10
    /// Data rows read (good and bad), for the bad-row share.
    public var rowCount = 0
    /// The Google Fit stream a file's points come from (set by its reader), so an import of several streams counts
    /// one (``GoogleFitStream/choose(_:)``); nil for every other export and once batches are appended.
    var googleFitStream: GoogleFitStream?
    private var sourceIndex: [String: Int] = [:]

    /// An empty batch.
    init() {}

    /// The metrics the batch has samples of (steps also when it has day totals).
    public var metrics: Set<ActivityMetric> {
        var result = Set(activity.filter { !$0.value.isEmpty }.keys)
        if !samples.isEmpty || !dailyTotals.isEmpty { result.insert(.steps) }
        return result
    }

    /// Counts a bad row, keeping its text only while fewer than ``keptIssues`` are kept (the message is not even
    /// built after that).
    mutating func skip(_ issue: @autoclosure () -> StepIssue) {
        issueCount += 1
        if issues.count < Self.keptIssues { issues.append(issue()) }
    }

    /// The index of a source, adding it on first sight (its kind is decided then).
    public mutating func source(named name: String, device: String = "") -> Int {
        if let index = sourceIndex[name] { return index }
        sources.append(StepSource(name: name, device: device))
        sourceIndex[name] = sources.count - 1
        return sources.count - 1
    }

    /// The index of `source`, adding it with its kind when it is new.
    mutating func add(_ source: StepSource) -> Int {
        if let index = sourceIndex[source.name] { return index }
        sources.append(source)
        sourceIndex[source.name] = sources.count - 1
        return sources.count - 1
    }

    /// The same data as one source named `name` (for `--source`, when an export does not say where it came from).
    func assigned(to name: String) -> StepBatch {
        var result = StepBatch()
        let index = result.source(named: name)
        result.samples = samples.map { StepSample(source: index, start: $0.start, end: $0.end, steps: $0.steps) }
        result.dailyTotals = dailyTotals.map { DailyStepTotal(source: index, day: $0.day, steps: $0.steps) }
        result.activity = activity.mapValues { list in
            list.map { StepSample(source: index, start: $0.start, end: $0.end, steps: $0.steps) }
        }
        result.issues = issues
        result.issueCount = issueCount
        result.rowCount = rowCount
        return result
    }

    /// The same batch with only the samples and day totals of the sources `keep` accepts.
    func keeping(_ keep: (StepSource) -> Bool) -> StepBatch {
        let kept = sources.map(keep)
        var result = self
        result.samples = samples.filter { kept[$0.source] }
        result.dailyTotals = dailyTotals.filter { kept[$0.source] }
        result.activity = activity.mapValues { list in list.filter { kept[$0.source] } }
        return result
    }

    /// Adds another batch's content, re-indexing its sources.
    public mutating func append(_ other: StepBatch) {
        // The first file's batch is taken whole: copying a million samples into an empty batch would hold them twice.
        if sources.isEmpty, samples.isEmpty, activity.isEmpty, dailyTotals.isEmpty, issueCount == 0, rowCount == 0 {
            self = other
            return
        }
        var map: [Int] = []
        for source in other.sources {
            if let index = sourceIndex[source.name] {
                map.append(index)
            } else {
                sources.append(source)
                sourceIndex[source.name] = sources.count - 1
                map.append(sources.count - 1)
            }
        }
        samples.reserveCapacity(samples.count + other.samples.count)
        for var sample in other.samples {
            sample.source = map[sample.source]
            samples.append(sample)
        }
        for var total in other.dailyTotals {
            total.source = map[total.source]
            dailyTotals.append(total)
        }
        for (metric, list) in other.activity {
            activity[metric, default: []].reserveCapacity((activity[metric]?.count ?? 0) + list.count)
            for var sample in list {
                sample.source = map[sample.source]
                activity[metric, default: []].append(sample)
            }
        }
        issues += other.issues.prefix(Swift.max(0, Self.keptIssues - issues.count))
        issueCount += other.issueCount
        rowCount += other.rowCount
    }
}
