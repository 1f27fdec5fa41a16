/// Timed samples as the aggregator walks them: per metric, one list per source index, each sorted by start, end and
/// amount (so a source's exact duplicates sit side by side).
struct SampleLists {
    private var lists: [ActivityMetric: [[StepSample]]] = [:]
    private let sourceCount: Int

    /// A metric's lists, one per source (empty for a source without samples).
    subscript(metric: ActivityMetric) -> [[StepSample]] {
        lists[metric] ?? Array(repeating: [], count: sourceCount)
    }

    /// A batch's samples, grouped by source and sorted (a copy).
    init(_ batch: StepBatch) {
        sourceCount = batch.sources.count
        set(.steps, Self.grouped(batch.samples, sourceCount: sourceCount))
        for (metric, samples) in batch.activity { set(metric, Self.grouped(samples, sourceCount: sourceCount)) }
    }

    /// Lists that are already grouped (the archive's own arrays, shared rather than copied); a list that is not
    /// in order is sorted.
    init(sourceCount: Int, lists: [ActivityMetric: [[StepSample]]]) {
        self.sourceCount = sourceCount
        for (metric, perSource) in lists { set(metric, perSource.map(Self.inOrder)) }
    }

    private mutating func set(_ metric: ActivityMetric, _ perSource: [[StepSample]]) {
        lists[metric] = perSource
    }

    static func precedes(_ lhs: StepSample, _ rhs: StepSample) -> Bool {
        (lhs.start, lhs.end, lhs.steps) < (rhs.start, rhs.end, rhs.steps)
    }

    private static func inOrder(_ list: [StepSample]) -> [StepSample] {
        for index in list.indices.dropFirst() where precedes(list[index], list[index - 1]) {
            return list.sorted(by: precedes)
        }
        return list
    }

    private static func grouped(_ samples: [StepSample], sourceCount: Int) -> [[StepSample]] {
        var result = [[StepSample]](repeating: [], count: sourceCount)
        for sample in samples where sample.source < sourceCount { result[sample.source].append(sample) }
        return result.map { $0.sorted(by: precedes) }
    }
}
