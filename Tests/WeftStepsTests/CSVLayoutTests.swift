import Foundation
import Testing
import WeftTestSupport

@testable import WeftSteps

/// The CSV layout registry and the rules the layouts share.
@Suite struct CSVLayoutTests {
    @Test func everyLayoutIsNamedOnceAndChosenByItsName() throws {
        let names = CSVLayouts.all.map { $0.name }
        #expect(Set(names).count == names.count)
        for name in names {
            let format =
                name == GenericCSV.name
                ? StepFormat.generic(GenericMapping(start: "a", steps: "b")) : try StepFormat(name: name)
            #expect(format.csvLayout?.name == name)
        }
        #expect(StepFormat.allNames == names + ["google-fit-json", "fitbit-json"])
    }

    /// The earlier quadratic rule, kept here as the specification the one-pass version must agree with.
    private func reference(_ steps: [Double]) -> (steps: [Double], unpaid: [Int]) {
        var steps = steps
        var unpaid: [Int] = []
        for index in steps.indices where steps[index] < 0 {
            var owed = -steps[index]
            steps[index] = 0
            let candidates = Array(stride(from: index - 1, through: 0, by: -1)) + Array((index + 1)..<steps.count)
            for other in candidates where owed > 0 && steps[other] > 0 {
                let taken = min(owed, steps[other])
                steps[other] -= taken
                owed -= taken
            }
            if owed > 0 { unpaid.append(index) }
        }
        return (steps, unpaid)
    }

    @Test func googleFitCorrectionsAreTakenOffTheNearestQuarterHoursAsBefore() {
        // A fixed linear congruential sequence: the same days every run.
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<400 {
            let count = 1 + next(40)
            let steps = (0..<count).map { _ in next(4) == 0 ? -Double(1 + next(300)) : Double(next(200)) }
            var rows = CSVRows(
                file: "day.csv", header: StepHeader([]), headerLine: 1, options: StepImportOptions(timeZone: .gmt),
                layout: GoogleFitIntradayCSV.name)
            var corrections: [Int: Int] = [:]
            for (index, value) in steps.enumerated() {
                rows.batch.samples.append(
                    StepSample(source: 0, start: Double(index * 900), end: Double(index * 900 + 900), steps: value))
                if value < 0 { corrections[index] = index + 2 }
            }
            GoogleFitIntradayCSV.applyCorrections(corrections, to: &rows, from: 0)
            let expected = reference(steps)
            #expect(rows.batch.samples.map(\.steps) == expected.steps, "\(steps)")
            #expect(rows.batch.issues.map(\.line) == expected.unpaid.map { $0 + 2 }, "\(steps)")
        }
    }
}
