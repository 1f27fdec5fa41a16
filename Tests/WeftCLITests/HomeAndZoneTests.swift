import Foundation
import Testing
import WeftTestSupport

/// `~` is `$HOME` everywhere, and every `TZ` a POSIX system accepts is understood (issue 15 #5 and #6).
@Suite("home and zone")
struct HomeAndZoneTests {
    /// A home that is not the passwd home of the user running the tests.
    static func home(_ box: Sandbox) throws -> String {
        let home = box.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return home
    }

    @Test func tildeInProviderFilesIsHome() async throws {
        let box = try Sandbox()
        let home = try Self.home(box)
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
        // At 20:00 in Berlin the next event is the next day's holiday.
        let values = await box.weft(
            arguments: ["resolve", "{{__calendar_next_title|none}} {{__steps_today|none}}"] + StepsCommandTests.clock,
            environment: environment)
        #expect(values.stdout == "Holiday 2000\n", "\(values)")
    }

    @Test func tildeInTheTokenFileAndTheCronLineIsHome() async throws {
        let box = try Sandbox()
        let home = try Self.home(box)
        try "0123456789abcdef0123456789abcdef\n".write(toFile: home + "/token", atomically: false, encoding: .utf8)
        let serve = await WeftProcess.run(
            ["timeout", "-s", "TERM", "3", WeftProcess.binary, "serve", "--port", "0", "--bind", "0.0.0.0",
                "--token-file", "~/token"] + box.locations, environment: ["HOME": home])
        #expect(serve.stdout.contains("weft: serving on http://0.0.0.0:"), "\(serve)")
        let cron = await box.weft("schedule", "--cron", environment: ["HOME": home])
        #expect(cron.exitCode == 0, "\(cron)")
        #expect(cron.stdout.contains(home + "/"), "\(cron)")
        #expect(!cron.stdout.contains(NSHomeDirectory() + "/.cache"), "\(cron)")
    }

    @Test(arguments: [
        ("UTC0", "2026-03-10 23:30"),
        ("GMT0", "2026-03-10 23:30"),
        ("<+0530>-5:30", "2026-03-11 05:00"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-03-11 00:30"),
        ("EST5EDT,M3.2.0,M11.1.0", "2026-03-10 19:30"),
        (":Europe/Berlin", "2026-03-11 00:30"),
        ("Europe/Berlin", "2026-03-11 00:30"),
    ])
    func posixTZValuesAreUnderstood(zone: String, expected: String) async throws {
        let box = try Sandbox()
        let result = await box.weft(
            "resolve", "{{__today}} {{__time}}", "--now", "2026-03-10T23:30:00Z", environment: ["TZ": zone])
        #expect(result.exitCode == 0, "\(zone): \(result)")
        #expect(result.stdout == expected + "\n", "\(zone): \(result)")
    }

    @Test func theSystemZoneByPathWorksForEveryCommand() async throws {
        let box = try Sandbox()
        try box.provider("up", shellProvider("printf '{\"n\": 1}'"))
        for arguments in [["refresh"], ["status"], ["get", "__today"], ["var", "now", "seen"]] {
            let result = await box.weft(arguments: arguments, environment: ["TZ": ":/etc/localtime"])
            #expect(result.exitCode == 0, "\(arguments): \(result)")
            #expect(!result.stderr.contains("unknown time zone"), "\(arguments): \(result)")
        }
        let nonsense = await box.weft("get", "__today", environment: ["TZ": "Mars/Olympus_Mons"])
        #expect(nonsense.exitCode != 0, "\(nonsense)")
        #expect(nonsense.stderr.contains("Mars/Olympus_Mons"), "\(nonsense)")
    }
}
