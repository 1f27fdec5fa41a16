import Foundation
import WeftCore
import WeftPrimitives

/// Every imported sample and day total, per source, as the cache keeps them between imports.
///
/// A new import replaces, per source, what an earlier import said about the same span of time (the newest import
/// of a source and interval wins), so re-importing a file or an overlapping export never counts a step twice.
///
/// The cache keeps one record per metric, source and UTC month of the samples' starts (`samples@2024-03/NAME`,
/// `distance@2024-03/NAME`, …) and one per source for day totals (`days/NAME`), so an import reads, aggregates and
/// writes only the months its data covers (``Scope``): its memory follows the export, not the history kept.
/// Archives written before months were kept apart (`samples/NAME`, one record per source and metric) still load,
/// and the next import rewrites them by month.
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

        func list(_ metric: ActivityMetric) -> [StepSample] { metric == .steps ? samples : activity[metric] ?? [] }
    }

    /// What an import touches: the months to read and the local days whose totals it decides.
    struct Scope: Sendable {
        /// UTC months (year × 12 + month − 1) whose samples are read: the batch's spans with a margin for the
        /// longest sample and the widest zone offset, so every sample touching one of `days` is among them.
        var months: Set<Int>
        /// The local days whose totals the import may change, as ranges of day numbers sorted and apart (a span
        /// of years is one range, not a day each).
        var days: [ClosedRange<Int64>]
        /// Per metric and source name, the span of starts [first, last) the batch's samples replace.
        var replaced: [Key: (first: Double, last: Double)]

        /// Whether the import decides `day`'s totals.
        func decides(_ day: StepDay) -> Bool {
            var (low, high) = (0, days.count)
            while low < high {
                let middle = (low + high) / 2
                if days[middle].upperBound < day.dayNumber { low = middle + 1 } else { high = middle }
            }
            return low < days.count && days[low].contains(day.dayNumber)
        }
    }

    /// A metric of one source.
    struct Key: Hashable, Sendable {
        var metric: ActivityMetric
        var name: String
    }

    /// One stored record of samples: a metric of one source in one UTC month.
    private struct Chunk: Hashable {
        var key: Key
        var month: Int
    }

    /// The sources by name (only the months read, when the archive was loaded for a ``Scope``).
    var entries: [String: Entry] = [:]
    /// The months whose samples are loaded; nil when all are.
    private(set) var months: Set<Int>?
    /// Chunks whose samples changed since loading.
    private var dirty: Set<Chunk> = []
    /// Sources whose day totals changed.
    private var dirtyDays: Set<String> = []
    /// The keys read from the store.
    private var storedKeys: Set<String> = []
    /// Keys in the format before months were kept apart: rewritten by month, then removed.
    private var legacyKeys: Set<String> = []
    /// Sources dropped whole (a rebuild after the settings changed): every stored record of theirs goes.
    private var dropped: Set<String> = []

    /// The kind of the user's records that hold the archive: imported history is the user's own (the export may be
    /// gone), shared by every steps instance.
    static let recordKind = "steps"

    /// A margin before a span's first start: a sample starting up to 7 days earlier can reach into its days, and a
    /// local day begins up to 14 hours before its UTC date.
    private static let marginBefore: Double = 10 * 86_400
    /// A margin after a span's last end, for the local days after it.
    private static let marginAfter: Double = 3 * 86_400

    /// An empty archive.
    init() {}

    static func == (lhs: StepArchive, rhs: StepArchive) -> Bool { lhs.entries == rhs.entries }

    /// What merging `batch` touches, its local days counted in `zone`.
    static func scope(of batch: StepBatch, zone: TimeZone) -> Scope {
        var scope = Scope(months: [], days: [], replaced: [:])
        func cover(_ first: Double, _ last: Double) {
            let from = Instant.wholeSeconds(sinceEpoch: first - marginBefore)
            let through = Instant.wholeSeconds(sinceEpoch: last + marginAfter)
            for month in month(of: from)...month(of: through) { scope.months.insert(month) }
            let firstDay = StepDay(containing: Date(timeIntervalSince1970: first), in: zone).adding(days: -1)
            let lastDay = StepDay(containing: Date(timeIntervalSince1970: last), in: zone).adding(days: 1)
            scope.days.append(firstDay.dayNumber...max(firstDay.dayNumber, lastDay.dayNumber))
        }
        for metric in ActivityMetric.allCases {
            let list = metric == .steps ? batch.samples : batch.activity[metric] ?? []
            for (index, span) in spans(list) where index < batch.sources.count {
                scope.replaced[Key(metric: metric, name: batch.sources[index].name)] = span
                cover(span.first, span.last)
            }
        }
        for total in batch.dailyTotals {
            let start = total.day.start(in: zone).timeIntervalSince1970
            cover(start, start + 86_400)
        }
        var merged: [ClosedRange<Int64>] = []
        for range in scope.days.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        scope.days = merged
        return scope
    }

    /// The archive as stored: every month, or only `scope`'s months (day totals are always read whole). Samples the
    /// scope's batch replaces are left out as they are read, so a re-imported export is not held twice.
    static func load(from store: any ProviderDataStore, scope: Scope? = nil) throws -> StepArchive {
        var archive = StepArchive()
        archive.months = scope?.months
        var legacy = false
        try store.forEachUserRecord(kind: recordKind) { key in
            guard let parsed = parse(key) else { return false }
            if parsed.metric != nil, parsed.month == nil { legacy = true }
            guard let months = scope?.months, let month = parsed.month else { return true }
            return months.contains(month)
        } body: { key, data in
            try archive.read(key, data, replaced: scope?.replaced ?? [:])
        }
        // An archive from before months were kept apart is read whole, so the next write can rewrite it by month.
        if legacy, scope != nil { return try load(from: store) }
        // Months are read in key order, which is time order for one source; an old record beside them may not be.
        for name in Array(archive.entries.keys) {
            guard var entry = archive.entries[name] else { continue }
            let unordered = ActivityMetric.allCases.filter { !inOrder(entry.list($0)) }
            guard !unordered.isEmpty else { continue }
            archive.entries[name] = nil
            if unordered.contains(.steps) { entry.samples.sort(by: SampleLists.precedes) }
            for metric in unordered where metric != .steps { entry.activity[metric]?.sort(by: SampleLists.precedes) }
            archive.entries[name] = entry
        }
        return archive
    }

    /// The names of every source the stored archive keeps, from its records' keys alone.
    static func sourceNames(in store: any ProviderDataStore) throws -> Set<String> {
        var names: Set<String> = []
        try store.forEachUserRecord(kind: recordKind) { key in
            if let parsed = parse(key) { names.insert(parsed.name) }
            return false
        } body: { _, _ in
        }
        return names
    }

    /// A record's key split into its metric (nil for day totals), month (nil for a record holding every month) and
    /// source name; nil for a key that is none of these.
    private static func parse(_ key: String) -> (metric: ActivityMetric?, month: Int?, name: String)? {
        guard let slash = key.firstIndex(of: "/") else { return nil }
        let head = key[..<slash]
        let name = String(key[key.index(after: slash)...])
        if head == "days" { return (nil, nil, name) }
        let word = head.prefix { $0 != "@" }
        guard let metric = ActivityMetric.allCases.first(where: { $0.blobPrefix.dropLast() == word }) else {
            return nil
        }
        guard word.count < head.count else { return (metric, nil, name) }
        let month = head.dropFirst(word.count + 1).split(separator: "-")
        guard month.count == 2, let year = Int(month[0]), let number = Int(month[1]), (1...12).contains(number) else {
            return nil
        }
        return (metric, year * 12 + number - 1, name)
    }

    /// The UTC month of an instant (whole seconds since 1970).
    private static func month(of seconds: Int64) -> Int {
        let (year, month, _) = CivilDate.civil(fromDays: seconds.floorDiv(86_400))
        return year * 12 + month - 1
    }

    private static func month(ofStart start: Double) -> Int { month(of: Instant.wholeSeconds(sinceEpoch: start)) }

    private static func key(_ chunk: Chunk) -> String {
        // Instants are clamped to years 1…9999, so the month number is positive.
        let (year, month) = (chunk.month / 12, chunk.month % 12 + 1)
        let prefix = chunk.key.metric.blobPrefix.dropLast()
        return "\(prefix)@\(String(format: "%04d-%02d", year, month))/\(chunk.key.name)"
    }

    /// Decodes one stored record into the entries, leaving out samples whose start lies in `replaced`'s span for
    /// their metric and source.
    private mutating func read(_ key: String, _ data: Data, replaced: [Key: (first: Double, last: Double)])
        throws(StepArchiveError)
    {
        guard let parsed = Self.parse(key) else { return }
        storedKeys.insert(key)
        if parsed.metric != nil, parsed.month == nil { legacyKeys.insert(key) }
        let width = parsed.metric != nil ? 24 : 16
        guard let kindByte = data.first, let kind = StepSource.Kind(rawValue: Int(kindByte)),
            (data.count - 1) % width == 0
        else { throw StepArchiveError.damaged(key) }
        let name = parsed.name
        var entry =
            entries.removeValue(forKey: name)
            ?? Entry(source: StepSource(name: name, kind: kind), samples: [], days: [:])
        data.dropFirst().withUnsafeBytes { raw in
            func word(_ index: Int) -> UInt64 {
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            }
            let count = raw.count / 8
            if let metric = parsed.metric {
                let span = replaced[Key(metric: metric, name: name)]
                var samples = entry.list(metric)
                if metric == .steps { entry.samples = [] } else { entry.activity[metric] = nil }
                // Reserved only when every sample is kept: a re-imported month's are mostly left out.
                if span == nil { samples.reserveCapacity(samples.count + count / 3) }
                for index in stride(from: 0, to: count, by: 3) {
                    let start = Double(bitPattern: word(index))
                    if let span, start >= span.first, start < span.last { continue }
                    samples.append(
                        StepSample(
                            source: 0, start: start, end: Double(bitPattern: word(index + 1)),
                            steps: Double(bitPattern: word(index + 2))))
                }
                if metric == .steps { entry.samples = samples } else { entry.activity[metric] = samples }
            } else {
                for index in stride(from: 0, to: count, by: 2) {
                    entry.days[StepDay(dayNumber: Int64(bitPattern: word(index)))] = Double(bitPattern: word(index + 1))
                }
            }
        }
        entries[name] = entry
    }

    private static func inOrder(_ list: [StepSample]) -> Bool {
        for index in list.indices.dropFirst() where SampleLists.precedes(list[index], list[index - 1]) { return false }
        return true
    }

    /// Drops everything of a source (a rebuild after the settings changed reads its files again).
    mutating func drop(_ name: String) {
        entries[name] = nil
        dropped.insert(name)
    }

    /// Merges a new batch: per source, its samples replace the archived ones starting in the span they cover, and its
    /// day totals replace the archived totals of the same days. An archive loaded for a scope is merged with the
    /// batch that scope was made of.
    ///
    /// The batch is consumed one metric at a time, and each list is split by source in place (sorted by source,
    /// the largest source's run kept in the list's own buffer), so an import holds little more than one copy of it.
    mutating func merge(_ batch: consuming StepBatch) {
        var daysBySource: [Int: [StepDay: Double]] = [:]
        for total in batch.dailyTotals {
            // A re-synced duplicate in one file keeps the largest value, as the aggregator does.
            daysBySource[total.source, default: [:]][total.day] = max(
                daysBySource[total.source]?[total.day] ?? 0, total.steps)
        }
        let sources = batch.sources
        for (index, source) in sources.enumerated() {
            var entry = entries.removeValue(forKey: source.name) ?? Entry(source: source, samples: [], days: [:])
            if let days = daysBySource[index] {
                entry.days.merge(days) { _, new in new }
                dirtyDays.insert(source.name)
            }
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
            // Drop what the batch replaces before adding it, so the old and new samples of a re-imported export are
            // not held together.
            for (index, span) in Self.spans(list) where index < sources.count {
                let name = sources[index].name
                guard var entry = entries.removeValue(forKey: name) else { continue }
                let outside = { (sample: StepSample) in sample.start < span.first || sample.start >= span.last }
                var archived = entry.list(metric)
                if metric == .steps { entry.samples = [] } else { entry.activity[metric] = nil }
                if archived.contains(where: { !outside($0) }) { archived = archived.filter(outside) }
                if metric == .steps { entry.samples = archived } else { entry.activity[metric] = archived }
                entries[name] = entry
                for month in Self.month(ofStart: span.first)...Self.month(ofStart: max(span.first, span.last - 1)) {
                    dirty.insert(Chunk(key: Key(metric: metric, name: name), month: month))
                }
            }
            for (index, new) in Self.split(&list) where index < sources.count {
                guard var entry = entries.removeValue(forKey: sources[index].name) else { continue }
                var archived = entry.list(metric)
                if metric == .steps { entry.samples = [] } else { entry.activity[metric] = nil }
                archived = Self.replacing(archived, with: new)
                if metric == .steps { entry.samples = archived } else { entry.activity[metric] = archived }
                entries[sources[index].name] = entry
            }
        }
    }

    /// A list split by source index, each part sorted by start, end and amount with its `source` set to 0. The
    /// largest source's samples stay in the list's own buffer (the others are taken out in place): only the smaller
    /// sources are copied.
    private static func split(_ list: inout [StepSample]) -> [(Int, [StepSample])] {
        var counts: [Int: Int] = [:]
        for sample in list { counts[sample.source, default: 0] += 1 }
        guard let largest = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) })?.key else { return [] }
        var parts: [Int: [StepSample]] = [:]
        for (source, count) in counts where source != largest {
            var part: [StepSample] = []
            part.reserveCapacity(count)
            parts[source] = part
        }
        if counts.count > 1 {
            for sample in list where sample.source != largest {
                parts[sample.source]?.append(
                    StepSample(source: 0, start: sample.start, end: sample.end, steps: sample.steps))
            }
            list.removeAll { $0.source != largest }
        }
        for index in list.indices { list[index].source = 0 }
        var result: [(Int, [StepSample])] = []
        for (source, var part) in parts {
            parts[source] = nil
            if !inOrder(part) { part.sort(by: SampleLists.precedes) }
            result.append((source, part))
        }
        if !inOrder(list) { list.sort(by: SampleLists.precedes) }
        result.append((largest, list))
        list = []
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

    /// `archived` (already without the samples `new` replaces) with `new` (sorted) merged in, sorted by start, end
    /// and amount.
    private static func replacing(_ archived: consuming [StepSample], with new: consuming [StepSample]) -> [StepSample]
    {
        if archived.isEmpty { return new }
        if new.isEmpty { return archived }
        var result: [StepSample] = []
        result.reserveCapacity(archived.count + new.count)
        var (left, right) = (0, 0)
        while left < archived.count, right < new.count {
            if SampleLists.precedes(new[right], archived[left]) {
                result.append(new[right])
                right += 1
            } else {
                result.append(archived[left])
                left += 1
            }
        }
        result.append(contentsOf: archived[left...])
        result.append(contentsOf: new[right...])
        return result
    }

    /// The metrics with loaded data.
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
            let perSource = names.map { name in entries[name]?.list(metric) ?? [] }
            if perSource.contains(where: { !$0.isEmpty }) { lists[metric] = perSource }
        }
        return (batch, SampleLists(sourceCount: names.count, lists: lists))
    }

    /// The records to write: the months that changed (removed when they became empty), the changed day totals, and
    /// the removal of what `drop` dropped; an archive in the old format is rewritten by month. The entries are let
    /// go as they are encoded, so the archive and its records are not held whole together.
    mutating func takeChanges() -> UserRecordChange {
        var change = UserRecordChange(kind: Self.recordKind)
        if !legacyKeys.isEmpty {
            for (name, entry) in entries {
                for metric in ActivityMetric.allCases {
                    for sample in entry.list(metric) {
                        dirty.insert(
                            Chunk(key: Key(metric: metric, name: name), month: Self.month(ofStart: sample.start)))
                    }
                }
                if !entry.days.isEmpty { dirtyDays.insert(name) }
            }
        }
        var byName: [String: [Chunk]] = [:]
        for chunk in dirty { byName[chunk.key.name, default: []].append(chunk) }
        for name in Set(byName.keys).union(dirtyDays).sorted() {
            guard let entry = entries.removeValue(forKey: name) else { continue }
            for chunk in byName[name] ?? [] {
                let samples = entry.list(chunk.key.metric)
                // Sorted by start, so a month is one run.
                let lower = Self.firstIndex(samples) { Self.month(ofStart: $0.start) >= chunk.month }
                let upper = Self.firstIndex(samples) { Self.month(ofStart: $0.start) > chunk.month }
                let key = Self.key(chunk)
                if lower < upper {
                    change.set[key] = Self.blob(samples[lower..<upper], kind: entry.source.kind)
                } else {
                    change.remove.append(key)
                }
            }
            if dirtyDays.contains(name) {
                var days = Data([UInt8(entry.source.kind.rawValue)])
                for (day, steps) in entry.days.sorted(by: { $0.key < $1.key }) {
                    days.append(Self.bytes(UInt64(bitPattern: day.dayNumber)))
                    days.append(Self.bytes(steps.bitPattern))
                }
                change.set["days/" + name] = days
            }
        }
        for key in storedKeys where change.set[key] == nil {
            if legacyKeys.contains(key) || Self.parse(key).map({ dropped.contains($0.name) }) == true {
                change.remove.append(key)
            }
        }
        change.remove.sort()
        dirty = []
        dirtyDays = []
        return change
    }

    /// The first index whose sample `isAfter` holds for, in a list where it holds for a suffix.
    private static func firstIndex(_ samples: [StepSample], _ isAfter: (StepSample) -> Bool) -> Int {
        var (low, high) = (0, samples.count)
        while low < high {
            let middle = (low + high) / 2
            if isAfter(samples[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// A sample blob: the source's kind, then (start, end, amount) as little-endian doubles per sample.
    private static func blob(_ samples: ArraySlice<StepSample>, kind: StepSource.Kind) -> Data {
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
