import Foundation
import Testing

@testable import WeftTemplate

/// Renders `{{=expression|ERR}}`, so a parse error shows as `ERR`.
private func math(_ expression: String, _ variables: [String: String] = [:]) -> String {
    render("{{=\(expression)|ERR}}", variables)
}

@Suite("Maths operators and precedence")
struct MathOperatorTests {
    @Test func arithmetic() {
        #expect(math("1+2") == "3")
        #expect(math("7-10") == "-3")
        #expect(math("6*7") == "42")
        #expect(math("7/2") == "3.5")
        #expect(math("7%3") == "1")
        #expect(math("2^10") == "1024")
    }

    @Test func precedence() {
        #expect(math("1+2*3") == "7")
        #expect(math("(1+2)*3") == "9")
        #expect(math("2+3^2*2") == "20")
        #expect(math("2*3%4") == "2")
        #expect(math("10-4%3") == "9")
    }

    @Test func leftAssociativity() {
        #expect(math("10-4-3") == "3")
        #expect(math("8/2/2") == "2")
        #expect(math("20%7%4") == "2")
    }

    @Test func powerIsRightAssociative() {
        #expect(math("2^3^2") == "512")
        #expect(math("(2^3)^2") == "64")
    }

    @Test func signBindsTighterThanPower() {
        #expect(math("-2^2") == "4")
        #expect(math("-(2^2)") == "-4")
        #expect(math("2^-1") == "0.5")
        #expect(math("0-2^2") == "-4")
    }

    @Test func unarySigns() {
        #expect(math("+3") == "3")
        #expect(math("--3") == "3")
        #expect(math("1 - -1") == "2")
        #expect(math("2*-3") == "-6")
        #expect(math("-+-4") == "4")
    }

    @Test func divisionAndModuloByZeroAreZero() {
        #expect(math("1/0") == "0")
        #expect(math("0/0") == "0")
        #expect(math("5%0") == "0")
        #expect(math("1+7/(3-3)") == "1")
    }

    @Test func moduloKeepsTheDividendSign() {
        #expect(math("-7%3") == "-1")
        #expect(math("7%-3") == "1")
        #expect(math("7.5%2") == "1.5")
    }
}

@Suite("Maths functions and constants")
struct MathFunctionTests {
    @Test func constants() {
        #expect(math("pi") == "3.141593")
        #expect(math("e") == "2.718282")
        #expect(math("PI*2") == "6.283185")
    }

    @Test func constantsShadowVariables() {
        #expect(math("e", ["e": "5"]) == "2.718282")
        #expect(math("var(\"e\")", ["e": "5"]) == "5")
        #expect(math("var(e)", ["e": "5"]) == "5")
        #expect(math("var(pi)", ["pi": "3"]) == "3")
    }

    @Test func minAndMaxTakeAnyArity() {
        #expect(math("min(3,1,2)") == "1")
        #expect(math("max(3,1,2)") == "3")
        #expect(math("min(4)") == "4")
        #expect(math("max(-1,-5)") == "-1")
        #expect(math("min()") == "0")
        #expect(math("max()") == "0")
    }

    @Test func aTrailingCommaClosesTheArguments() {
        #expect(math("min(1, 2,)") == "1")
        #expect(math("max(1, 2 ,)") == "2")
        #expect(math("min(1,)") == "1")
        #expect(math("clamp(15, 0, 10,)") == "10")
        #expect(math("var(\"x\",)", ["x": "7"]) == "7")
        #expect(math("min(2,)+1") == "3")
    }

    @Test func clampInEitherOrder() {
        #expect(math("clamp(15,0,10)") == "10")
        #expect(math("clamp(-1,10,0)") == "0")
        #expect(math("clamp(5,0,10)") == "5")
        #expect(math("clamp(5,0)") == "0")
    }

    /// `ratio(x, goal)`: x of goal held to 0…1, so `bar` and `percent` read it as a fraction past the goal too.
    @Test func ratioIsAClampedFraction() {
        #expect(math("ratio(4,8)") == "0.5")
        #expect(math("ratio(0,8)") == "0")
        #expect(math("ratio(8,8)") == "1")
        #expect(math("ratio(9,8)") == "1", "past the goal stays full")
        #expect(math("ratio(-6,8)") == "0", "below zero stays empty")
        #expect(math("ratio(3,0)") == "0", "a goal of 0 gives 0, as division by zero does")
        #expect(math("ratio(3)") == "0")
        #expect(math("Ratio(water, 8)", ["water": "6"]) == "0.75")
        #expect(render("{{=ratio(water,8)||bar:8}} {{=ratio(water,8)||percent}}", ["water": "9"]) == "████████ 100%")
    }

    @Test func roundingFunctions() {
        #expect(math("abs(-3)") == "3")
        #expect(math("floor(-2.5)") == "-3")
        #expect(math("ceil(2.1)") == "3")
        #expect(math("round(2.5)") == "3")
        #expect(math("round(-2.5)") == "-3")
        #expect(math("round(2.49)") == "2")
    }

    @Test func powSqrtLogExp() {
        #expect(math("pow(2,10)") == "1024")
        #expect(math("pow(2)") == "0")
        #expect(math("sqrt(16)") == "4")
        #expect(math("sqrt(2)") == "1.414214")
        #expect(math("sqrt(-4)") == "0")
        #expect(math("log(e)") == "1")
        #expect(math("log(100)") == "4.60517")
        #expect(math("log(0)") == "0")
        #expect(math("log(-1)") == "0")
        #expect(math("exp(0)") == "1")
        #expect(math("exp(1)") == "2.718282")
    }

    @Test func functionsWithoutArgumentsGiveZero() {
        for function in ["abs", "floor", "ceil", "round", "sqrt", "log", "exp", "var", "clamp", "pow", "ratio"] {
            #expect(math("\(function)()+1") == "1", "\(function)")
        }
    }

    @Test func functionNamesAreCaseInsensitive() {
        #expect(math("MIN(1,2)") == "1")
        #expect(math("Sqrt(9)") == "3")
    }

    @Test func unknownFunctionIsZero() {
        #expect(math("foo(1)+1") == "1")
        #expect(math("pi(2)") == "0")
    }

    @Test func nowIsUnixSecondsOfTheRender() {
        #expect(math("now()") == "1773135000")
        #expect(math("now(5)") == "1773135000")
        #expect(math("now") == "0")
        #expect(math("(now()-1773134400)/60") == "10")
    }

    @Test func argumentsAreFullExpressions() {
        #expect(math("min(streak+1,10)", ["streak": "4"]) == "5")
        #expect(math("min(streak+1,10)", ["streak": "40"]) == "10")
        #expect(math("max(min(1,2),abs(-5))") == "5")
        #expect(math("pow(1+1,(3))") == "8")
        #expect(math("var(1+2)") == "3")
    }
}

@Suite("Maths variables")
struct MathVariableTests {
    @Test func identifiersReadVariablesAsNumbers() {
        #expect(math("steps/1000", ["steps": "12,345"]) == "12.345")
        #expect(math("goal-steps", ["steps": "4000", "goal": "10000"]) == "6000")
    }

    @Test func underscoreReadsASpace() {
        #expect(math("my_var*2", ["my var": "21"]) == "42")
        #expect(math("My_Var*2", ["my var": "21"]) == "42")
        #expect(math("my_var*2", ["my_var": "21"]) == "0")
    }

    @Test func doubleUnderscoreNamesAreReadAsWritten() {
        #expect(math("__steps_today/1000", ["__steps_today": "8500"]) == "8.5")
        #expect(math("__Steps_Today", ["__steps_today": "8500"]) == "8500")
        #expect(render("{{=__steps_today/1000}}", ["__steps_today": "8500"]) == "8.5")
    }

    @Test func varFunctionKeys() {
        #expect(math("var(\"Key With Spaces\")", ["key with spaces": "7"]) == "7")
        #expect(math("var(\"  KEY   with spaces \")", ["key with spaces": "7"]) == "7")
        #expect(math("var(\"key_name\")", ["key_name": "3", "key name": "9"]) == "3")
        #expect(math("var(key_name)", ["key_name": "3", "key name": "9"]) == "9")
        #expect(math("var(__key)", ["__key": "4"]) == "4")
        #expect(math("var(\"a\", \"b\")", ["a": "1", "b": "2"]) == "1")
    }

    @Test func missingEmptyOrTextReadAsZero() {
        #expect(math("missing+1") == "1")
        #expect(math("a+1", ["a": ""]) == "1")
        #expect(math("a+1", ["a": "lots"]) == "1")
        #expect(math("a+1", ["a": "inf"]) == "1")
        #expect(math("a+1", ["a": "0x10"]) == "17")
    }
}

@Suite("Maths lexing and errors")
struct MathLexingTests {
    @Test func leftoverTokensAreIgnored() {
        #expect(math("1+2)") == "3")
        #expect(math("2(3)") == "2")
        #expect(math("2pi") == "2")
        #expect(math("1e3") == "1")
        #expect(math("1,2") == "1")
        #expect(math("1 2") == "1")
    }

    @Test func numbersHaveAtMostOneDot() {
        #expect(math("1.2.3") == "1.2")
        #expect(math(".5*2") == "1")
        #expect(math("5.+1") == "6")
    }

    @Test func stringsOutsideVarAreZero() {
        #expect(math("\"abc\"+1") == "1")
        #expect(math("min(\"x\", 3)") == "0")
    }

    @Test func unknownCharactersAreSkipped() {
        #expect(math("3 # + $4") == "7")
        #expect(math("2 × 3") == "2")
        #expect(math("1 . + 1") == "2")
    }

    @Test func incompleteExpressionsUseTheFallback() {
        for expression in [
            "", " ", "2**3", "min(,1)", "min(,)", "min(1,,)", "min(1,,2)", "min(1 2)", "min(1,", "(1+2", "((1)", "1+", "*2", "-",
            "var(\"abc", "1 \"x", "abs(", "max(1,2", ")",
        ] {
            #expect(math(expression) == "ERR", "\(expression)")
        }
    }

    @Test func parseErrorFallbackRunsFilters() {
        #expect(render("{{=2**3|n/a|upper}}") == "N/A")
        #expect(render("{{=}}") == "")
        #expect(render("{{=2**3}}") == "")
    }

    @Test func deepNestingIsAParseErrorNotACrash() {
        let deep = String(repeating: "(", count: 10_000) + "1" + String(repeating: ")", count: 10_000)
        #expect(math(deep) == "ERR")
        #expect(math(String(repeating: "-", count: 10_000) + "1") == "ERR")
        #expect(math(String(repeating: "(", count: 20) + "1" + String(repeating: ")", count: 20)) == "1")
    }
}

@Suite("Maths output")
struct MathOutputTests {
    @Test func integersAndDecimals() {
        #expect(math("4/2") == "2")
        #expect(math("0.1+0.2") == "0.3")
        #expect(math("1/3") == "0.333333")
        #expect(math("2/3") == "0.666667")
        #expect(math("0.0000004") == "0")
        #expect(math("-0.0000004") == "-0", "spec/TEMPLATES.md: 6 decimals, trailing zeros trimmed")
        #expect(math("-0") == "0")
    }

    @Test func nonFiniteIsZero() {
        #expect(math("exp(1000)") == "0")
        #expect(math("exp(1000)-exp(1000)") == "0")
        #expect(math("clamp(exp(1000)-exp(1000),0,1)") == "0")
        #expect(math(String(repeating: "9", count: 400)) == "0")
    }

    @Test func beyondInt64PrintsTheNumber() {
        #expect(math("10^20") == "100000000000000000000")
        #expect(math("-(10^19)") == "-10000000000000000000")
        #expect(math("2^63") == "9223372036854775808")
    }

    @Test func filtersRunOnTheResult() {
        #expect(render("{{=2/3|0|number:2}}") == "0.67")
        #expect(render("{{=done/total||percent:0}}", ["done": "3", "total": "4"]) == "75%")
        #expect(render("{{=steps/goal||bar:4}}", ["steps": "5000", "goal": "10000"]) == "██░░")
        #expect(render("{{=10^20||number}}") == "100,000,000,000,000,000,000")
    }

    @Test func whitespaceAroundEqualsSign() {
        #expect(render("{{ =1+1 }}") == "2")
        #expect(render("{{= 1 + 1 |x}}") == "2")
    }
}
