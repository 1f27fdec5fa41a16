import Foundation
import Testing

@testable import WeftSteps

@Suite struct StepArchiveTests {
    func batch(_ samples: [(String, Double, Double, Double)], days: [(String, StepDay, Double)] = []) -> StepBatch {
        var batch = StepBatch()
        for (source, start, end, steps) in samples {
            let index = batch.source(named: source, device: source.contains("Watch") ? "Apple Watch" : "")
            batch.samples.append(StepSample(source: index, start: start, end: end, steps: steps))
        }
        for (source, day, steps) in days {
            batch.dailyTotals.append(DailyStepTotal(source: batch.source(named: source), day: day, steps: steps))
        }
        return batch
    }

    @Test func newerImportReplacesTheSpanItCoversPerSource() {
        var archive = StepArchive()
        archive.merge(batch([("iPhone", 0, 60, 10), ("iPhone", 600, 660, 20), ("Watch", 0, 60, 7)]))
        // A later export of the iPhone from t = 300 on: the sample at 600 is replaced, the one at 0 stays.
        archive.merge(batch([("iPhone", 300, 360, 5), ("iPhone", 600, 660, 25)]))
        #expect(archive.entries["iPhone"]?.samples.map(\.steps) == [10, 5, 25])
        #expect(archive.entries["Watch"]?.samples.map(\.steps) == [7], "other sources are untouched")
        archive.merge(batch([("iPhone", 300, 360, 5), ("iPhone", 600, 660, 25)]))
        #expect(archive.entries["iPhone"]?.samples.count == 3, "re-importing the same export changes nothing")
    }

    @Test func blobsRoundTripWithSourceKinds() throws {
        var archive = StepArchive()
        let day = StepDay(year: 2026, month: 3, day: 10)
        archive.merge(
            batch([("Anna's Apple Watch", 1.5, 61.25, 12.5), ("iPhone", -30, 0, 3)], days: [("Google Fit", day, 8421)]))
        let restored = try StepArchive(blobs: archive.blobs)
        #expect(restored == archive)
        #expect(
            restored.entries["Anna's Apple Watch"]?.source.kind == archive.entries["Anna's Apple Watch"]?.source.kind)
        #expect(throws: StepArchiveError.self) { try StepArchive(blobs: ["samples/x": Data([0, 1, 2])]) }
    }
}
