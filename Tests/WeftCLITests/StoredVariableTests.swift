import Foundation
import Testing

/// `weft var set/get/rm/incr/now/list`: stored variables and counters that reset at local boundaries.
@Suite("stored variables and counters")
struct StoredVariableTests {
    /// `weft var …` in Berlin at `now`.
    static func varAt(_ box: Sandbox, _ now: String, _ arguments: String...) async -> ProcessResult {
        await box.weft(arguments: ["var"] + arguments + ["--now", now, "--tz", Fixed.zone])
    }

    @Test func setGetRemove() async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "Mood", "feeling good").exitCode == 0)
        let get = await box.weft("var", "get", "mood")
        #expect(get.exitCode == 0 && get.stdout == "feeling good\n", "\(get)")
        #expect(await box.weft("get", "MOOD").stdout == "feeling good\n", "stored variables share the key space")
        #expect(await box.weft("resolve", "I am {{mood}}").stdout == "I am feeling good\n")

        #expect(await box.weft("var", "set", "mood", "tired").exitCode == 0)
        #expect(await box.weft("var", "get", "mood").stdout == "tired\n")

        let rm = await box.weft("var", "rm", "mood")
        #expect(rm.exitCode == 0, "\(rm)")
        let gone = await box.weft("var", "get", "mood")
        #expect(gone.exitCode == 1 && gone.stdout.isEmpty, "\(gone)")
        #expect(await box.weft("resolve", "{{mood|unset}}").stdout == "unset\n")

        let again = await box.weft("var", "rm", "mood")
        #expect(again.exitCode == 1, "\(again)")
        #expect(again.stderr.contains("no stored variable \"mood\""), "\(again)")
    }

    @Test func getOfUnsetVariableWithoutCacheExitsOne() async throws {
        let box = try Sandbox()
        let get = await box.weft("var", "get", "nothing")
        #expect(get.exitCode == 1 && get.signal == nil && get.stdout.isEmpty, "\(get)")
        let rm = await box.weft("var", "rm", "nothing")
        #expect(rm.exitCode == 1 && rm.stderr.contains("\"nothing\""), "\(rm)")
    }

    @Test func incrementWithStepByAndGoal() async throws {
        let box = try Sandbox()
        let t = Fixed.now
        #expect(await Self.varAt(box, t, "incr", "pushups").stdout == "1\n", "a new counter starts at 0")
        #expect(await Self.varAt(box, t, "incr", "pushups").stdout == "2\n")
        #expect(await Self.varAt(box, t, "incr", "pushups", "--by", "10").stdout == "12\n")
        #expect(await Self.varAt(box, t, "incr", "pushups", "--by=-2.5").stdout == "9.5\n")

        #expect(await Self.varAt(box, t, "set", "water", "0", "--step", "0.25", "--goal", "2").exitCode == 0)
        #expect(await Self.varAt(box, t, "incr", "water").stdout == "0.25\n")
        #expect(await Self.varAt(box, t, "incr", "water").stdout == "0.5\n")
        #expect(await Self.varAt(box, t, "incr", "water", "--step", "1").stdout == "1.5\n", "a new step sticks")
        #expect(await Self.varAt(box, t, "incr", "water").stdout == "2.5\n")

        let list = await Self.varAt(box, t, "list")
        #expect(list.exitCode == 0, "\(list)")
        #expect(list.stdout.contains("water = 2.5  (counter, step 1, goal 2)"), "\(list)")
        #expect(list.stdout.contains("pushups = 9.5"), "\(list)")

        let json = await Self.varAt(box, t, "list", "--json")
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        let water = try #require(entries.first { $0["key"] as? String == "water" })
        #expect(water["value"] as? String == "2.5")
        #expect(water["goal"] as? Double == 2)
        #expect(water["step"] as? Double == 1)
        #expect(water["updated"] as? String == "2026-03-10T09:30:00Z")
    }

    @Test func negativeNumbersWithTheWorkarounds() async throws {
        let box = try Sandbox()
        let set = await WeftProcess.weft(["var", "set", "credits"] + box.locations + ["--", "-5"])
        #expect(set.exitCode == 0, "\(set)")
        #expect(await box.weft("var", "get", "credits").stdout == "-5\n")
        #expect(await box.weft("var", "incr", "credits", "--by=-1").stdout == "-6\n")
        #expect(await box.weft("var", "set", "lives", "3", "--step=-1").exitCode == 0)
        #expect(await box.weft("var", "incr", "lives").stdout == "2\n")
    }

    @Test()
    func negativeNumbersAsWrittenInTheHelp() async throws {
        let box = try Sandbox()
        let set = await box.weft("var", "set", "credits", "-5")
        #expect(set.exitCode == 0, "\(set)")
        let incr = await box.weft("var", "incr", "credits", "--by", "-1")
        #expect(incr.exitCode == 0 && incr.stdout == "-6\n", "\(incr)")
        let step = await box.weft("var", "set", "lives", "3", "--step", "-1")
        #expect(step.exitCode == 0, "\(step)")
    }

    @Test func incrementOfNonNumberFailsClearly() async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "mood", "happy").exitCode == 0)
        let result = await box.weft("var", "incr", "mood")
        #expect(result.exitCode == 1, "\(result)")
        #expect(result.stderr.contains("variable \"mood\" holds \"happy\", which is not a number"), "\(result)")
        #expect(await box.weft("var", "get", "mood").stdout == "happy\n", "the value is untouched")

        let counter = await box.weft("var", "set", "water", "lots", "--goal", "8")
        #expect(counter.exitCode != 0 && counter.signal == nil, "\(counter)")
        #expect(counter.stderr.contains("a counter's value must be a number, not \"lots\""), "\(counter)")
    }

    @Test func dailyResetAtBerlinMidnight() async throws {
        let box = try Sandbox()
        // 2026-03-10 in Berlin is CET (UTC+1): local midnight is 23:00Z.
        #expect(
            await Self.varAt(box, "2026-03-10T20:00:00Z", "set", "water", "0", "--goal", "8", "--reset", "daily")
                .exitCode == 0)
        #expect(await Self.varAt(box, "2026-03-10T21:00:00Z", "incr", "water").stdout == "1\n")
        #expect(await Self.varAt(box, "2026-03-10T22:59:00Z", "incr", "water", "--by", "2").stdout == "3\n")
        #expect(await Self.varAt(box, "2026-03-10T22:59:59Z", "get", "water").stdout == "3\n")
        // The reset is applied on read…
        #expect(await Self.varAt(box, "2026-03-10T23:00:00Z", "get", "water").stdout == "0\n")
        let render = await box.weft(
            "resolve", "{{water}}", "--now", "2026-03-10T23:00:00Z", "--tz", Fixed.zone)
        #expect(render.stdout == "0\n", "\(render)")
        // …and on write: incr after the boundary starts over from the reset value.
        #expect(await Self.varAt(box, "2026-03-10T23:30:00Z", "incr", "water").stdout == "1\n")
        #expect(await Self.varAt(box, "2026-03-11T22:59:00Z", "get", "water").stdout == "1\n")
    }

    @Test func dailyResetUsesTheGivenZone() async throws {
        let box = try Sandbox()
        #expect(
            await box.weft(
                "var", "set", "cups", "4", "--reset", "daily", "--now", "2026-03-10T20:00:00Z",
                "--tz", "America/New_York"
            ).exitCode == 0)
        // 23:30Z is past midnight in Berlin but only 19:30 in New York.
        let york = await box.weft("var", "get", "cups", "--now", "2026-03-10T23:30:00Z", "--tz", "America/New_York")
        #expect(york.stdout == "4\n", "\(york)")
        let berlin = await box.weft("var", "get", "cups", "--now", "2026-03-10T23:30:00Z", "--tz", Fixed.zone)
        #expect(berlin.stdout == "0\n", "\(berlin)")
    }

    @Test func weeklyResetOnMondayByDefault() async throws {
        let box = try Sandbox()
        // Saturday 2026-03-14 12:00 in Berlin.
        #expect(
            await Self.varAt(
                box, "2026-03-14T11:00:00Z", "set", "runs", "10", "--step", "5", "--reset", "weekly",
                "--reset-value", "3"
            ).exitCode == 0)
        // Sunday 00:00 in Berlin is not a week boundary.
        #expect(await Self.varAt(box, "2026-03-14T23:00:00Z", "get", "runs").stdout == "10\n")
        #expect(await Self.varAt(box, "2026-03-15T22:30:00Z", "incr", "runs").stdout == "15\n")
        #expect(await Self.varAt(box, "2026-03-15T22:59:59Z", "get", "runs").stdout == "15\n")
        // Monday 2026-03-16 00:00 in Berlin = 2026-03-15T23:00Z: back to the reset value.
        #expect(await Self.varAt(box, "2026-03-15T23:00:00Z", "get", "runs").stdout == "3\n")
        #expect(await Self.varAt(box, "2026-03-16T08:00:00Z", "incr", "runs").stdout == "8\n")
        #expect(await Self.varAt(box, "2026-03-22T22:59:00Z", "get", "runs").stdout == "8\n")
        #expect(await Self.varAt(box, "2026-03-22T23:00:00Z", "get", "runs").stdout == "3\n")
    }

    @Test func weeklyResetWithSundayStart() async throws {
        let box = try Sandbox()
        #expect(
            await Self.varAt(
                box, "2026-03-14T11:00:00Z", "set", "runs", "7", "--reset", "weekly",
                "--week-start", "sunday"
            ).exitCode == 0)
        #expect(await Self.varAt(box, "2026-03-14T22:59:00Z", "get", "runs").stdout == "7\n")
        #expect(await Self.varAt(box, "2026-03-14T23:00:00Z", "get", "runs").stdout == "0\n")
    }

    @Test func monthlyResetAcrossTheDaylightSavingChange() async throws {
        let box = try Sandbox()
        // Berlin switches to CEST on 2026-03-29, so April starts at 2026-03-31T22:00Z.
        #expect(await Self.varAt(box, "2026-03-02T10:00:00Z", "set", "books", "1", "--reset", "monthly").exitCode == 0)
        #expect(await Self.varAt(box, "2026-03-20T10:00:00Z", "incr", "books").stdout == "2\n")
        #expect(await Self.varAt(box, "2026-03-31T21:59:59Z", "get", "books").stdout == "2\n")
        #expect(await Self.varAt(box, "2026-03-31T22:00:00Z", "get", "books").stdout == "0\n")
        #expect(await Self.varAt(box, "2026-04-15T10:00:00Z", "incr", "books").stdout == "1\n")
        let list = await Self.varAt(box, "2026-04-15T10:00:00Z", "list")
        #expect(list.stdout.contains("books = 1  (counter, step 1, resets monthly)"), "\(list)")
    }

    @Test func setKeepsTheCounterRule() async throws {
        let box = try Sandbox()
        #expect(await Self.varAt(box, Fixed.now, "set", "water", "2", "--goal", "8", "--reset", "daily").exitCode == 0)
        #expect(await Self.varAt(box, Fixed.now, "set", "water", "5").exitCode == 0)
        let list = await Self.varAt(box, Fixed.now, "list")
        #expect(list.stdout.contains("water = 5  (counter, step 1, goal 8, resets daily)"), "\(list)")
        #expect(await Self.varAt(box, "2026-03-10T23:00:00Z", "get", "water").stdout == "0\n")
    }

    @Test(arguments: [
        ("iso8601", "2026-03-10T23:30:00Z"),
        ("unix", "1773185400"),
        ("unixms", "1773185400250"),
        ("date", "2026-03-11"),
        ("time", "00:30"),
    ])
    func nowInEachFormat(_ format: String, _ expected: String) async throws {
        let box = try Sandbox()
        let result = await box.weft(
            "var", "now", "stamp", "--format", format, "--now", "2026-03-10T23:30:00.250Z", "--tz", Fixed.zone)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == expected + "\n", "\(result)")
        #expect(await box.weft("var", "get", "stamp").stdout == expected + "\n")
    }

    @Test func nowDefaultsToISO8601() async throws {
        let box = try Sandbox()
        let result = await box.weft("var", "now", "last_coffee", "--now", Fixed.now)
        #expect(result.stdout == "2026-03-10T09:30:00Z\n", "\(result)")
        let bad = await box.weft("var", "now", "x", "--format", "rfc822")
        #expect(bad.exitCode != 0 && bad.stderr.contains("rfc822"), "\(bad)")
    }

    @Test func concurrentIncrementsAllCount() async throws {
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "hits", "0").exitCode == 0)
        let results = await withTaskGroup(of: ProcessResult.self) { group in
            for _ in 0..<8 { group.addTask { await box.weft("var", "incr", "hits") } }
            var all: [ProcessResult] = []
            for await result in group { all.append(result) }
            return all
        }
        for result in results { #expect(result.exitCode == 0, "\(result)") }
        #expect(Set(results.map(\.stdout)).count == 8, "every incr saw a different value")
        #expect(await box.weft("var", "get", "hits").stdout == "8\n")
    }
}
