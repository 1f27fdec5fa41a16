import Foundation
import Testing

@testable import WeftTemplate

@Suite("Text filters")
struct TextFilterTests {
    @Test func caseFilters() {
        #expect(render("{{a||upper}}", ["a": "straße mix"]) == "STRASSE MIX")
        #expect(render("{{a||lower}}", ["a": "MiX Ä"]) == "mix ä")
        #expect(render("{{a||title}}", ["a": "hELLO wORLD"]) == "Hello World")
    }

    @Test func trim() {
        #expect(render("[{{a}}]", ["a": "  x \n"]) == "[  x \n]")
        #expect(render("[{{a||trim}}]", ["a": "  x \n"]) == "[x]")
    }

    @Test func prefixAndSuffixKeepTheirArgumentAsWritten() {
        #expect(render("{{n||suffix: steps}}", ["n": "5"]) == "5 steps")
        #expect(render("{{n||prefix:~ }}", ["n": "5"]) == "~5")
        #expect(render("{{n||prefix:a:b}}", ["n": "5"]) == "a:b5")
        #expect(render("{{n||prefix}}", ["n": "5"]) == "5")
        #expect(render("{{n||suffix:}}", ["n": "5"]) == "5")
    }

    @Test func padLeftPadsWithZeros() {
        #expect(render("{{n||pad:3}}", ["n": "7"]) == "007")
        #expect(render("{{n||pad:3}}", ["n": " 7 "]) == "007")
        #expect(render("{{n||pad:2}}", ["n": "1234"]) == "1234")
        #expect(render("[{{n||pad:2}}]", ["n": " 1234 "]) == "[1234]")
        #expect(render("{{n||pad:4}}", ["n": "ab"]) == "00ab")
        #expect(render("{{missing||pad:2}}") == "00")
    }

    @Test func padWithBadWidthLeavesValueUnchanged() {
        for argument in ["", ":abc", ":0", ":-2", ":2.5"] {
            #expect(render("[{{n||pad\(argument)}}]", ["n": " 7"]) == "[ 7]", "pad\(argument)")
        }
    }

    @Test func padWidthIsBounded() {
        #expect(render("{{n||pad:100000000}}", ["n": "7"]).count == Filter.maximumWidth)
    }

    @Test func unknownFilterLeavesValueUnchanged() {
        #expect(render("{{a||shout}}", ["a": "MiX"]) == "MiX")
        #expect(render("{{a||shout:3|upper}}", ["a": "MiX"]) == "MIX")
    }

    @Test func filtersRunLeftToRight() {
        #expect(render("{{a||prefix:x|upper}}", ["a": "b"]) == "XB")
        #expect(render("{{a||upper|prefix:x}}", ["a": "b"]) == "xB")
    }
}

@Suite("clamp, plural and bar")
struct ShapeFilterTests {
    @Test func clampBoundsInEitherOrder() {
        #expect(render("{{n||clamp:0:10}}", ["n": "15"]) == "10")
        #expect(render("{{n||clamp:10:0}}", ["n": "-3"]) == "0")
        #expect(render("{{n||clamp:0:10}}", ["n": "2.5"]) == "2.5")
        #expect(render("{{n||clamp:-5:5}}", ["n": "-9"]) == "-5")
        #expect(render("{{n||clamp:0:5000}}", ["n": "1,234"]) == "1234")
    }

    @Test func clampBoundThatDoesNotParseIsTheValue() {
        // Bounds become (15, 10): 15 stays.
        #expect(render("{{n||clamp:x:10}}", ["n": "15"]) == "15")
        // Bounds become (5, 10): 5 stays.
        #expect(render("{{n||clamp:x:10}}", ["n": "5"]) == "5")
        // So one unparsable bound makes the clamp a no-op, apart from plain number output.
        #expect(render("{{n||clamp:0:y}}", ["n": "-4"]) == "-4")
        #expect(render("{{n||clamp:a:b}}", ["n": "7.50"]) == "7.5")
    }

    @Test func clampWithFewerThanTwoBoundsIsUnchanged() {
        #expect(render("{{n||clamp:5}}", ["n": "15.50"]) == "15.50")
        #expect(render("{{n||clamp}}", ["n": "15.50"]) == "15.50")
    }

    @Test func clampNonNumericIsUnchanged() {
        #expect(render("{{n||clamp:0:10}}", ["n": "abc"]) == "abc")
    }

    @Test func pluralUsesIntegerPart() {
        let template = "{{n}} {{n||plural:step:steps}}"
        #expect(render(template, ["n": "1"]) == "1 step")
        #expect(render(template, ["n": "-1"]) == "-1 step")
        #expect(render(template, ["n": "1.9"]) == "1.9 step")
        #expect(render(template, ["n": "0"]) == "0 steps")
        #expect(render(template, ["n": "0.5"]) == "0.5 steps")
        #expect(render(template, ["n": "2"]) == "2 steps")
        #expect(render(template, ["n": "1,001"]) == "1,001 steps")
    }

    @Test func pluralNonNumericCountsAsZero() {
        #expect(render("{{n||plural:step:steps}}", ["n": "many"]) == "steps")
        #expect(render("{{missing||plural:step:steps}}") == "steps")
    }

    @Test func pluralBeyondInt64DoesNotCrash() {
        #expect(render("{{n||plural:a:b}}", ["n": "1e30"]) == "b")
        #expect(render("{{n||plural:a:b}}", ["n": "-9999999999999999999999"]) == "b")
    }

    @Test func pluralNeedsTwoForms() {
        #expect(render("{{n||plural:step}}", ["n": "1"]) == "1")
        #expect(render("{{n||plural: item: items}}", ["n": "1"]) == " item")
    }

    @Test func barFractionAndPercent() {
        #expect(render("{{n||bar}}", ["n": "0.5"]) == "█████░░░░░")
        #expect(render("{{n||bar}}", ["n": "50"]) == "█████░░░░░")
        #expect(render("{{n||bar:4}}", ["n": "0.25"]) == "█░░░")
        #expect(render("{{n||bar}}", ["n": "1"]) == "██████████")
        #expect(render("{{n||bar}}", ["n": "0"]) == "░░░░░░░░░░")
    }

    @Test func barRoundsHalfAwayFromZero() {
        #expect(render("{{n||bar}}", ["n": "0.05"]) == "█░░░░░░░░░")
        #expect(render("{{n||bar}}", ["n": "0.04"]) == "░░░░░░░░░░")
    }

    @Test func barClamps() {
        #expect(render("{{n||bar:5}}", ["n": "150"]) == "█████")
        #expect(render("{{n||bar:5}}", ["n": "-0.5"]) == "░░░░░")
        #expect(render("{{n||bar:5}}", ["n": "1e300"]) == "█████")
    }

    @Test func barWidthEdges() {
        #expect(render("{{n||bar:0}}", ["n": "0.5"]) == "0.5")
        #expect(render("{{n||bar:-3}}", ["n": "0.5"]) == "0.5")
        #expect(render("{{n||bar:abc}}", ["n": "0.5"]) == "█████░░░░░")
        #expect(render("{{n||bar:}}", ["n": "0.5"]) == "█████░░░░░")
        #expect(render("{{n||bar:100000000}}", ["n": "1"]).count == Filter.maximumWidth)
    }

    @Test func barNonNumericIsUnchanged() {
        #expect(render("{{n||bar}}", ["n": "half"]) == "half")
        #expect(render("{{missing||bar}}") == "")
    }
}
