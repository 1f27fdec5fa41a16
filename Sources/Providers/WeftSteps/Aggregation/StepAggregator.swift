import WeftPrimitives

/// Turns a batch into daily totals: drops exact duplicates, spreads samples over minutes, de-duplicates sources per
/// minute and sums local days.
public enum StepAggregator {
    /// Aggregates a batch.
    ///
    /// Samples are spread evenly over the seconds of [start, end) and summed per UTC minute per source; a zero-length
    /// sample counts in its start minute. Each minute then keeps one value (by `dedup`) and lands in the local day of
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
            }
            lastKey = key
            lastBase = found
            return found
        }

        // Sorting puts exact duplicates side by side and keeps the minute blocks warm; exports are nearly in time
        // order already, which the standard library's merge sort handles in close to linear time.
        let samples = batch.samples.sorted {
            ($0.start, $0.source, $0.end, $0.steps) < ($1.start, $1.source, $1.end, $1.steps)
        }
        for index in samples.indices {
            let sample = samples[index]
            // Exact duplicate rows (same source, interval and value) are re-exports, not extra steps.
            if index > 0, samples[index - 1] == sample { continue }
            if sample.end <= sample.start {
                let minute = Int64((sample.start / 60).rounded(.down))
                let key = minute.floorDiv(1440)
                let slot = base(of: key) + Int(minute - key * 1440) * sourceCount + sample.source
                storage[slot] += sample.steps
                continue
            }
            let rate = sample.steps / (sample.end - sample.start)
            var minute = Int64((sample.start / 60).rounded(.down))
            while Double(minute) * 60 < sample.end {
                let minuteStart = Double(minute) * 60
                let overlap = min(sample.end, minuteStart + 60) - max(sample.start, minuteStart)
                if overlap > 0 {
                    let key = minute.floorDiv(1440)
                    let slot = base(of: key) + Int(minute - key * 1440) * sourceCount + sample.source
                    storage[slot] += rate * overlap
                }
                minute += 1
            }
        }

        var totals = StepTotals()
        var dayTotals: [Int64: Double] = [:]
        var sourceTotals: [Int64: [Double]] = [:]
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
                guard any else { continue }
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
