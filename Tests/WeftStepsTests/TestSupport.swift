import Foundation
import WeftCore
import WeftPrimitives

@testable import WeftSteps

enum Fixture {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/steps")

    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}

func zone(_ identifier: String) -> TimeZone {
    guard let zone = TimeZone(identifier: identifier) else { fatalError("unknown zone \(identifier)") }
    return zone
}

func day(_ text: String) -> StepDay {
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

/// An instant from an ISO text with offset.
func instant(_ text: String) -> Date {
    guard let date = ISOInstant.parse(text) else { fatalError("bad instant \(text)") }
    return date
}
