import Foundation
import Testing
import WeftCore
import WeftTestSupport

@testable import WeftSteps

/// Inputs the fuzz targets found (Tests/Fixtures/fuzz/SOURCES.md), fed unchanged: each crashed or hung before its fix.
@Suite struct FuzzRegressionTests {
    static func fuzzPath(_ name: String) -> String {
        FixtureFiles.path("fuzz", name)
    }

    @Test func aSampleLastingTwoCenturiesIsABadRowNotCenturiesOfMinutes() throws {
        let path = Self.fuzzPath("apple-health-sample-lasting-200-years.csv")
        let issue = StepIssue(
            file: path, line: 2,
            message: "the sample lasts 73048 days; at most 7 days are accepted (is a year mistyped?)")
        #expect(throws: StepImportError.tooManyBadRows(file: path, bad: 1, total: 4, first: [issue])) {
            try StepImporter.importFile(atPath: path, options: StepImportOptions(timeZone: zone("Europe/Berlin")))
        }

        let batch = try StepImporter.importFile(
            atPath: path, options: StepImportOptions(timeZone: zone("Europe/Berlin"), lenient: true))
        #expect(batch.issues == [issue])
        #expect(batch.samples.count == 3)
        let totals = StepAggregator.aggregate(batch, options: StepAggregationOptions(timeZone: zone("Europe/Berlin")))
        #expect(totals.rounded == [stepDay("2020-12-31"): 369])
    }

    @Test func aWeekLongSampleIsStillAccepted() throws {
        let text = """
            startDate,endDate,value,sourceName
            2024-03-01 00:00:00 +0000,2024-03-08 00:00:00 +0000,7000,Pedometer
            """
        let batch = try importText(text)
        #expect(batch.issues.isEmpty)
        #expect(batch.samples.count == 1)
    }
}
