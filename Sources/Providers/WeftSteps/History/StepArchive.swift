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
    }

    /// The sources by name.
    var entries: [String: Entry] = [:]

    /// An empty archive.
    init() {}

    /// Merges a new batch: per source, its samples replace the archived ones starting in the span they cover, and its
    /// day totals replace the archived totals of the same days.
    mutating func merge(_ batch: StepBatch) {
        var samplesBySource: [Int: [StepSample]] = [:]
        for sample in batch.samples { samplesBySource[sample.source, default: []].append(sample) }
        var daysBySource: [Int: [StepDay: Double]] = [:]
        for total in batch.dailyTotals {
            // A re-synced duplicate in one file keeps the largest value, as the aggregator does.
            daysBySource[total.source, default: [:]][total.day] = max(
                daysBySource[total.source]?[total.day] ?? 0, total.steps)
        }
        for (index, source) in batch.sources.enumerated() {
            var entry = entries[source.name] ?? Entry(source: source, samples: [], days: [:])
            if let new = samplesBySource[index], !new.isEmpty {
                let first = new.map(\.start).min() ?? 0
                let last = new.map { max($0.end, $0.start + 1) }.max() ?? 0
                let kept = entry.samples.filter { $0.start < first || $0.start >= last }
                entry.samples =
                    (kept + new.map { StepSample(source: 0, start: $0.start, end: $0.end, steps: $0.steps) })
                    .sorted { $0.start < $1.start }
            }
            if let days = daysBySource[index] { entry.days.merge(days) { _, new in new } }
            entries[source.name] = entry
        }
    }

    /// Everything archived as one batch, for the aggregator.
    var batch: StepBatch {
        var batch = StepBatch()
        for name in entries.keys.sorted() {
            guard let entry = entries[name] else { continue }
            let index = batch.add(entry.source)
            batch.samples += entry.samples.map {
                StepSample(source: index, start: $0.start, end: $0.end, steps: $0.steps)
            }
            batch.dailyTotals += entry.days.map { DailyStepTotal(source: index, day: $0.key, steps: $0.value) }
        }
        return batch
    }

    /// The blobs the cache stores: `samples/<source>` and `days/<source>`.
    var blobs: [String: Data] {
        var result: [String: Data] = [:]
        for (name, entry) in entries {
            // One contiguous buffer per blob: a million samples are three million words.
            var words: [UInt64] = []
            words.reserveCapacity(entry.samples.count * 3)
            for sample in entry.samples {
                words.append(sample.start.bitPattern.littleEndian)
                words.append(sample.end.bitPattern.littleEndian)
                words.append(sample.steps.bitPattern.littleEndian)
            }
            var samples = Data([UInt8(entry.source.kind.rawValue)])
            words.withUnsafeBytes { samples.append(contentsOf: $0) }
            result["samples/" + name] = samples
            var days = Data([UInt8(entry.source.kind.rawValue)])
            for (day, steps) in entry.days.sorted(by: { $0.key < $1.key }) {
                days.append(Self.bytes(UInt64(bitPattern: day.dayNumber)))
                days.append(Self.bytes(steps.bitPattern))
            }
            result["days/" + name] = days
        }
        return result
    }

    /// Reads the blobs back; damaged ones are reported by name.
    init(blobs: [String: Data]) throws(StepArchiveError) {
        for (key, data) in blobs {
            let isSamples = key.hasPrefix("samples/")
            guard isSamples || key.hasPrefix("days/") else { continue }
            let name = String(key.drop { $0 != "/" }.dropFirst())
            let width = isSamples ? 24 : 16
            guard let kindByte = data.first, let kind = StepSource.Kind(rawValue: Int(kindByte)),
                (data.count - 1) % width == 0
            else { throw StepArchiveError.damaged(key) }
            var entry = entries[name] ?? Entry(source: StepSource(name: name, kind: kind), samples: [], days: [:])
            let words = data.dropFirst().withUnsafeBytes { raw in
                (0..<(raw.count / 8)).map {
                    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self))
                }
            }
            if isSamples {
                entry.samples.reserveCapacity(words.count / 3)
                for index in stride(from: 0, to: words.count, by: 3) {
                    entry.samples.append(
                        StepSample(
                            source: 0, start: Double(bitPattern: words[index]),
                            end: Double(bitPattern: words[index + 1]),
                            steps: Double(bitPattern: words[index + 2])))
                }
            } else {
                for index in stride(from: 0, to: words.count, by: 2) {
                    entry.days[StepDay(dayNumber: Int64(bitPattern: words[index]))] = Double(
                        bitPattern: words[index + 1])
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
