import Foundation
import Testing
import WeftPrimitives

@testable import WeftCore

@Suite struct StoredVariableTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    func date(_ iso: String) -> Date { ISOInstant.parse(iso)! }

    @Test func plainVariableNeverResets() {
        let variable = StoredVariable(key: "mood", value: "ok", updatedAt: date("2026-03-01T10:00:00Z"))
        #expect(variable.value(at: date("2027-01-01T00:00:00Z"), timeZone: berlin) == "ok")
    }

    /// `incr` applies the signed step and `decr` its opposite; `--by` replaces the step's magnitude and sign.
    @Test func changesApplyTheSignedStep() {
        let countDown = CounterRule(step: -1)
        #expect(countDown.amount(.incr) == -1 && countDown.amount(.decr) == 1)
        #expect(countDown.amount(.incr, by: 3) == 3 && countDown.amount(.decr, by: 3) == -3)
        #expect(CounterRule(step: 0.25).amount(.decr) == -0.25)
    }

    @Test func limitsClampAndExplain() {
        let rule = CounterRule(minimum: 0, maximum: 8)
        #expect(rule.clamped(-6) == 0 && rule.clamped(9) == 8 && rule.clamped(4) == 4)
        #expect(rule.limitProblem(-3) == "-3 is below the minimum 0")
        #expect(rule.limitProblem(8.5) == "8.5 is above the maximum 8")
        #expect(rule.limitProblem(8) == nil && rule.problem == nil)
        #expect(
            rule.limitsText == "0…8" && CounterRule(minimum: 1).limitsText == "≥ 1" && CounterRule().limitsText == nil)
        #expect(CounterRule(minimum: 3, maximum: 1).problem == "the minimum 3 is above the maximum 1")
        #expect(CounterRule(reset: .daily, minimum: 1).problem == "the reset value 0 is below the minimum 1")
        #expect(CounterRule(minimum: 1).problem == nil, "without a reset the reset value is only a clamped start")
    }

    @Test func dailyCounterResetsAtLocalMidnight() {
        // 22:30 UTC on 9 March is 23:30 in Berlin; the local day ends at 23:00 UTC.
        let counter = StoredVariable(
            key: "water", value: "5", updatedAt: date("2026-03-09T22:30:00Z"),
            counter: CounterRule(goal: 8, reset: .daily))
        #expect(counter.value(at: date("2026-03-09T22:59:00Z"), timeZone: berlin) == "5")
        #expect(counter.value(at: date("2026-03-09T23:00:00Z"), timeZone: berlin) == "0")
        #expect(counter.value(at: date("2026-03-09T23:00:00Z"), timeZone: TimeZone(identifier: "UTC")!) == "5")
    }

    @Test func weeklyCounterResetsOnMondayByDefaultOrTheConfiguredDay() {
        // 2026-03-08 is a Sunday.
        let written = date("2026-03-08T12:00:00Z")
        let monday = CounterRule(reset: .weekly, resetValue: 2)
        let sunday = CounterRule(reset: .weekly, weekStart: 1)
        let mondayCounter = StoredVariable(key: "k", value: "9", updatedAt: written, counter: monday)
        let sundayCounter = StoredVariable(key: "k", value: "9", updatedAt: written, counter: sunday)
        #expect(mondayCounter.value(at: date("2026-03-08T22:00:00Z"), timeZone: berlin) == "9")
        #expect(mondayCounter.value(at: date("2026-03-08T23:00:00Z"), timeZone: berlin) == "2")
        #expect(sundayCounter.value(at: date("2026-03-09T12:00:00Z"), timeZone: berlin) == "9")
        #expect(sundayCounter.value(at: date("2026-03-15T00:00:00Z"), timeZone: berlin) == "0")
    }

    @Test func periodStartsForEveryWeekStartAndAcrossTheYear() {
        // 2026-03-11 is a Wednesday; each Foundation week start (1 = Sunday … 7 = Saturday) gives its own start.
        let wednesday = date("2026-03-11T12:00:00Z")
        let starts = (1...7).map {
            ISOInstant.format(ResetPeriod.weekly.start(of: wednesday, timeZone: berlin, weekStart: $0))
        }
        #expect(
            starts == [
                "2026-03-07T23:00:00Z", "2026-03-08T23:00:00Z", "2026-03-09T23:00:00Z", "2026-03-10T23:00:00Z",
                "2026-03-04T23:00:00Z", "2026-03-05T23:00:00Z", "2026-03-06T23:00:00Z",
            ])
        let newYear = date("2026-01-01T00:30:00Z")
        #expect(ResetPeriod.monthly.start(of: newYear, timeZone: berlin, weekStart: 2) == date("2025-12-31T23:00:00Z"))
        #expect(ResetPeriod.weekly.start(of: newYear, timeZone: berlin, weekStart: 2) == date("2025-12-28T23:00:00Z"))
    }

    @Test func monthlyCounterResetsOnTheFirst() {
        let counter = StoredVariable(
            key: "k", value: "40", updatedAt: date("2026-02-27T12:00:00Z"), counter: CounterRule(reset: .monthly))
        #expect(counter.value(at: date("2026-02-28T22:59:00Z"), timeZone: berlin) == "40")
        #expect(counter.value(at: date("2026-02-28T23:00:00Z"), timeZone: berlin) == "0")
    }

    @Test func dailyResetAcrossDaylightSavingChange() {
        // Berlin springs forward on 2026-03-29; the day is 23 hours long.
        let counter = StoredVariable(
            key: "k", value: "3", updatedAt: date("2026-03-28T23:30:00Z"), counter: CounterRule(reset: .daily))
        #expect(counter.value(at: date("2026-03-29T21:59:00Z"), timeZone: berlin) == "3")
        #expect(counter.value(at: date("2026-03-29T22:00:00Z"), timeZone: berlin) == "0")
    }
}

@Suite struct TimeVariablesTests {
    @Test func builtInsAtAPinnedInstant() {
        let context = VariableContext(
            now: ISOInstant.parse("2026-03-10T09:30:00.25Z")!, timeZone: TimeZone(identifier: "Europe/Berlin")!,
            locale: Locale(identifier: "en_US"))
        #expect(
            TimeVariables.all(context: context) == [
                "__now": "2026-03-10T09:30:00.250Z", "__now_unix": "1773135000", "__today": "2026-03-10",
                "__time": "10:30", "__weekday": "Tue",
            ])
        #expect(TimeVariables.value("__nope", context: context) == nil)
    }

    @Test func localDateFollowsTheZone() {
        let context = VariableContext(
            now: ISOInstant.parse("2026-03-10T23:30:00Z")!, timeZone: TimeZone(identifier: "Pacific/Auckland")!,
            locale: Locale(identifier: "de_DE"))
        #expect(TimeVariables.value("__today", context: context) == "2026-03-11")
        #expect(TimeVariables.value("__time", context: context) == "12:30")
        #expect(TimeVariables.value("__weekday", context: context) == "Mi.")
    }
}

@Suite struct FlatJSONObjectTests {
    @Test func stringsAndNumbersBecomeText() throws {
        let values = try FlatJSONObject.parse(
            Array(#"{"a": "x", "n": 3, "f": 0.25, "big": 12345678901234, "z": null}"#.utf8))
        #expect(values == ["a": "x", "n": "3", "f": "0.25", "big": "12345678901234"])
    }

    @Test func problemsAreSpecific() {
        #expect(throws: FlatJSONObject.Problem.empty) { try FlatJSONObject.parse(Array("  \n".utf8)) }
        #expect(throws: FlatJSONObject.Problem.notAnObject(found: "an array")) {
            try FlatJSONObject.parse(Array("[1]".utf8))
        }
        #expect(throws: FlatJSONObject.Problem.unsupportedValue(key: "b", found: "a boolean")) {
            try FlatJSONObject.parse(Array(#"{"b": true}"#.utf8))
        }
        #expect(throws: FlatJSONObject.Problem.unsupportedValue(key: "o", found: "an object")) {
            try FlatJSONObject.parse(Array(#"{"o": {"x": 1}}"#.utf8))
        }
        #expect(throws: FlatJSONObject.Problem.notJSON(excerpt: "<html>")) {
            try FlatJSONObject.parse(Array("<html>".utf8))
        }
    }
}

@Suite struct WeftLocationsTests {
    /// The working directory is never searched: `theWorkingDirectoryNeverTakesOver` in the CLI tests runs the
    /// binary in a folder holding `cache/` and `providers/` (changing this process's directory would disturb
    /// the tests that run beside this one).
    @Test func flagsThenEnvironmentThenWeftHomeThenXDG() {
        let env = ["HOME": "/home/u", "WEFT_CACHE": "/env/cache", "XDG_CONFIG_HOME": "/xdg"]
        let flags = WeftLocations.resolve(cache: "~/c", providers: "/p", environment: env)
        #expect(flags == WeftLocations(cacheDirectory: "/home/u/c", providersDirectory: "/p"))
        let fallback = WeftLocations.resolve(cache: nil, providers: nil, environment: env)
        #expect(fallback == WeftLocations(cacheDirectory: "/env/cache", providersDirectory: "/xdg/weft/providers"))
        let weftHome = WeftLocations.resolve(
            cache: nil, providers: nil, environment: ["HOME": "/h", "WEFT_HOME": "~/w", "XDG_CONFIG_HOME": "/xdg"])
        #expect(weftHome == WeftLocations(cacheDirectory: "/h/w/cache", providersDirectory: "/h/w/providers"))
        // The database holds the user's own records: state, not cache; the old default is where to move it from.
        let bare = WeftLocations.resolve(cache: nil, providers: nil, environment: ["HOME": "/h"])
        #expect(
            bare
                == WeftLocations(
                    cacheDirectory: "/h/.local/state/weft", providersDirectory: "/h/.config/weft/providers",
                    legacyDirectory: "/h/.cache/weft"))
        let xdg = WeftLocations.resolve(
            cache: nil, providers: nil, environment: ["HOME": "/h", "XDG_STATE_HOME": "/s", "XDG_CACHE_HOME": "/c"])
        #expect(xdg.cacheDirectory == "/s/weft" && xdg.legacyDirectory == "/c/weft")
    }
}
