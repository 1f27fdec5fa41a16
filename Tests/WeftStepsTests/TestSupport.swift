import Foundation
import WeftCore
import WeftPrimitives
import WeftTestSupport

@testable import WeftSteps

enum Fixture {
    static func path(_ relative: String) -> String { FixtureFiles.path("steps", relative) }
}

func stepDay(_ text: String) -> StepDay {
    guard let day = StepDay(iso: text) else { fatalError("bad day \(text)") }
    return day
}

/// Imports a fixture and aggregates it in one zone.
func totals(
    _ relative: String, tz: String, format: StepFormat? = nil, dedup: DedupMode = .priority, priority: [String] = []
) throws -> (batch: StepBatch, totals: StepTotals) {
    let options = StepImportOptions(timeZone: zone(tz), format: format)
    let batch = try StepImporter.importFile(atPath: Fixture.path(relative), options: options)
    let totals = StepAggregator.aggregate(
        batch, options: StepAggregationOptions(timeZone: zone(tz), dedup: dedup, priority: priority))
    return (batch, totals)
}

func importText(
    _ text: String, file: String = "test.csv", tz: String = "UTC", format: StepFormat? = nil,
    lenient: Bool = false
) throws(StepImportError) -> StepBatch {
    try StepImporter.importData(
        Array(text.utf8), file: file, options: StepImportOptions(timeZone: zone(tz), format: format, lenient: lenient))
}
