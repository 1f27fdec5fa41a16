import Foundation
import Testing
import WeftCore
import WeftPrimitives
import WeftTestSupport

@testable import WeftSteps

@Suite struct TimeTests {
    @Test func stepDaysKnowTheirWeekdayAndZoneStart() {
        #expect(stepDay("2026-03-10").weekday == 2)  // Tuesday (ISO)
        #expect(stepDay("1970-01-01").weekday == 4)  // Thursday
        #expect(stepDay("1969-12-28").weekday == 7)  // Sunday, before the epoch
        #expect(stepDay("2024-03-31").start(in: zone("Europe/Berlin")) == instant("2024-03-30T23:00:00Z"))
        #expect(stepDay("2024-04-01").start(in: zone("Europe/Berlin")) == instant("2024-03-31T22:00:00Z"))
        #expect(
            StepDay(containing: instant("2024-03-31T21:59:59Z"), in: zone("Europe/Berlin")) == stepDay("2024-03-31"))
        #expect(
            StepDay(containing: instant("2024-03-31T22:00:00Z"), in: zone("Europe/Berlin")) == stepDay("2024-04-01"))
        #expect(StepDay(iso: "2024-02-30") == nil)
    }

    @Test func stepDaysAreWrittenAsTheirDate() throws {
        let json = try JSONEncoder().encode([stepDay("2026-12-24")])
        #expect(String(decoding: json, as: UTF8.self) == #"["2026-12-24"]"#)
        #expect(try JSONDecoder().decode([StepDay].self, from: json) == [stepDay("2026-12-24")])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([StepDay].self, from: Data(#"["2024-02-30"]"#.utf8))
        }
    }

    @Test func wallClockTimesInTheRepeatedAutumnHourTakeTheFirstOccurrence() {
        var converter = ZoneConverter(timeZone: zone("Europe/Berlin"))
        let wall = CivilDate.daysFromCivil(year: 2024, month: 10, day: 27) * 86_400 + 2 * 3600 + 30 * 60
        #expect(converter.instant(wallSeconds: wall) == Int64(instant("2024-10-27T00:30:00Z").timeIntervalSince1970))
        let after = CivilDate.daysFromCivil(year: 2024, month: 10, day: 27) * 86_400 + 4 * 3600
        #expect(converter.instant(wallSeconds: after) == Int64(instant("2024-10-27T03:00:00Z").timeIntervalSince1970))
        let gap = CivilDate.daysFromCivil(year: 2024, month: 3, day: 31) * 86_400 + 2 * 3600 + 30 * 60
        // 02:30 does not exist on the spring day; it is read with the winter offset (03:30 CEST).
        #expect(converter.instant(wallSeconds: gap) == Int64(instant("2024-03-31T01:30:00Z").timeIntervalSince1970))
    }

    @Test func severalFilesMergeTheirSources() throws {
        let paths = ["apple_health/radcliffe_backslash_StepCount.csv", "gadgetbridge/gadgetbridge_rows.csv"].map(
            Fixture.path)
        let read = StepImporter.importFiles(atPaths: paths, options: StepImportOptions(timeZone: zone("UTC")))
        #expect(read.failures.isEmpty)
        let batch = read.batch
        #expect(
            batch.sources.map(\.name) == [
                "Mark’s Apple Watch", "Ann \"Walks\" iPhone", "Gadgetbridge device 1", "Gadgetbridge device 2",
            ])
        #expect(batch.samples.count == 5)
        #expect(Set(batch.samples.map(\.source)) == [0, 1, 2, 3])
        let totals = StepAggregator.aggregate(batch, options: StepAggregationOptions(timeZone: zone("UTC")))
        #expect(totals.rounded == [stepDay("2017-04-12"): 29, stepDay("2024-01-01"): 80])
    }
}
