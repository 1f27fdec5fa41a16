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

    @Test func etcLocaltimeIsTheSystemZone() async throws {
        let box = try Sandbox()
        let result = await localTime(box, tz: ":/etc/localtime")
        #expect(result.exitCode == 0 && result.stdout.hasPrefix("2026-03-"), "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test func aTZNoZoneFollowsNamesTheValueAndTheFormsThatWork() async throws {
        let box = try Sandbox()
        let result = await localTime(box, tz: "ABC-1DEF,M2.1.0,M5.1.0")
        #expect(result.exitCode != 0, "\(result)")
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
}
