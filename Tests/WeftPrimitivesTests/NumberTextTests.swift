import Foundation
import Testing
import WeftPrimitives

@Suite struct NumberTextTests {
    @Test(arguments: [
        (3.0, "3"), (-12, "-12"), (2.5, "2.5"), (0.1 + 0.2, "0.3"), (1.0 / 3.0, "0.333333"), (-4, "-4"),
        (2.000_000_000_1, "2"),
    ])
    func integersAndSixDecimals(_ value: Double, _ text: String) {
        #expect(NumberText.plain(value) == text)
    }

    /// The one rule for `-0`, the template contract's: an integral value (`-0.0`, or within 1e-9 of 0) is `0`; a
    /// tiny negative that is not integral keeps its sign through the 6-decimal trim (spec/TEMPLATES.md).
    @Test(arguments: [
        (-0.0, "0"), (-0.000_000_000_1, "0"), (0.000_000_4, "0"), (-0.000_000_1, "-0"), (-0.000_000_4, "-0"),
    ])
    func minusZeroFollowsTheTemplateContract(_ value: Double, _ text: String) {
        #expect(NumberText.plain(value) == text)
    }

    @Test func beyondInt64EveryDigitAndNoTrap() {
        #expect(NumberText.plain(1e20) == "100000000000000000000")
        #expect(NumberText.plain(-1e19) == "-10000000000000000000")
        #expect(NumberText.plain(9_223_372_036_854_775_807.0) == "9223372036854775808")
        #expect(NumberText.plain(1e300).count == 301)
        #expect(NumberText.plain(-1e300).hasPrefix("-1000"))
    }

    @Test(arguments: [Double.infinity, -.infinity, .nan])
    func nonFiniteIsZero(_ value: Double) {
        #expect(NumberText.plain(value) == "0")
    }
}
