/// Which of a Google Fit Takeout's derived step streams an import counts.
///
/// `All Data/` holds several `derived:com.google.step_count.delta:…` streams of the same steps: `estimated_steps`
/// (what the Fit app shows), `merge_step_deltas` (every source merged, before Google's estimate) and each device's
/// raw `top_level`. Their points are cut differently, so neither a sum nor a per-minute maximum across them is the
/// day's count: one stream is taken, `estimated_steps`, else `merge_step_deltas`, else the raw ones with each device
/// counted from one stream only.
struct GoogleFitStream: Sendable, Hashable {
    /// How the stream was made, in the order it is preferred.
    enum Kind: Int, Sendable, Comparable {
        case estimated, merged, raw

        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The stream's last name part (`estimated_steps`, `merge_step_deltas`, `top_level`), for messages.
    let name: String
    /// What kind of stream it is.
    let kind: Kind

    /// The stream a file holds, from its `Data Source` (`derived:com.google.step_count.delta:…:estimated_steps`),
    /// else from its file name (Takeout names files after the stream, with `(1)` added when two share a name).
    init(dataSource: String?, file: String) {
        if let dataSource, let last = dataSource.split(separator: ":").last, !last.isEmpty {
            name = String(last)
        } else {
            let base = file.split(separator: "/").last.map(String.init) ?? file
            name =
                ["estimated_steps", "merge_step_deltas"].first { base.contains($0) }
                ?? (base.hasSuffix(".json") ? String(base.dropLast(5)) : base)
        }
        kind =
            switch name {
            case "estimated_steps": .estimated
            case "merge_step_deltas": .merged
            default: .raw
            }
    }

    /// The batches of the streams to count, and a line saying which stream was used when there was a choice; nil
    /// when a single stream was read.
    static func choose(_ streams: [(stream: GoogleFitStream, batch: StepBatch)]) -> (
        batches: [StepBatch], note: String?
    ) {
        guard let best = streams.map(\.stream.kind).min() else { return ([], nil) }
        let chosen = streams.filter { $0.stream.kind == best }
        let left = Set(streams.filter { $0.stream.kind != best }.map(\.stream.name)).sorted()
        var batches = chosen.map(\.batch)
        if best == .raw { batches = onePerDevice(batches) }
        let names = Set(chosen.map(\.stream.name)).sorted()
        guard !left.isEmpty || names.count > 1 else { return (batches, nil) }
        let used =
            switch best {
            case .estimated: "Google Fit: counted the estimated_steps stream (what the Fit app shows)"
            case .merged: "Google Fit: counted the merge_step_deltas stream (no estimated_steps was given)"
            case .raw:
                "Google Fit: counted the device streams \(names.joined(separator: ", ")), each device once "
                    + "(no estimated_steps or merge_step_deltas was given)"
            }
        return (batches, left.isEmpty ? used : used + "; left out \(left.joined(separator: ", "))")
    }

    /// Raw streams with each device (a point's origin, the batch's source) kept from the stream holding the most of
    /// its points, so a device in two raw streams is not counted twice.
    private static func onePerDevice(_ batches: [StepBatch]) -> [StepBatch] {
        var best: [String: (batch: Int, count: Int)] = [:]
        for (index, batch) in batches.enumerated() {
            var counts = [Int](repeating: 0, count: batch.sources.count)
            for sample in batch.samples { counts[sample.source] += 1 }
            for (source, count) in counts.enumerated() where count > (best[batch.sources[source].name]?.count ?? -1) {
                best[batch.sources[source].name] = (index, count)
            }
        }
        return batches.enumerated().map { index, batch in
            batch.keeping { best[$0.name]?.batch == index }
        }
    }
}
