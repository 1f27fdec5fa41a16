import Foundation
import Testing

@testable import WeftTemplate

@Suite("Token scanning and passes")
struct TokenScanningTests {
    @Test func plainTextIsUntouched() {
        #expect(render("no tokens here") == "no tokens here")
        #expect(render("") == "")
    }

    @Test func replacesEveryToken() {
        #expect(render("Hi {{name}}, {{name}}!", ["name": "Ada"]) == "Hi Ada, Ada!")
    }

    @Test func bodyIsTrimmed() {
        #expect(render("[{{   name \n }}]", ["name": "Ada"]) == "[Ada]")
    }

    @Test func emptyTokenRendersNothing() {
        #expect(render("a{{}}b") == "ab")
        #expect(render("a{{   }}b") == "ab")
    }

    @Test func unclosedOpeningIsLiteral() {
        #expect(render("a {{ b") == "a {{ b")
        #expect(render("{{name}} and {{name", ["name": "Ada"]) == "Ada and {{name")
    }

    @Test func loneClosingIsLiteral() {
        #expect(render("a }} b") == "a }} b")
        #expect(render("}}{{name}}}}", ["name": "Ada"]) == "}}Ada}}")
    }

    @Test func tokensDoNotNest() {
        // The body runs to the first `}}`: key `a{{b`, then a literal `}}`.
        #expect(render("{{a{{b}}}}") == "}}")
        #expect(render("{{a{{b}}}}", ["a{{b": "V", "b": "B"]) == "V}}")
    }

    @Test func singleClosingBraceStaysInBody() {
        #expect(render("{{a}b}}", ["a}b": "X"]) == "X")
        #expect(render("{{a}}}", ["a": "X"]) == "X}")
    }

    @Test func valueContainingTemplateRendersInSecondPass() {
        #expect(render("{{greeting}}", ["greeting": "Hi {{name}}", "name": "Ada"]) == "Hi Ada")
    }

    @Test func chainOfThreeResolves() {
        #expect(render("{{a}}", ["a": "{{b}}", "b": "{{c}}", "c": "C"]) == "C")
    }

    @Test func chainOfFourStopsAfterThreePasses() {
        #expect(render("{{a}}", ["a": "{{b}}", "b": "{{c}}", "c": "{{d}}", "d": "D"]) == "{{d}}")
    }

    @Test func selfReferenceStopsAfterThreePasses() {
        #expect(render("{{x}}", ["x": "[{{x}}]"]) == "[[[{{x}}]]]")
        #expect(render("{{x}}", ["x": "{{x}}"]) == "{{x}}")
    }

    @Test func nonASCIITextSurvivesScanning() {
        #expect(render("Régen · {{w|—}} 🌧 {{n}}", ["n": "ü"]) == "Régen · — 🌧 ü")
    }

    @Test func lookupReceivesCanonicalKeys() {
        var seen: [String] = []
        let renderer = TemplateRenderer(context: context())
        _ = renderer.render(
            "{{  Last   DONE }} {{=My_Var + __Steps_Today + var(\"Key  With Spaces\")}}",
            lookup: { (key: String) -> String? in
                seen.append(key)
                return nil
            })
        #expect(seen == ["last done", "my var", "__steps_today", "key with spaces"])
    }
}

@Suite("Token body parsing")
struct TokenBodyTests {
    @Test func singlePartIsBase() {
        let body = TokenBody(parsing: "key")
        #expect(body.base == "key")
        #expect(body.fallback == "")
        #expect(body.filters.isEmpty)
    }

    @Test func twoPartsAreBaseAndFallback() {
        let body = TokenBody(parsing: "key | fall back")
        #expect(body.base == "key")
        #expect(body.fallback == " fall back")
        #expect(body.filters.isEmpty)
        // Even a filter name in second place is a fallback.
        #expect(render("{{m|upper}}") == "upper")
    }

    @Test func doubleBarSeparatesFilters() {
        let body = TokenBody(parsing: "missing|a|b|| upper |  | number:2")
        #expect(body.base == "missing")
        #expect(body.fallback == "a|b")
        #expect(body.filters.map(\.name) == ["upper", "number"])
        #expect(body.filters.map(\.argument) == [nil, "2"])
        #expect(render("{{missing|a|b||upper}}") == "A|B")
    }

    @Test func doubleBarWithoutFallback() {
        #expect(render("{{a||upper}}", ["a": "mix"]) == "MIX")
        #expect(render("{{missing||upper}}") == "")
    }

    @Test func laterDoubleBarsOnlySeparateFilters() {
        #expect(render("{{a||upper||lower}}", ["a": "MiX"]) == "mix")
    }

    @Test func threePartsWithoutFilterAreAllFallback() {
        #expect(render("{{m|a|b|c}}") == "a|b|c")
        #expect(render("{{m|a|b}}") == "a|b")
    }

    @Test func threePartsWithFilterSplitFallbackAndFilters() {
        #expect(render("{{m|a|upper}}") == "A")
        // One recognised name anywhere after the second part makes every later part a filter.
        #expect(render("{{m|a|b|upper}}") == "A")
        #expect(render("{{m|a|upper|shout}}") == "A")
        #expect(render("{{m|hello|UPPER}}") == "HELLO")
    }

    @Test func fallbackKeepsLeadingSpacesAndLosesTrailing() {
        #expect(render("[{{m|  a  }}]") == "[  a]")
        #expect(render("[{{m|  a  |upper}}]") == "[  A  ]")
        #expect(render("[{{m|  a  ||upper}}]") == "[  A  ]")
    }

    @Test func filtersRunOnFallbackAndEmpty() {
        #expect(render("{{missing|hello|upper}}") == "HELLO")
        #expect(render("{{missing|x|prefix:<|suffix:>}}") == "<x>")
        #expect(render("{{missing||prefix:<}}") == "<")
    }

    @Test func baseIsAlwaysAKey() {
        #expect(render("{{42||percent}}") == "")
        #expect(render("{{x|42|percent}}") == "42%")
        #expect(render("{{42}}", ["42": "answer"]) == "answer")
    }

    @Test func emptyValueCountsAsMissing() {
        #expect(render("{{a|fb}}", ["a": ""]) == "fb")
        #expect(render("{{a|fb}}", ["a": " "]) == " ")
    }

    @Test func emptyKeyUsesFallback() {
        #expect(render("{{|fb}}", ["": "never"]) == "fb")
        #expect(render("{{ ||upper}}") == "")
    }

    @Test func filterNamesAreCaseInsensitive() {
        #expect(render("{{a||UpPeR}}", ["a": "x"]) == "X")
        #expect(render("{{a||Number:1}}", ["a": "2"]) == "2.0")
    }
}

@Suite("Key canonicalisation")
struct TemplateKeyTests {
    @Test func trimsLowersAndCollapses() {
        #expect(TemplateKey.canonical("  Last \t\n  Done ") == "last done")
        #expect(TemplateKey.canonical("Last Done") == TemplateKey.canonical(" last   done "))
    }

    @Test func keepsUnderscoresAndNonASCII() {
        #expect(TemplateKey.canonical("__Steps_Today") == "__steps_today")
        #expect(TemplateKey.canonical("ÄPFEL") == "äpfel")
    }

    @Test func cutsTo64CharactersThenTrims() {
        let long = String(repeating: "a", count: 70)
        #expect(TemplateKey.canonical(long) == String(repeating: "a", count: 64))
        // The cut lands on the collapsed space, which the final trim removes.
        let spaced = String(repeating: "b", count: 63) + "    c"
        #expect(TemplateKey.canonical(spaced) == String(repeating: "b", count: 63))
    }

    @Test func emptyAndBlank() {
        #expect(TemplateKey.canonical("") == "")
        #expect(TemplateKey.canonical(" \n\t ") == "")
    }

    @Test func templatesUseCanonicalKeys() {
        #expect(render("{{ LAST   done }}", ["last done": "yesterday"]) == "yesterday")
        let longKey = String(repeating: "k", count: 80)
        #expect(render("{{\(longKey)}}", [String(repeating: "k", count: 64): "cut"]) == "cut")
    }
}

/// Values from providers are data; a render's output is capped (issue 20).
@Suite("hostile values")
struct HostileValueTests {
    static let renderer = TemplateRenderer(
        context: RenderContext(now: Date(timeIntervalSince1970: 1_773_480_413), timeZone: .gmt), outputLimit: 1024)

    @Test func aDataValueIsNotRenderedAgain() {
        let values: [String: TemplateValue] = [
            "title": TemplateValue("{{secret}}", isTemplate: false), "secret": TemplateValue("S", isTemplate: false),
            "mine": TemplateValue("{{secret}}", isTemplate: true),
        ]
        #expect(Self.renderer.render("{{title}}|{{mine}}", values: { values[$0] }) == "{{secret}}|S")
    }

    @Test func aSelfReferringValueIsCutAtTheLimit() {
        let bomb = TemplateValue(String(repeating: "{{v}}", count: 300), isTemplate: true)
        let output = Self.renderer.render("{{v}}", values: { _ in bomb })
        #expect(output.utf8.count <= 1024)
        #expect(output.hasSuffix("…"))
    }

    @Test func aLongLiteralIsCutOnACharacterBoundary() {
        let output = Self.renderer.render(String(repeating: "ü", count: 2000), values: { _ in nil })
        #expect(output.utf8.count <= 1024)
        #expect(output.hasSuffix("ü…"))
    }
}
