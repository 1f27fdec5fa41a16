import Foundation

/// Every imported sample and day total, per source, as the cache keeps them between imports.
///
/// A new import replaces, per source, what an earlier import said about the same span of time (the newest import
/// of a source and interval wins), so re-importing a file or an overlapping export never counts a step twice.
struct StepArchive: Sendable, Equatable {
    /// One source's data.
    struct Entry: Sendable, Equatable {
        /// The source, with the kind that decides its de-duplication rank.
        var source: StepSource
        /// Samples as (start, end, steps), seconds since 1970, sorted by start.
        var samples: [StepSample]
        /// Day totals from day-only exports.
        var days: [StepDay: Double]
        /// Samples of the metrics kept beside steps, like `samples`.
        var activity: [ActivityMetric: [StepSample]] = [:]
    }

    /// The sources by name.
    var entries: [String: Entry] = [:]

    /// The kind of the user's records that hold the archive: imported history is the user's own (the export may be
    /// gone), shared by every steps instance.
    static let recordKind = "steps"

    /// An empty archive.
    init() {}

    /// Merges a new batch: per source, its samples replace the archived ones starting in the span they cover, and its
    /// day totals replace the archived totals of the same days.
    ///
    /// The batch is consumed one metric at a time (each list is grouped by source, then let go), so an import of a
    /// million samples holds little more than one copy of them.
    mutating func merge(_ batch: consuming StepBatch) {
        var daysBySource: [Int: [StepDay: Double]] = [:]
        for total in batch.dailyTotals {
            // A re-synced duplicate in one file keeps the largest value, as the aggregator does.
            daysBySource[total.source, default: [:]][total.day] = max(
                daysBySource[total.source]?[total.day] ?? 0, total.steps)
        }
        let sources = batch.sources
        for (index, source) in sources.enumerated() {
            var entry = entries[source.name] ?? Entry(source: source, samples: [], days: [:])
            if let days = daysBySource[index] { entry.days.merge(days) { _, new in new } }
            entries[source.name] = entry
        }
        for metric in ActivityMetric.allCases {
            var list: [StepSample]
            if metric == .steps {
                list = batch.samples
                batch.samples = []
            } else {
                list = batch.activity.removeValue(forKey: metric) ?? []
            }
            guard !list.isEmpty else { continue }
            // Drop what the batch replaces before grouping it, so the old and new samples of a re-imported export
            // are not held together.
            for (index, span) in Self.spans(list) {
                guard index < sources.count, var entry = entries[sources[index].name] else { continue }
                entries[sources[index].name] = nil
                let outside = { (sample: StepSample) in sample.start < span.first || sample.start >= span.last }
                if metric == .steps {
                    entry.samples = entry.samples.filter(outside)
                } else if let archived = entry.activity[metric] {
                    entry.activity[metric] = archived.filter(outside)
                }
                entries[sources[index].name] = entry
            }
            var bySource = Self.bySource(list)
            list = []
            for (index, source) in sources.enumerated() {
                // Taken out of the dictionary, so each list is sorted in place rather than copied.
                guard let new = bySource.removeValue(forKey: index), var entry = entries[source.name] else { continue }
                entries[source.name] = nil
                if metric == .steps {
                    entry.samples = Self.replacing(entry.samples, with: new)
                } else {
                    entry.activity[metric] = Self.replacing(entry.activity[metric] ?? [], with: new)
                }
                entries[source.name] = entry
            }
        }
    }

    private static func bySource(_ samples: [StepSample]) -> [Int: [StepSample]] {
        // Counted first, so each list is allocated once at its size.
        var counts: [Int: Int] = [:]
        for sample in samples { counts[sample.source, default: 0] += 1 }
        var result: [Int: [StepSample]] = [:]
        for (source, count) in counts {
            var list: [StepSample] = []
            list.reserveCapacity(count)
            result[source] = list
        }
        for sample in samples { result[sample.source]?.append(sample) }
        return result
    }

    /// Per source index, the span [first start, last end) that a list of new samples covers (a zero-length
    /// sample covers its second).
    private static func spans(_ samples: [StepSample]) -> [Int: (first: Double, last: Double)] {
        var result: [Int: (first: Double, last: Double)] = [:]
        for sample in samples {
            let end = max(sample.end, sample.start + 1)
            if let span = result[sample.source] {
                result[sample.source] = (min(span.first, sample.start), max(span.last, end))
            } else {
                result[sample.source] = (sample.start, end)
            }
        }
        return result
    }

    /// `archived` (already without the samples `new` replaces) with `new` added, sorted by start, end and amount.
    private static func replacing(_ archived: [StepSample], with new: consuming [StepSample]) -> [StepSample] {
        var result = new
        guard !result.isEmpty else { return archived }
        for index in result.indices { result[index].source = 0 }
        result.append(contentsOf: archived)
        result.sort(by: SampleLists.precedes)
        return result
    }

    /// The metrics with archived data.
    var metrics: Set<ActivityMetric> {
        var result: Set<ActivityMetric> = []
        for entry in entries.values {
            if !entry.samples.isEmpty || !entry.days.isEmpty { result.insert(.steps) }
            for (metric, samples) in entry.activity where !samples.isEmpty { result.insert(metric) }
        }
        return result
    }

    /// What the aggregator reads: a batch with the sources (in name order) and day totals, and the sources'
    /// sample arrays themselves, shared rather than copied (an archive of millions of samples is not doubled).
    var aggregationInput: (batch: StepBatch, lists: SampleLists) {
        var batch = StepBatch()
        var lists: [ActivityMetric: [[StepSample]]] = [:]
        let names = entries.keys.sorted()
        for name in names {
            guard let entry = entries[name] else { continue }
            let index = batch.add(entry.source)
            batch.dailyTotals += entry.days.map { DailyStepTotal(source: index, day: $0.key, steps: $0.value) }
        }
        for metric in ActivityMetric.allCases {
            let perSource = names.map { name in
                metric == .steps ? entries[name]?.samples ?? [] : entries[name]?.activity[metric] ?? []
            }
            if perSource.contains(where: { !$0.isEmpty }) { lists[metric] = perSource }
        }
        return (batch, SampleLists(sourceCount: names.count, lists: lists))
    }

    /// The blobs the cache stores: `samples/<source>` and `days/<source>`.
    var blobs: [String: Data] {
        var result: [String: Data] = [:]
        for (name, entry) in entries {
            result[ActivityMetric.steps.blobPrefix + name] = Self.blob(entry.samples, kind: entry.source.kind)
            for (metric, samples) in entry.activity where !samples.isEmpty {
                result[metric.blobPrefix + name] = Self.blob(samples, kind: entry.source.kind)
            }
            var days = Data([UInt8(entry.source.kind.rawValue)])
            for (day, steps) in entry.days.sorted(by: { $0.key < $1.key }) {
                days.append(Self.bytes(UInt64(bitPattern: day.dayNumber)))
                days.append(Self.bytes(steps.bitPattern))
            }
            result["days/" + name] = days
        }
        return result
    }

    /// A sample blob: the source's kind, then (start, end, amount) as little-endian doubles per sample.
    private static func blob(_ samples: [StepSample], kind: StepSource.Kind) -> Data {
        // Written straight into the blob: a million samples are 24 MB, not to be built twice.
        var data = Data(count: 1 + samples.count * 24)
        data.withUnsafeMutableBytes { raw in
            raw[0] = UInt8(kind.rawValue)
            var offset = 1
            for sample in samples {
                for value in [sample.start, sample.end, sample.steps] {
                    raw.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
                    offset += 8
                }
            }
        }
        return data
    }

    /// Reads the blobs back; damaged ones are reported by name.
    init(blobs: consuming [String: Data]) throws(StepArchiveError) {
        // Each blob is decoded straight into its samples and let go before the next, so loading a large archive
        // holds the blobs and the samples together only one blob at a time.
        for key in Array(blobs.keys) {
            guard let data = blobs.removeValue(forKey: key) else { continue }
            let metric = ActivityMetric.allCases.first { key.hasPrefix($0.blobPrefix) }
            let isSamples = metric != nil
            guard isSamples || key.hasPrefix("days/") else { continue }
            let name = String(key.drop { $0 != "/" }.dropFirst())
            let width = isSamples ? 24 : 16
            guard let kindByte = data.first, let kind = StepSource.Kind(rawValue: Int(kindByte)),
                (data.count - 1) % width == 0
            else { throw StepArchiveError.damaged(key) }
            var entry = entries[name] ?? Entry(source: StepSource(name: name, kind: kind), samples: [], days: [:])
            entries[name] = nil
            data.dropFirst().withUnsafeBytes { raw in
                func word(_ index: Int) -> UInt64 {
                    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
                }
                let count = raw.count / 8
                if let metric {
                    var samples: [StepSample] = []
                    samples.reserveCapacity(count / 3)
                    for index in stride(from: 0, to: count, by: 3) {
                        samples.append(
                            StepSample(
                                source: 0, start: Double(bitPattern: word(index)),
                                end: Double(bitPattern: word(index + 1)), steps: Double(bitPattern: word(index + 2))))
                    }
                    if metric == .steps { entry.samples = samples } else { entry.activity[metric] = samples }
                } else {
                    for index in stride(from: 0, to: count, by: 2) {
                        entry.days[StepDay(dayNumber: Int64(bitPattern: word(index)))] = Double(
                            bitPattern: word(index + 1))
                    }
                }
            }
            entries[name] = entry
        }
    }

    private static func bytes(_ value: UInt64) -> Data {
        withUnsafeBytes(of: value.littleEndian) { Data($0) }
    }
}

/// The cache's step data could not be read back.
enum StepArchiveError: Error, CustomStringConvertible {
    /// A stored blob has the wrong size or kind.
    case damaged(String)

    var description: String {
        switch self {
        case .damaged(let key):
            "the cached step data \"\(key)\" is damaged; re-import the files (weft steps import FILE…)"
        }
    }
}
