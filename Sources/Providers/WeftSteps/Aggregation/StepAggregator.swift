import WeftPrimitives

/// Turns a batch into daily totals: drops exact duplicates, spreads samples over minutes, de-duplicates sources per
/// minute and sums local days.
public enum StepAggregator {
    /// Aggregates a batch.
    ///
    /// Samples are spread evenly over the seconds of [start, end) and summed per UTC minute per source; a zero-length
    /// sample counts in its start minute. A day whose samples all say 0 has a total of 0 (it has data); a day without
    /// samples has none. Each minute then keeps one value (by `dedup`) and lands in the local day of
    /// its start, so a sample crossing midnight is split between the days. Daily totals from day-only exports are
    /// combined by taking, per day, the largest of the sample-derived total and each day-only source (re-synced
    /// duplicates of one source and day keep the largest value), because day totals cannot be split into minutes.
    public static func aggregate(_ batch: StepBatch, options: StepAggregationOptions) -> StepTotals {
        aggregate(batch, options: options, lists: nil)
    }

    /// Aggregates a batch whose timed samples are given as `lists` instead (per metric, one list per source index,
    /// each sorted by start, end and amount): the archive hands over its own arrays, so nothing is copied.
    static func aggregate(_ batch: StepBatch, options: StepAggregationOptions, lists: SampleLists?) -> StepTotals {
        let sourceCount = max(batch.sources.count, 1)
        let order = rankOrder(batch.sources, priority: options.priority)
        var zone = ZoneConverter(timeZone: options.timeZone)
        var totals = StepTotals()
        let lists = lists ?? SampleLists(batch)
        let (dayTotals, sourceTotals) = minuteTotals(
            lists[.steps], sourceCount: sourceCount, order: order, dedup: options.dedup, zone: &zone)
        // The other metrics go through the same per-minute de-duplication, so the Watch's distance wins over the
        // phone's in the minutes where it wins for steps.
        for metric in ActivityMetric.extra where !lists[metric].allSatisfy(\.isEmpty) {
            let (days, _) = minuteTotals(
                lists[metric], sourceCount: sourceCount, order: order, dedup: options.dedup, zone: &zone)
            var byDay: [StepDay: Double] = [:]
            for (day, value) in days { byDay[StepDay(dayNumber: day)] = value }
            totals.activity[metric] = byDay
        }

        for (day, value) in dayTotals { totals.days[StepDay(dayNumber: day)] = value }
        for (day, values) in sourceTotals {
            var named: [String: Double] = [:]
            for (index, value) in values.enumerated() where value > 0 && index < batch.sources.count {
                named[batch.sources[index].name] = value
            }
            totals.perSource[StepDay(dayNumber: day)] = named
        }

        // Day-only exports: one value per source and day (the largest, when re-synced), then the day's largest.
        var daily: [StepDay: [Int: Double]] = [:]
        for total in batch.dailyTotals {
            let current = daily[total.day]?[total.source] ?? -1
            if total.steps > current { daily[total.day, default: [:]][total.source] = total.steps }
        }
        for (day, values) in daily {
            for (source, value) in values {
                totals.perSource[day, default: [:]][batch.sources[source].name] = value
                totals.days[day] = Swift.max(totals.days[day] ?? 0, value)
            }
        }
        return totals
    }

    /// One metric's samples spread over UTC minutes and de-duplicated per minute: the de-duplicated total and each
    /// source's own total per local day number.
    ///
    /// Samples are sorted by start, so a UTC day's minute block is complete once a sample starts on a later day; it
    /// is then summed into its local days and dropped, which keeps memory to a few blocks whatever the history's
    /// length.
    private static func minuteTotals(
        _ lists: [[StepSample]], sourceCount: Int, order: [Int], dedup: DedupMode, zone: inout ZoneConverter
    ) -> (days: [Int64: Double], perSource: [Int64: [Double]]) {
        var blocks: [Int64: [Double]] = [:]
        // Per block minute: whether any sample covers it, so a day whose samples all say 0 is a day with 0 steps
        // rather than a day without data.
        var covered: [Int64: [Bool]] = [:]
        let blockSize = 1440 * sourceCount
        var dayTotals: [Int64: Double] = [:]
        var sourceTotals: [Int64: [Double]] = [:]

        func flush(_ key: Int64) {
            guard let storage = blocks.removeValue(forKey: key) else { return }
            let coveredMinutes = covered.removeValue(forKey: key) ?? []
            let blockStart = key * 86_400
            let startOffset = zone.offset(atInstant: blockStart)
            let endOffset = zone.offset(atInstant: blockStart + 86_399)
            var currentDay = Int64.min
            var dayValue = 0.0
            var perSource = [Double](repeating: 0, count: sourceCount)
            var touched = false
            func close() {
                guard touched else { return }
                dayTotals[currentDay, default: 0] += dayValue
                if var existing = sourceTotals[currentDay] {
                    for index in 0..<sourceCount { existing[index] += perSource[index] }
                    sourceTotals[currentDay] = existing
                } else {
                    sourceTotals[currentDay] = perSource
                }
                dayValue = 0
                for index in 0..<sourceCount { perSource[index] = 0 }
                touched = false
            }
            for minute in 0..<1440 {
                let slot = minute * sourceCount
                var any = false
                for index in 0..<sourceCount where storage[slot + index] > 0 {
                    any = true
                    break
                }
                guard any || (minute < coveredMinutes.count && coveredMinutes[minute]) else { continue }
                let instant = blockStart + Int64(minute) * 60
                let offset = startOffset == endOffset ? startOffset : zone.offset(atInstant: instant)
                let day = (instant + Int64(offset)).floorDiv(86_400)
                if day != currentDay {
                    close()
                    currentDay = day
                }
                touched = true
                var chosen = 0.0
                switch dedup {
                case .priority:
                    for index in order where storage[slot + index] > 0 {
                        chosen = storage[slot + index]
                        break
                    }
                case .max:
                    for index in 0..<sourceCount { chosen = Swift.max(chosen, storage[slot + index]) }
                }
                dayValue += chosen
                for index in 0..<sourceCount { perSource[index] += storage[slot + index] }
            }
            close()
        }

        func add(_ value: Double, minute: Int64, source: Int) {
            let key = minute.floorDiv(1440)
            let slot = Int(minute - key * 1440) * sourceCount + source
            if blocks[key] == nil {
                blocks[key] = [Double](repeating: 0, count: blockSize)
                covered[key] = [Bool](repeating: false, count: 1440)
            }
            blocks[key]?[slot] += value
            covered[key]?[Int(minute - key * 1440)] = true
        }

        // The sources' lists are merged by start without copying them; each is sorted, so a source's exact
        // duplicates (re-exports, not extra steps) sit side by side.
        var cursors = [Int](repeating: 0, count: lists.count)
        var completeBefore = Int64.min
        while true {
            var chosen = -1
            var earliest = Double.infinity
            for (source, list) in lists.enumerated() where cursors[source] < list.count {
                let start = list[cursors[source]].start
                if chosen < 0 || start < earliest {
                    chosen = source
                    earliest = start
                }
            }
            guard chosen >= 0 else { break }
            let index = cursors[chosen]
            cursors[chosen] += 1
            let list = lists[chosen]
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
                for key in blocks.keys.sorted() where key < firstKey { flush(key) }
                completeBefore = firstKey
            }
            if sample.end <= sample.start {
                add(sample.steps, minute: first, source: sample.source)
                continue
            }
            // Readers refuse samples longer than a week; one that is longer here anyway (a cached blob, a reader
            // that missed it) or whose clamped instants say nothing is skipped, so no sample loops for years.
            let last = Self.minute(containing: sample.end)
            guard sample.end - sample.start <= StepSample.maximumDuration, last - first <= 7 * 1440 else { continue }
            let rate = sample.steps / (sample.end - sample.start)
            var minute = first
            while minute <= last, Double(minute) * 60 < sample.end {
                let minuteStart = Double(minute) * 60
                let overlap = min(sample.end, minuteStart + 60) - max(sample.start, minuteStart)
                if overlap > 0 { add(rate * overlap, minute: minute, source: sample.source) }
                minute += 1
            }
        }
        for key in blocks.keys.sorted() { flush(key) }
        return (dayTotals, sourceTotals)
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
