import Foundation
import Testing

/// The primitives as users meet them through the binary: POSIX `TZ` values and `~` read from `$HOME`.
@Suite("time zones and home")
struct PrimitivesCLITests {
    /// `weft resolve` of the local time at 09:30 UTC with `TZ` set to `tz` and no `--tz`.
    func localTime(_ box: Sandbox, tz: String) async -> ProcessResult {
        await box.weft(arguments: ["resolve", "{{__today}} {{__time}}", "--now", Fixed.now], environment: ["TZ": tz])
    }

    @Test(arguments: [
        ("UTC0", "2026-03-10 09:30"), ("GMT0", "2026-03-10 09:30"), ("<+0530>-5:30", "2026-03-10 15:00"),
        ("JST-9", "2026-03-10 18:30"), ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-03-10 10:30"),
        ("EST5EDT,M3.2.0,M11.1.0", "2026-03-10 05:30"), ("EST5EDT", "2026-03-10 05:30"),
        (":Europe/Berlin", "2026-03-10 10:30"), ("US/Pacific", "2026-03-10 02:30"),
        (":/usr/share/zoneinfo/Asia/Tokyo", "2026-03-10 18:30"),
    ])
    func posixTZValuesWork(_ tz: String, _ expected: String) async throws {
        let box = try Sandbox()
        let result = await localTime(box, tz: tz)
        #expect(result.exitCode == 0 && result.stdout == expected + "\n", "\(result)")
    }

    /// A huge result printed 301 digits; from 1e21 on it is the exponent form, below it every digit.
    @Test func hugeNumbersPrintInExponentForm() async throws {
        let box = try Sandbox()
        let result = await box.weft(arguments: ["resolve", "{{=10^300}} {{=-(10^22)*1.5}} {{=10^20}}"] + Fixed.clock)
        #expect(result.exitCode == 0 && result.stdout == "1e+300 -1.5e+22 100000000000000000000\n", "\(result)")
    }

    @Test func etcLocaltimeIsTheSystemZone() async throws {
        let box = try Sandbox()
        let result = await localTime(box, tz: ":/etc/localtime")
        #expect(result.exitCode == 0 && result.stdout.hasPrefix("2026-03-"), "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test func aTZNoZoneFollowsIsUTCWithAWarningNamingTheValueAndTheFormsThatWork() async throws {
        let box = try Sandbox()
        let result = await localTime(box, tz: "ABC-1DEF,M2.1.0,M5.1.0")
        #expect(result.exitCode == 0 && result.stdout == "2026-03-10 09:30\n", "\(result)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one warning: \(result)")
        #expect(result.stderr.contains("\"ABC-1DEF,M2.1.0,M5.1.0\""), "\(result)")
        #expect(result.stderr.contains("Europe/Berlin") && result.stderr.contains("UTC0"), "\(result)")
    }

    @Test func tildeInAProviderFileIsHomeFromTheEnvironment() async throws {
        let box = try Sandbox()
        try FileManager.default.createDirectory(atPath: box.path("home/exports"), withIntermediateDirectories: true)
        try box.write(
            "home/exports/steps.csv",
            StepsCommandTests.header + StepsCommandTests.row(10, "08:00:00", "08:20:00", 2345))
        try box.provider("steps", "type = \"steps\"\nfiles = [\"~/exports/*.csv\"]\n")
        let env = ["HOME": box.path("home")]
        let refresh = await box.weft(arguments: ["refresh"] + StepsCommandTests.clock, environment: env)
        #expect(refresh.exitCode == 0, "\(refresh)")
        let today = await box.weft(arguments: ["get", "__steps_today"] + StepsCommandTests.clock, environment: env)
        #expect(today.stdout == "2345\n", "\(today)")
    }

    @Test func relativePathsInAProviderFileStartAtItsDirectory() async throws {
        let box = try Sandbox()
        try FileManager.default.createDirectory(atPath: box.providers + "/data", withIntermediateDirectories: true)
        try box.write(
            box.providers + "/data/steps.csv",
            StepsCommandTests.header + StepsCommandTests.row(10, "08:00:00", "08:20:00", 1234))
        try box.provider("steps", "type = \"steps\"\nfiles = [\"data/steps.csv\"]\n")
        // Run from elsewhere: the path must not depend on the working directory.
        let refresh = await WeftProcess.run(
            ["/bin/sh", "-c", "cd / && exec \"$0\" \"$@\"", WeftProcess.binary, "refresh"] + box.locations
                + StepsCommandTests.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        let today = await box.weft(arguments: ["get", "__steps_today"] + StepsCommandTests.clock)
        #expect(today.stdout == "1234\n", "\(today)")
    }

    @Test func theTokenFileIsUnderHomeFromTheEnvironment() async throws {
        let box = try Sandbox()
        let serve = await box.weft(
            arguments: ["serve", "--port", "0", "--token-file", "~/missing-token"], environment: ["HOME": box.root])
        #expect(serve.exitCode == 1, "\(serve)")
        #expect(serve.stderr.contains(box.root + "/missing-token"), "\(serve)")
    }

    @Test func theCronLogIsUnderHomeFromTheEnvironment() async throws {
        let box = try Sandbox()
        let cron = await box.weft(arguments: ["schedule", "--cron", "--every", "5m"], environment: ["HOME": box.root])
        #expect(cron.exitCode == 0, "\(cron)")
        #expect(cron.stdout.contains(">>\(box.root)/.cache/weft-refresh.log"), "\(cron)")
    }

    /// A calendar `path` and steps `files` both read `~` from `$HOME`, and `weft check` agrees.
    @Test func tildeInProviderFilesIsHome() async throws {
        let box = try Sandbox()
        let home = box.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try CalendarCommandTests.ics.write(toFile: home + "/work.ics", atomically: false, encoding: .utf8)
        try (StepsCommandTests.header + StepsCommandTests.row(10, "08:00:00", "08:20:00", 2000)).write(
            toFile: home + "/steps.csv", atomically: false, encoding: .utf8)
        try box.provider("work", "type = \"calendar\"\nsources = [{ name = \"Work\", path = \"~/work.ics\" }]\n")
        try box.provider("walk", "type = \"steps\"\nfiles = [\"~/steps.csv\"]\n")
        let environment = ["HOME": home]
        let check = await box.weft("check", environment: environment)
        #expect(check.exitCode == 0, "\(check)")
        let refresh = await box.weft(arguments: ["refresh"] + StepsCommandTests.clock, environment: environment)
        #expect(refresh.exitCode == 0, "\(refresh)")
        // At 20:00 in Berlin the next day's holiday is tomorrow's all-day event.
        let values = await box.weft(
            arguments: ["resolve", "{{__calendar_tomorrow_all_day|none}} {{__steps_today|none}}"]
                + StepsCommandTests.clock,
            environment: environment)
        #expect(values.stdout == "Holiday 2000\n", "\(values)")
    }

    /// `TZ=:/etc/localtime` works for every command, and an unknown zone is named in a warning, never an error.
    @Test func theSystemZoneByPathWorksForEveryCommand() async throws {
        let box = try Sandbox()
        try box.provider("up", shellProvider("printf '{\"n\": 1}'"))
        for arguments in [["refresh"], ["status"], ["get", "__today"], ["var", "now", "seen"]] {
            let result = await box.weft(arguments: arguments, environment: ["TZ": ":/etc/localtime"])
            #expect(result.exitCode == 0, "\(arguments): \(result)")
            #expect(!result.stderr.contains("unknown time zone"), "\(arguments): \(result)")
        }
        for arguments in [["refresh"], ["status"], ["get", "__today"], ["var", "now", "seen"]] {
            let nonsense = await box.weft(arguments: arguments, environment: ["TZ": "Mars/Olympus_Mons"])
            #expect(nonsense.exitCode == 0, "\(arguments): \(nonsense)")
            let warnings = nonsense.stderr.split(separator: "\n").filter { $0.contains("Mars/Olympus_Mons") }
            #expect(warnings.count == 1, "\(arguments): \(nonsense)")
        }
    }
}
