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
    }

    /// `1e300` printed as 301 digits, 284 of them noise: from 1e21 on the text is the exponent form that reads back.
    @Test func fromTenToTheTwentyOneTheExponentForm() {
        #expect(NumberText.plain(1e300) == "1e+300")
        #expect(NumberText.plain(-1e300) == "-1e+300")
        #expect(NumberText.plain(1.5e22) == "1.5e+22")
        #expect(NumberText.plain(1e21) == "1e+21")
        #expect(NumberText.fixed(1e300, places: 1) == "1e+300")
        #expect(Double(NumberText.plain(1.2345678901234567e250)) == 1.2345678901234567e250)
    }

    @Test func fixedAndTrimmedDecimals() {
        #expect(NumberText.fixed(12, places: 1) == "12.0")
        #expect(NumberText.fixed(0.345, places: 2) == "0.34" || NumberText.fixed(0.345, places: 2) == "0.35")
        #expect(NumberText.fixed(52.52, places: 4) == "52.5200")
        #expect(NumberText.fixed(.nan, places: 1) == "0")
        #expect(NumberText.trimmed(52.52, maxDecimals: 4) == "52.52")
        #expect(NumberText.trimmed(13.40004, maxDecimals: 4) == "13.4")
        #expect(NumberText.trimmed(2.04, maxDecimals: 1) == "2")
        #expect(NumberText.trimmed(2.5, maxDecimals: 1) == "2.5")
        #expect(NumberText.trimmed(-0.00001, maxDecimals: 4) == "-0")
        #expect(NumberText.trimmed(300, maxDecimals: 0) == "300")
    }

    @Test(arguments: [Double.infinity, -.infinity, .nan])
    func nonFiniteIsZero(_ value: Double) {
        #expect(NumberText.plain(value) == "0")
    }
}
