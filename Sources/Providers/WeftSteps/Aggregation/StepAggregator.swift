import WeftPrimitives

/// Turns a batch into daily totals: drops exact duplicates, spreads samples over minutes, de-duplicates sources per
/// minute and sums local days.
public enum StepAggregator {
    /// Aggregates a batch.
    ///
    /// Samples are spread evenly over the seconds of [start, end) and summed per UTC minute per source. A day whose
    /// samples all say 0 has a total of 0 (it has data); a day without samples has none. Each minute then keeps one
    /// value (by `dedup`) and lands in the local day of its start, so a sample crossing midnight is split between
    /// the days. Day totals cannot be split into minutes, so they are combined by taking, per day, the largest of
    /// the sample-derived total and each source's day total: the values of day-only exports (re-synced duplicates of
    /// one source and day keep the largest) and, for every metric, a source's zero-length samples summed over its
    /// local day (an instant is a count stamped with one moment, such as Garmin Connect's day total written into
    /// Apple Health at 23:59:59, not a minute of walking).
    public static func aggregate(_ batch: StepBatch, options: StepAggregationOptions) -> StepTotals {
        aggregate(batch, options: options, lists: nil)
    }

    /// Aggregates a batch whose timed samples are given as `lists` instead (per metric, one list per source index,
    /// each sorted by start, end and amount): the archive hands over its own arrays, so nothing is copied.
    static func aggregate(_ batch: StepBatch, options: StepAggregationOptions, lists: SampleLists?) -> StepTotals {
        // Each source's place in the priority order (0 first).
        var rank = [Int](repeating: 0, count: batch.sources.count)
        for (place, source) in rankOrder(batch.sources, priority: options.priority).enumerated() {
            rank[source] = place
        }
        var zone = ZoneConverter(timeZone: options.timeZone)
        var totals = StepTotals()
        let lists = lists ?? SampleLists(batch)
        let steps = minuteTotals(lists[.steps], rank: rank, dedup: options.dedup, zone: &zone)
        // The other metrics go through the same per-minute de-duplication, so the Watch's distance wins over the
        // phone's in the minutes where it wins for steps.
        for metric in ActivityMetric.extra where !lists[metric].allSatisfy(\.isEmpty) {
            let found = minuteTotals(lists[metric], rank: rank, dedup: options.dedup, zone: &zone)
            var byDay: [StepDay: Double] = [:]
            for (day, value) in found.days { byDay[StepDay(dayNumber: day)] = value }
            combine(dayTotals: found.instants, into: &byDay) { _, _, _ in }
            totals.activity[metric] = byDay
        }

        for (day, value) in steps.days { totals.days[StepDay(dayNumber: day)] = value }
        for (day, values) in steps.perSource {
            var named: [String: Double] = [:]
            for (index, value) in values where value > 0 && index < batch.sources.count {
                named[batch.sources[index].name] = value
            }
            totals.perSource[StepDay(dayNumber: day)] = named
        }

        // Day-only exports: one value per source and day (the largest, when re-synced).
        var daily: [StepDay: [Int: Double]] = [:]
        for total in batch.dailyTotals {
            let current = daily[total.day]?[total.source] ?? -1
            if total.steps > current { daily[total.day, default: [:]][total.source] = total.steps }
        }
        for (day, values) in steps.instants {
            for (source, value) in values { daily[day, default: [:]][source, default: 0] += value }
        }
        combine(dayTotals: daily, into: &totals.days) { day, source, value in
            guard source < batch.sources.count else { return }
            let name = batch.sources[source].name
            totals.perSource[day, default: [:]][name] = Swift.max(totals.perSource[day]?[name] ?? 0, value)
        }
        return totals
    }

    /// Day totals (per local day, each source's value) combined with the samples' totals `days`: per day the largest
    /// wins, since a day total cannot be split into the minutes where it could be de-duplicated; `perSource` is
    /// told each source's value.
    private static func combine(
        dayTotals: [StepDay: [Int: Double]], into days: inout [StepDay: Double],
        perSource: (StepDay, Int, Double) -> Void
    ) {
        for (day, values) in dayTotals {
            for (source, value) in values {
                perSource(day, source, value)
                days[day] = Swift.max(days[day] ?? 0, value)
            }
        }
    }

    /// One metric's samples spread over UTC minutes and de-duplicated per minute: the de-duplicated total and each
    /// source's own total per local day number.
    ///
    /// Samples are sorted by start, so a UTC day's minutes are complete once a sample starts on a later day; they
    /// are then summed into their local days and dropped, which keeps memory to a few days whatever the history's
    /// length. A day's minutes are a sparse table, one entry per sample and minute it covers, so memory and time
    /// grow with the samples, never with sources × minutes (a file naming 100,000 sources on one day is 100,000
    /// entries, not 144 million slots); the sources' lists are merged through a heap, so each sample costs a
    /// logarithm of the sources, not a scan of them.
    /// Zero-length samples are not spread: they are summed per source and local day (`instants`), to be combined as
    /// day totals.
    private static func minuteTotals(
        _ lists: [[StepSample]], rank: [Int], dedup: DedupMode, zone: inout ZoneConverter
    ) -> (days: [Int64: Double], perSource: [Int64: [Int: Double]], instants: [StepDay: [Int: Double]]) {
        var instants: [StepDay: [Int: Double]] = [:]
        var blocks: [Int64: DayBlock] = [:]
        var dayTotals: [Int64: Double] = [:]
        var sourceTotals: [Int64: [Int: Double]] = [:]
        // One minute's (source, amount) pairs in arrival order, reused.
        var minuteAmounts: [(source: Int, arrival: Int, value: Double)] = []
        // The current local day's total per source index, and which sources it has.
        var perSource = [Double](repeating: 0, count: lists.count)
        var inDay = [Bool](repeating: false, count: lists.count)
        var daySources: [Int] = []

        func flush(_ key: Int64) {
            guard let block = blocks.removeValue(forKey: key) else { return }
            let blockStart = key * 86_400
            let startOffset = zone.offset(atInstant: blockStart)
            let endOffset = zone.offset(atInstant: blockStart + 86_399)
            var currentDay = Int64.min
            var dayValue = 0.0
            var touched = false
            func close() {
                guard touched else { return }
                dayTotals[currentDay, default: 0] += dayValue
                var existing = sourceTotals.removeValue(forKey: currentDay) ?? [:]
                for source in daySources {
                    existing[source, default: 0] += perSource[source]
                    perSource[source] = 0
                    inDay[source] = false
                }
                sourceTotals[currentDay] = existing
                dayValue = 0
                daySources.removeAll(keepingCapacity: true)
                touched = false
            }
            // A source's share of the day, by source index: an array, not a dictionary, since every minute adds to it.
            func count(_ value: Double, for source: Int) {
                if !inDay[source] {
                    inDay[source] = true
                    daySources.append(source)
                }
                perSource[source] += value
            }
            for minute in 0..<1440 where block.heads[minute] >= 0 {
                let instant = blockStart + Int64(minute) * 60
                let offset = startOffset == endOffset ? startOffset : zone.offset(atInstant: instant)
                let day = (instant + Int64(offset)).floorDiv(86_400)
                if day != currentDay {
                    close()
                    currentDay = day
                }
                touched = true
                let head = block.entries[block.heads[minute]]
                if head.next < 0 {
                    // One amount in the minute (one source, one sample): what the loop below makes of it.
                    count(head.value, for: head.source)
                    switch dedup {
                    case .priority: dayValue += head.value > 0 ? head.value : 0
                    case .max: dayValue += Swift.max(0, head.value)
                    }
                    continue
                }
                minuteAmounts.removeAll(keepingCapacity: true)
                var next = block.heads[minute]
                while next >= 0 {
                    let entry = block.entries[next]
                    minuteAmounts.append((entry.source, minuteAmounts.count, entry.value))
                    next = entry.next
                }
                // A source's amounts in a minute are summed in the order they came, as they always were.
                if minuteAmounts.count > 1 { minuteAmounts.sort { ($0.source, $0.arrival) < ($1.source, $1.arrival) } }
                var chosen = 0.0
                var bestRank = Int.max
                var index = 0
                while index < minuteAmounts.count {
                    let source = minuteAmounts[index].source
                    var value = 0.0
                    while index < minuteAmounts.count, minuteAmounts[index].source == source {
                        value += minuteAmounts[index].value
                        index += 1
                    }
                    count(value, for: source)
                    switch dedup {
                    case .priority:
                        let place = source < rank.count ? rank[source] : Int.max - 1
                        if value > 0, place < bestRank {
                            bestRank = place
                            chosen = value
                        }
                    case .max: chosen = Swift.max(chosen, value)
                    }
                }
                dayValue += chosen
            }
            close()
        }

        // The sources' lists are merged by start without copying them; each is sorted, so a source's exact
        // duplicates (re-exports, not extra steps) sit side by side.
        var cursors = [Int](repeating: 0, count: lists.count)
        var heap = StartHeap()
        for (source, list) in lists.enumerated() where !list.isEmpty { heap.push(start: list[0].start, source: source) }
        var completeBefore = Int64.min
        // The UTC day block samples are being added to, held out of `blocks` while samples stay in it (they come by
        // start, so nearly all do): a dictionary lookup per day rather than two per sample.
        var openKey = Int64.min
        var open = DayBlock()
        func park() {
            guard openKey != Int64.min else { return }
            blocks[openKey] = open
            open = DayBlock()
            openKey = Int64.min
        }
        while let chosen = heap.pop() {
            let index = cursors[chosen]
            cursors[chosen] += 1
            let list = lists[chosen]
            if index + 1 < list.count { heap.push(start: list[index + 1].start, source: chosen) }
            var sample = list[index]
            sample.source = chosen
            if index > 0, list[index - 1].start == sample.start, list[index - 1].end == sample.end,
                list[index - 1].steps == sample.steps
            {
                continue
            }
            let first = Self.minute(containing: sample.start)
            let firstKey = first.floorDiv(1440)
            if firstKey > completeBefore {
                park()
                for key in blocks.keys.sorted() where key < firstKey { flush(key) }
                completeBefore = firstKey
            }
            if sample.end <= sample.start {
                let day = StepDay(dayNumber: zone.localDay(ofInstant: Instant.wholeSeconds(sinceEpoch: sample.start)))
                instants[day, default: [:]][sample.source, default: 0] += sample.steps
                continue
            }
            // Readers refuse samples longer than a week; one that is longer here anyway (a cached blob, a reader
            // that missed it) or whose clamped instants say nothing is skipped, so no sample loops for years.
            let last = Self.minute(containing: sample.end)
            guard sample.end - sample.start <= StepSample.maximumDuration, last - first <= 7 * 1440 else { continue }
            let rate = sample.steps / (sample.end - sample.start)
            var minute = first
            while minute <= last, Double(minute) * 60 < sample.end {
                let key = minute.floorDiv(1440)
                if key != openKey {
                    park()
                    open = blocks.removeValue(forKey: key) ?? DayBlock()
                    openKey = key
                }
                let nextDay = (key + 1) * 1440
                while minute <= last, minute < nextDay, Double(minute) * 60 < sample.end {
                    let minuteStart = Double(minute) * 60
                    let overlap = min(sample.end, minuteStart + 60) - max(sample.start, minuteStart)
                    if overlap > 0 {
                        open.append(rate * overlap, minute: Int(minute - key * 1440), source: sample.source)
                    }
                    minute += 1
                }
            }
        }
        park()
        for key in blocks.keys.sorted() { flush(key) }
        return (dayTotals, sourceTotals, instants)
    }

    /// One UTC day's amounts as a sparse table: per minute, a list (in arrival order) of (source, amount) entries,
    /// one per sample covering it; memory grows with the samples, not with the sources.
    private struct DayBlock {
        struct Entry {
            var source: Int
            var value: Double
            var next: Int
        }
        /// Per minute of the day, its first and last entry (-1: none).
        var heads = [Int](repeating: -1, count: 1440)
        var tails = [Int](repeating: -1, count: 1440)
        var entries: [Entry] = []

        mutating func append(_ value: Double, minute: Int, source: Int) {
            let index = entries.count
            entries.append(Entry(source: source, value: value, next: -1))
            if tails[minute] >= 0 { entries[tails[minute]].next = index } else { heads[minute] = index }
            tails[minute] = index
        }
    }

    /// The next sample of each source by (start, source index): a binary min-heap, so merging the lists costs
    /// log(sources) per sample.
    private struct StartHeap {
        private var items: [(start: Double, source: Int)] = []

        private static func before(_ lhs: (start: Double, source: Int), _ rhs: (start: Double, source: Int)) -> Bool {
            lhs.start < rhs.start || (lhs.start == rhs.start && lhs.source < rhs.source)
        }

        mutating func push(start: Double, source: Int) {
            items.append((start, source))
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard Self.before(items[child], items[parent]) else { break }
                items.swapAt(child, parent)
                child = parent
            }
        }

        /// The source whose next sample starts first, removed; nil when every list is done.
        mutating func pop() -> Int? {
            guard let top = items.first else { return nil }
            let last = items.removeLast()
            if !items.isEmpty {
                items[0] = last
                var parent = 0
                while true {
                    let left = 2 * parent + 1
                    guard left < items.count else { break }
                    var smallest = left
                    if left + 1 < items.count, Self.before(items[left + 1], items[left]) { smallest = left + 1 }
                    guard Self.before(items[smallest], items[parent]) else { break }
                    items.swapAt(smallest, parent)
                    parent = smallest
                }
            }
            return top.source
        }
    }

    /// The UTC minute (minutes since 1970) containing an instant; instants outside years 1…9999 are clamped there
    /// (`Instant.wholeSeconds`), so a wild epoch number cannot trap the conversion.
    static func minute(containing seconds: Double) -> Int64 {
        Instant.wholeSeconds(sinceEpoch: seconds).floorDiv(60)
    }

    /// Source indices from highest to lowest priority.
    static func rankOrder(_ sources: [StepSource], priority: [String]) -> [Int] {
        func rank(_ index: Int) -> (Int, Int, Int) {
            let source = sources[index]
            let listed = priority.firstIndex(of: source.name) ?? priority.count
            return (listed, source.kind.rawValue, index)
        }
        return sources.indices.sorted { rank($0) < rank($1) }
    }
}
