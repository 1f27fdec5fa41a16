import Foundation
import Testing
import WeftPrimitives

/// The one door for outside numbers: no value traps, and out-of-range values are named.
@Suite("checked numbers")
struct CheckedNumberTests {
    @Test(arguments: [1e300, -1e300, .infinity, -.infinity, .nan, 9.3e18, -9.3e18])
    func outOfRangeIsNilNotATrap(_ value: Double) {
        #expect(CheckedNumber.int(value) == nil)
        #expect(CheckedNumber.int64(value) == nil)
    }

    @Test func inRangeConvertsWithTheRoundingAsked() {
        #expect(CheckedNumber.int(2.5) == 2)
        #expect(CheckedNumber.int(2.5, rounding: .toNearestOrAwayFromZero) == 3)
        #expect(CheckedNumber.int(-0.0) == 0)
        #expect(CheckedNumber.int64(9_007_199_254_740_992) == 9_007_199_254_740_992)
    }

    @Test func clampedNeverLeavesItsBounds() {
        #expect(CheckedNumber.clamped(1e300, to: 0...24) == 24)
        #expect(CheckedNumber.clamped(-.infinity, to: 0...24) == 0)
        #expect(CheckedNumber.clamped(.nan, to: 3...24) == 3)
        #expect(CheckedNumber.clamped(7.6, to: 0...24, rounding: .toNearestOrAwayFromZero) == 8)
    }

    @Test func finiteTextRefusesInfinityAndNaN() {
        #expect(CheckedNumber.finite("1e309") == nil)
        #expect(CheckedNumber.finite("nan") == nil)
        #expect(CheckedNumber.finite("inf") == nil)
        #expect(CheckedNumber.finite(" 42.5 ") == 42.5)
    }

    @Test func aRangeNamesWhatIsWrong() {
        #expect(ValueRange.celsius.problem(21) == nil)
        #expect(ValueRange.celsius.problem(1e308) == "1e+308 is not a temperature in °C (-150…100)")
        #expect(ValueRange.fraction.problem(.nan) != nil)
        #expect(!ValueRange.counterStep.contains(.infinity))
    }
}
