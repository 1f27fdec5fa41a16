import Foundation
import Testing

@testable import WeftTemplate

@Suite("Number parsing")
struct TemplateNumberTests {
    @Test func parsesLikeDoubleAfterTrimAndCommas() {
        #expect(TemplateNumber.parse(" 1,234.5 ") == 1234.5)
        #expect(TemplateNumber.parse("1,2,3") == 123)
        #expect(TemplateNumber.parse("0x1F") == 31)
        #expect(TemplateNumber.parse("1e3") == 1000)
        #expect(TemplateNumber.parse(".5") == 0.5)
        #expect(TemplateNumber.parse("-7") == -7)
    }

    @Test func rejectsTextAndNonFinite() {
        #expect(TemplateNumber.parse("") == nil)
        #expect(TemplateNumber.parse("abc") == nil)
        #expect(TemplateNumber.parse("12 apples") == nil)
        #expect(TemplateNumber.parse("1_000") == nil)
        #expect(TemplateNumber.parse("inf") == nil)
        #expect(TemplateNumber.parse("nan") == nil)
        #expect(TemplateNumber.parse("1e400") == nil)
    }
}

@Suite("number and percent")
struct NumberFilterTests {
    @Test func adaptiveDecimals() {
        #expect(render("{{n||number}}", ["n": "1234567"]) == "1,234,567")
        #expect(render("{{n||number}}", ["n": "1234.5678"]) == "1,234.57")
        #expect(render("{{n||number}}", ["n": "3.10"]) == "3.1")
        #expect(render("{{n||number}}", ["n": "-0.5"]) == "-0.5")
        #expect(render("{{n||number:abc}}", ["n": "2.346"]) == "2.35")
    }

    @Test func fixedDecimalsAreExactDespiteLinuxFormatterBug() {
        #expect(render("{{n||number:2}}", ["n": "3.14159"]) == "3.14")
        #expect(render("{{n||number:2}}", ["n": "3"]) == "3.00")
        #expect(render("{{n||number:3}}", ["n": "3.1"]) == "3.100")
        #expect(render("{{n||number:2}}", ["n": "-1234.5"]) == "-1,234.50")
        #expect(render("{{n||number:1}}", ["n": "1,234,567.89"]) == "1,234,567.9")
    }

    @Test func decimalsAreClamped() {
        #expect(render("{{n||number:99}}", ["n": "1.5"]) == "1.500000000000")
        #expect(render("{{n||number:-1}}", ["n": "1234.5"]) == "1,234")
        #expect(render("{{n||number:0}}", ["n": "1234.6"]) == "1,235")
    }

    @Test func roundsHalfToEven() {
        #expect(render("{{n||number:0}}", ["n": "2.5"]) == "2")
        #expect(render("{{n||number:0}}", ["n": "3.5"]) == "4")
        #expect(render("{{n||number:1}}", ["n": "0.25"]) == "0.2")
    }

    @Test func nonNumericPassesThrough() {
        #expect(render("{{n||number}}", ["n": "abc"]) == "abc")
        #expect(render("{{n||number:2}}", ["n": "inf"]) == "inf")
        #expect(render("{{missing||number}}") == "")
    }

    @Test func hexAndHugeValues() {
        #expect(render("{{n||number}}", ["n": "0x1F"]) == "31")
        #expect(render("{{n||number}}", ["n": "1e20"]) == "100,000,000,000,000,000,000")
    }

    @Test func localeSeparators() {
        #expect(render("{{n||number:2}}", ["n": "1234.5"], locale: "de_DE") == "1.234,50")
        #expect(render("{{n||number:2}}", ["n": "3"], locale: "de_DE") == "3,00")
        #expect(render("{{n||number}}", ["n": "1234.5"], locale: "de_DE") == "1.234,5")
    }

    @Test func localeDigitsArePaddedWithTheLocaleZero() {
        #expect(render("{{n||number:2}}", ["n": "1.5"], locale: "ar_EG") == "١٫٥٠")
        #expect(render("{{n||number:2}}", ["n": "3"], locale: "ar_EG") == "٣٫٠٠")
    }

    @Test func severalPrecisionsInOneTemplate() {
        let template = "{{n||number:2}} {{n||number:0}} {{n||number:2}} {{n||number}} {{n||percent:1}}"
        #expect(render(template, ["n": "2.5"]) == "2.50 2 2.50 2.5 2.5%")
    }

    @Test func percentScalesFractions() {
        #expect(render("{{n||percent}}", ["n": "0.256"]) == "25.6%")
        #expect(render("{{n||percent:0}}", ["n": "0.256"]) == "26%")
        #expect(render("{{n||percent:1}}", ["n": "0.5"]) == "50.0%")
        #expect(render("{{n||percent}}", ["n": "1"]) == "100%")
        #expect(render("{{n||percent}}", ["n": "-0.5"]) == "-50%")
        #expect(render("{{n||percent}}", ["n": "42"]) == "42%")
        #expect(render("{{n||percent}}", ["n": "1.5"]) == "1.5%")
        #expect(render("{{n||percent}}", ["n": "1234"]) == "1,234%")
    }

    @Test func percentNonNumeric() {
        #expect(render("{{n||percent}}", ["n": "most"]) == "most")
        #expect(render("{{42||percent}}") == "")
        #expect(render("{{x|42|percent}}") == "42%")
    }
}

@Suite("currency")
struct CurrencyFilterTests {
    @Test func localeCurrency() {
        #expect(render("{{n||currency}}", ["n": "1234.5"]) == "$1,234.50")
        #expect(render("{{n||currency}}", ["n": "-3"]) == "-$3.00")
    }

    @Test func explicitCode() {
        #expect(render("{{n||currency:EUR}}", ["n": "1234.5"]) == "€1,234.50")
        #expect(render("{{n||currency: eur }}", ["n": "1234.5"]) == "€1,234.50")
        #expect(render("{{n||currency:JPY}}", ["n": "1234.5"]) == "¥1,234")
    }

    @Test func otherLocale() {
        #expect(render("{{n||currency}}", ["n": "1234.5"], locale: "de_DE") == "1.234,50\u{A0}€")
    }

    @Test func nonNumeric() {
        #expect(render("{{n||currency}}", ["n": "free"]) == "free")
    }
}

@Suite("round, floor, ceil, abs")
struct RoundingFilterTests {
    @Test func roundHalfAwayFromZero() {
        #expect(render("{{n||round}}", ["n": "2.5"]) == "3")
        #expect(render("{{n||round}}", ["n": "-2.5"]) == "-3")
        #expect(render("{{n||round}}", ["n": "2.4"]) == "2")
        #expect(render("{{n||round}}", ["n": "-0.4"]) == "0")
    }

    @Test func roundZeroIsPlainIntegerWithoutGrouping() {
        #expect(render("{{n||round}}", ["n": "1,234.4"]) == "1234")
        #expect(render("{{n||round:0}}", ["n": "1234.5"]) == "1235")
        #expect(render("{{n||round:abc}}", ["n": "12345.6"]) == "12346")
    }

    @Test func roundWithNegativeDecimalsFormatsLikeNumberZero() {
        // "other N formats like number:N", and number clamps N to 0: grouped, rounded half away from zero.
        #expect(render("{{n||round:-3}}", ["n": "12345.6"]) == "12,346")
        #expect(render("{{n||round:-1}}", ["n": "2.5"]) == "3")
        #expect(render("{{n||round:-1}}", ["n": "-1234.5"]) == "-1,235")
        #expect(render("{{n||round:-1}}", ["n": "1,234.5"]) == render("{{n||number:0}}", ["n": "1235"]))
    }

    @Test func roundWithDecimalsFormatsLikeNumber() {
        #expect(render("{{n||round:2}}", ["n": "3.14159"]) == "3.14")
        #expect(render("{{n||round:2}}", ["n": "1234.5"]) == "1,234.50")
        #expect(render("{{n||round:1}}", ["n": "0.25"]) == "0.3")
        #expect(render("{{n||round:1}}", ["n": "-0.25"]) == "-0.3")
        #expect(render("{{n||round:99}}", ["n": "0.5"]) == "0.500000000000")
    }

    @Test func roundBeyondInt64() {
        #expect(render("{{n||round}}", ["n": "1e20"]) == "100000000000000000000")
        #expect(render("{{n||round}}", ["n": "-98765432109876543210"]) == "-98765432109876543488")
        #expect(render("{{n||round:12}}", ["n": "1e300"]).hasPrefix("1,000,000,000"))
    }

    @Test func floorCeilAbs() {
        #expect(render("{{n||floor}}", ["n": "2.7"]) == "2")
        #expect(render("{{n||floor}}", ["n": "-2.2"]) == "-3")
        #expect(render("{{n||ceil}}", ["n": "2.1"]) == "3")
        #expect(render("{{n||ceil}}", ["n": "-2.7"]) == "-2")
        #expect(render("{{n||abs}}", ["n": "-1,234.5"]) == "1234.5")
        #expect(render("{{n||abs}}", ["n": "7"]) == "7")
    }

    @Test func floorCeilAbsHaveNoGrouping() {
        #expect(render("{{n||floor}}", ["n": "1,234,567.9"]) == "1234567")
        #expect(render("{{n||ceil}}", ["n": "1e19"]) == "10000000000000000000")
        #expect(render("{{n||abs}}", ["n": "-1e19"]) == "10000000000000000000")
        #expect(render("{{n||floor}}", ["n": "-9223372036854775809"]) == "-9223372036854775808")
    }

    @Test func nonNumericPassesThrough() {
        for filter in ["round", "round:2", "floor", "ceil", "abs"] {
            #expect(render("{{n||\(filter)}}", ["n": "n/a"]) == "n/a", "\(filter)")
        }
    }
}
