import WeftPrimitives

/// Turns a batch into daily totals: drops exact duplicates, spreads samples over minutes, de-duplicates sources per
/// minute and sums local days.
public enum StepAggregator {
    /// Aggregates a batch.
    ///
    /// Samples are spread evenly over the seconds of [start, end) and summed per UTC minute per source; a zero-length
    /// sample counts in its start minute. Only minutes that two sources share need a value per minute and source;
    /// the rest of each sample goes straight to its local days, so an hour or day bucket costs no more than a
    /// minute's. A day whose samples all say 0 has a total of 0 (it has data); a day without samples has none. Each minute then keeps one value (by `dedup`) and lands in the local day of
    /// its start, so a sample crossing midnight is split between the days. Daily totals from day-only exports are
    /// combined by taking, per day, the largest of the sample-derived total and each day-only source (re-synced
    /// duplicates of one source and day keep the largest value), because day totals cannot be split into minutes.
    public static func aggregate(_ batch: StepBatch, options: StepAggregationOptions) -> StepTotals {
        let sourceCount = max(batch.sources.count, 1)
        let order = rankOrder(batch.sources, priority: options.priority)
        var zone = ZoneConverter(timeZone: options.timeZone)

        // Per-minute, per-source steps in blocks of one UTC day.
        var blockIndex: [Int64: Int] = [:]
        var blockKeys: [Int64] = []
        var storage: [Double] = []
        // Per block minute: whether any sample covers it, so a day whose samples all say 0 is a day with 0 steps
        // rather than a day without data.
        var covered: [Bool] = []
        let blockSize = 1440 * sourceCount
        var lastKey = Int64.min
        var lastBase = 0

        func base(of key: Int64) -> Int {
            if key == lastKey { return lastBase }
            let found: Int
            if let existing = blockIndex[key] {
                found = existing
            } else {
                found = storage.count
                blockIndex[key] = found
                blockKeys.append(key)
                storage.append(contentsOf: repeatElement(0, count: blockSize))
                covered.append(contentsOf: repeatElement(false, count: 1440))
            }
            lastKey = key
            lastBase = found
            return found
        }

        var dayTotals: [Int64: Double] = [:]
        var sourceTotals: [Int64: [Double]] = [:]
        var lastDay = Int64.min
        var lastDayStart = 0.0
        var lastDayEnd = 0.0

        // Steps of one source that no other source competes with in their minutes: straight to the local days they
        // span, split at local midnight pro rata, which is what summing their minutes would give.
        func addDirect(_ start: Double, _ end: Double, _ steps: Double, _ source: Int) {
            var from = start
            repeat {
                let second = Self.wholeSeconds(from)
                if second < lastDayStart || second >= lastDayEnd {
                    lastDay = zone.localDay(ofInstant: Int64(second))
                    lastDayStart = Double(zone.startOfDay(lastDay))
                    lastDayEnd = Double(zone.startOfDay(lastDay + 1))
                }
                let to = end > from ? max(from, min(end, lastDayEnd)) : from
                let part = end > start ? steps * (to - from) / (end - start) : steps
                dayTotals[lastDay, default: 0] += part
                if sourceTotals[lastDay] == nil { sourceTotals[lastDay] = [Double](repeating: 0, count: sourceCount) }
                sourceTotals[lastDay]?[source] += part
                guard to > from else { return }
                from = to
            } while from < end
        }

        // Steps in minutes two sources share: into the per-minute grid, where `dedup` chooses.
        func addToGrid(_ start: Double, _ end: Double, rate: Double, steps: Double, _ source: Int) {
            if end <= start {
                let minute = Self.minute(containing: start)
                let key = minute.floorDiv(1440)
                let blockBase = base(of: key)
                let minuteOfDay = Int(minute - key * 1440)
                storage[blockBase + minuteOfDay * sourceCount + source] += steps
                covered[blockBase / sourceCount + minuteOfDay] = true
                return
            }
            var minute = Self.minute(containing: start)
            while Double(minute) * 60 < end {
                let minuteStart = Double(minute) * 60
                let overlap = min(end, minuteStart + 60) - max(start, minuteStart)
                if overlap > 0 {
                    let key = minute.floorDiv(1440)
                    let blockBase = base(of: key)
                    let minuteOfDay = Int(minute - key * 1440)
                    storage[blockBase + minuteOfDay * sourceCount + source] += rate * overlap
                    covered[blockBase / sourceCount + minuteOfDay] = true
                }
                minute += 1
            }
        }

        // Sorting puts exact duplicates side by side and keeps the minute blocks warm; exports are nearly in time
        // order already, which the standard library's merge sort handles in close to linear time.
        let samples = batch.samples.sorted {
            ($0.start, $0.source, $0.end, $0.steps) < ($1.start, $1.source, $1.end, $1.steps)
        }
        let contested = contestedMinutes(samples, sourceCount: batch.sources.count)
        var next = 0
        for index in samples.indices {
            let sample = samples[index]
            // Exact duplicate rows (same source, interval and value) are re-exports, not extra steps.
            if index > 0, samples[index - 1] == sample { continue }
            let range = Self.minutes(of: sample)
            while next < contested.count, contested[next].end <= range.start { next += 1 }
            let rate = sample.end > sample.start ? sample.steps / (sample.end - sample.start) : 0
            if sample.end <= sample.start {
                if next < contested.count, contested[next].start < range.end {
                    addToGrid(sample.start, sample.start, rate: 0, steps: sample.steps, sample.source)
                } else {
                    addDirect(sample.start, sample.start, sample.steps, sample.source)
                }
                continue
            }
            var cursor = sample.start
            var shared = next
            while shared < contested.count, contested[shared].start < range.end {
                let from = max(sample.start, Double(contested[shared].start) * 60)
                let to = min(sample.end, Double(contested[shared].end) * 60)
                if from > cursor { addDirect(cursor, from, rate * (from - cursor), sample.source) }
                if to > from { addToGrid(from, to, rate: rate, steps: 0, sample.source) }
                cursor = max(cursor, to)
                shared += 1
            }
            if cursor < sample.end { addDirect(cursor, sample.end, rate * (sample.end - cursor), sample.source) }
        }

        var totals = StepTotals()
        for key in blockKeys.sorted() {
            guard let blockBase = blockIndex[key] else { continue }
            let blockStart = key * 86_400
            let startOffset = zone.offset(atInstant: blockStart)
            let endOffset = zone.offset(atInstant: blockStart + 86_399)
            var currentDay = Int64.min
            var dayValue = 0.0
            var perSource = [Double](repeating: 0, count: sourceCount)
            var touched = false
            func flush() {
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
                let slot = blockBase + minute * sourceCount
                var any = false
                for index in 0..<sourceCount where storage[slot + index] > 0 {
                    any = true
                    break
                }
                guard any || covered[blockBase / sourceCount + minute] else { continue }
                let instant = blockStart + Int64(minute) * 60
                let offset = startOffset == endOffset ? startOffset : zone.offset(atInstant: instant)
                let day = (instant + Int64(offset)).floorDiv(86_400)
                if day != currentDay {
                    flush()
                    currentDay = day
                }
                touched = true
                var chosen = 0.0
                switch options.dedup {
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
            flush()
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

    /// The minutes where two or more sources have samples, as sorted, disjoint [start, end) minute ranges.
    ///
    /// Only there does `dedup` have a choice to make; each source's samples are merged into ranges first, and the
    /// ranges of every pair of sources intersected (linear in the samples for the usual two or three sources).
    static func contestedMinutes(_ samples: [StepSample], sourceCount: Int) -> [(start: Int64, end: Int64)] {
        guard sourceCount > 1 else { return [] }
        var ranges = [[(start: Int64, end: Int64)]](repeating: [], count: sourceCount)
        for sample in samples where sample.source < sourceCount {
            let range = minutes(of: sample)
            if let last = ranges[sample.source].last, range.start <= last.end {
                ranges[sample.source][ranges[sample.source].count - 1].end = max(last.end, range.end)
            } else {
                ranges[sample.source].append(range)
            }
        }
        let used = ranges.indices.filter { !ranges[$0].isEmpty }
        var shared: [(start: Int64, end: Int64)] = []
        for (position, first) in used.enumerated() {
            for second in used[(position + 1)...] {
                var left = 0
                var right = 0
                let a = ranges[first]
                let b = ranges[second]
                while left < a.count, right < b.count {
                    let start = max(a[left].start, b[right].start)
                    let end = min(a[left].end, b[right].end)
                    if start < end { shared.append((start, end)) }
                    if a[left].end < b[right].end { left += 1 } else { right += 1 }
                }
            }
        }
        if used.count > 2 { shared.sort { $0.start < $1.start } }
        var merged: [(start: Int64, end: Int64)] = []
        for range in shared {
            if let last = merged.last, range.start <= last.end {
                merged[merged.count - 1].end = max(last.end, range.end)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// The UTC minutes a sample touches, [start, end); a zero-length sample touches its start minute.
    static func minutes(of sample: StepSample) -> (start: Int64, end: Int64) {
        let start = minute(containing: sample.start)
        guard sample.end > sample.start else { return (start, start + 1) }
        let last = minute(containing: sample.end)
        return (start, Double(last) * 60 < sample.end ? last + 1 : last)
    }

    /// The UTC minute (minutes since 1970) containing an instant; instants beyond ±10^14 s are clamped there, so a
    /// wild epoch number cannot trap the conversion.
    static func minute(containing seconds: Double) -> Int64 {
        Int64((wholeSeconds(seconds) / 60).rounded(.down))
    }

    /// The instant rounded down to a whole second, clamped to ±10^14 s (and 0 for NaN).
    static func wholeSeconds(_ seconds: Double) -> Double {
        guard !seconds.isNaN else { return 0 }
        return min(max(seconds.rounded(.down), -1e14), 1e14)
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
