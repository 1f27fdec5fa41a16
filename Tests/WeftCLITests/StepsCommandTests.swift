import Foundation
import Testing

/// `weft steps` and the steps provider through the built binary.
@Suite("steps")
struct StepsCommandTests {
    static let header = "sourceName,sourceVersion,device,type,unit,creationDate,startDate,endDate,value\n"

    /// An Apple-Health-style row for the iPhone, local times in Berlin (+0100 in March).
    static func row(_ day: Int, _ start: String, _ end: String, _ steps: Int, source: String = "iPhone") -> String {
        let date = String(format: "2026-03-%02d", day)
        return "\"\(source)\",\"17.0\",\"\",\"HKQuantityTypeIdentifierStepCount\",\"count\","
            + "\"\(date) \(end) +0100\",\"\(date) \(start) +0100\",\"\(date) \(end) +0100\",\"\(steps)\"\n"
    }

    static let clock = ["--now", "2026-03-10T19:00:00Z", "--tz", "Europe/Berlin"]

    func days(_ box: Sandbox) async throws -> [[String: Any]] {
        let result = await box.weft(arguments: ["steps", "days", "--json"])
        #expect(result.exitCode == 0, "\(result)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    @Test func reimportsAndOverlappingExportsNeverCountTwice() async throws {
        let box = try Sandbox()
        // Export A: 8 and 9 March. Export B, taken later: 9 March again (one walk re-synced larger) and 10 March.
        try box.write(
            "a.csv", Self.header + Self.row(8, "10:00:00", "10:10:00", 1000) + Self.row(9, "09:00:00", "09:30:00", 3000)
        )
        try box.write(
            "b.csv",
            Self.header + Self.row(9, "09:00:00", "09:30:00", 3500) + Self.row(10, "08:00:00", "08:20:00", 2000)
                + Self.row(10, "18:00:00", "18:30:00", 4200))
        let first = await box.weft(arguments: ["steps", "import", box.path("a.csv")] + Self.clock)
        #expect(first.exitCode == 0, "\(first)")
        #expect(first.stderr.contains("imported 2 rows"), "\(first)")
        let again = await box.weft(arguments: ["steps", "import", box.path("a.csv")] + Self.clock)
        #expect(again.exitCode == 0, "\(again)")
        var table = try await days(box)
        #expect(table.map { $0["steps"] as? Int } == [1000, 3000], "re-importing the same file changes nothing")

        let overlap = await box.weft(arguments: ["steps", "import", box.path("b.csv")] + Self.clock)
        #expect(overlap.exitCode == 0, "\(overlap)")
        table = try await days(box)
        #expect(table.map { $0["date"] as? String } == ["2026-03-08", "2026-03-09", "2026-03-10"])
        #expect(table.map { $0["steps"] as? Int } == [1000, 3500, 6200], "the newer export wins where they overlap")
        #expect(table.map { $0["goal"] as? Int } == [10000, 10000, 10000])

        let today = await box.weft(arguments: ["resolve", "{{__steps_today}} {{__steps_today_percent}}%"] + Self.clock)
        #expect(today.stdout == "6200 62%\n", "\(today)")
        // A new local day starts at midnight without an import.
        let tomorrow = await box.weft(
            arguments: ["get", "__steps_today", "--now", "2026-03-10T23:30:00Z", "--tz", "Europe/Berlin"])
        #expect(tomorrow.stdout == "0\n", "\(tomorrow)")

        let stats = await box.weft(arguments: ["steps", "stats"] + Self.clock)
        #expect(stats.stdout.contains("today    6200 / 10000 (62%)"), "\(stats)")
        #expect(stats.stdout.contains("best     6200 on 2026-03-10"), "\(stats)")
    }

    @Test func aRejectedFileImportsNothing() async throws {
        let box = try Sandbox()
        try box.write("good.csv", Self.header + Self.row(9, "09:00:00", "09:30:00", 3000))
        #expect(await box.weft(arguments: ["steps", "import", box.path("good.csv")] + Self.clock).exitCode == 0)
        var bad = Self.header
        for minute in 0..<20 {
            bad += Self.row(10, String(format: "08:%02d:00", minute), String(format: "08:%02d:30", minute), 100)
        }
        bad +=
            "\"iPhone\",\"17.0\",\"\",\"HKQuantityTypeIdentifierStepCount\",\"count\",\"x\",\"not a date\",\"2026-03-10 09:00:00 +0100\",\"5\"\n"
        try box.write("bad.csv", bad)
        let rejected = await box.weft(arguments: ["steps", "import", box.path("bad.csv")] + Self.clock)
        #expect(rejected.exitCode == 1, "\(rejected)")
        #expect(rejected.stderr.contains("bad.csv:22"), "the file and line are named: \(rejected)")
        let table = try await days(box)
        #expect(table.map { $0["steps"] as? Int } == [3000], "nothing of the rejected file was imported")
        let lenient = await box.weft(arguments: ["steps", "import", box.path("bad.csv"), "--lenient"] + Self.clock)
        #expect(lenient.exitCode == 0, "\(lenient)")
        #expect(lenient.stderr.contains("skipped"), "\(lenient)")
        #expect(try await days(box).map { $0["steps"] as? Int } == [3000, 2000])
    }

    @Test func providerReimportsAChangedFile() async throws {
        let box = try Sandbox()
        try box.write("export.csv", Self.header + Self.row(10, "08:00:00", "08:20:00", 2000))
        try box.provider(
            "walk",
            "type = \"steps\"\nfiles = [\"\(box.path("export*.csv"))\"]\ntimezone = \"Europe/Berlin\"\ngoal_weekday = 5000\n"
        )
        let first = await box.weft(arguments: ["refresh"] + Self.clock)
        #expect(first.exitCode == 0, "\(first)")
        let before = await box.weft(
            arguments: ["resolve", "{{__steps_today}}/{{__steps_goal_today}} {{__steps_access}}"] + Self.clock)
        #expect(before.stdout == "2000/5000 authorised\n", "\(before)")

        try box.write(
            "export.csv",
            Self.header + Self.row(10, "08:00:00", "08:20:00", 2000) + Self.row(10, "12:00:00", "12:30:00", 3500))
        let second = await box.weft(arguments: ["refresh", "--force"] + Self.clock)
        #expect(second.exitCode == 0, "\(second)")
        let after = await box.weft(arguments: ["resolve", "{{__steps_today}} {{__steps_goal_hit_today}}"] + Self.clock)
        #expect(after.stdout == "5500 1\n", "\(after)")
        let days = await box.weft(arguments: ["steps", "days", "--instance", "walk"])
        #expect(days.stdout == "2026-03-10     5500 / 5000 ✓\n", "\(days)")
    }

    @Test func accessSaysWhetherTheConfiguredFilesCanBeRead() async throws {
        let box = try Sandbox()
        try box.provider("walk", "type = \"steps\"\nfiles = []\n")
        #expect(await box.weft(arguments: ["refresh"] + Self.clock).exitCode == 0)
        let unconfigured = await box.weft(arguments: ["get", "__steps_access"] + Self.clock)
        #expect(unconfigured.stdout == "notDetermined\n", "no file is configured: \(unconfigured)")

        try box.provider("walk", "type = \"steps\"\nfiles = [\"\(box.path("export.csv"))\"]\n")
        // Issue 15 #8: a glob that matches nothing is said on the refresh line, not only in `weft status`.
        let refresh = await box.weft(arguments: ["refresh", "--force"] + Self.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        #expect(refresh.stderr.contains("walk: ok with warnings: no file matches "), "\(refresh)")
        #expect(!refresh.stderr.contains("walk: ok, next due"), "not a plain ok: \(refresh)")
        let missing = await box.weft(arguments: ["resolve", "{{__steps_access}} {{__steps_today|none}}"] + Self.clock)
        #expect(missing.stdout == "denied none\n", "\(missing)")
        let warnings = await box.weft(arguments: ["get", "__steps_warnings"] + Self.clock)
        #expect(warnings.stdout.contains("no file matches"), "\(warnings)")

        // A readable export with no rows yet (a fresh Gadgetbridge export is only a header) is not a refusal.
        try box.write("export.csv", Self.header)
        #expect(await box.weft(arguments: ["refresh"] + Self.clock).exitCode == 0)
        let empty = await box.weft(arguments: ["resolve", "{{__steps_access}} {{__steps_today|none}}"] + Self.clock)
        #expect(empty.stdout == "authorised none\n", "\(empty)")

        try box.write("export.csv", Self.header + Self.row(10, "08:00:00", "08:20:00", 2000))
        #expect(await box.weft(arguments: ["refresh"] + Self.clock).exitCode == 0)
        try FileManager.default.removeItem(atPath: box.path("export.csv"))
        #expect(await box.weft(arguments: ["refresh", "--force"] + Self.clock).exitCode == 0)
        let gone = await box.weft(arguments: ["resolve", "{{__steps_access}} {{__steps_today}}"] + Self.clock)
        #expect(gone.stdout == "denied 2000\n", "the export was deleted; what it gave is kept: \(gone)")
    }

    @Test func oneRejectedExportDoesNotHoldBackTheOthers() async throws {
        let box = try Sandbox()
        try box.write("export-a.csv", Self.header + Self.row(10, "08:00:00", "08:20:00", 2000))
        try box.write("export-b.csv", "Date,Steps\n2026-03-10,lots\n2026-03-10,many\n")

        let import_ = await box.weft(
            arguments: ["steps", "import", box.path("export-a.csv"), box.path("export-b.csv")] + Self.clock)
        #expect(import_.exitCode == 1, "\(import_)")
        #expect(import_.stderr.contains("export-b.csv:2:"), "the rejected file and line are named: \(import_)")
        #expect(import_.stderr.contains("imported 1 row from 1 file"), "\(import_)")
        #expect(try await days(box).map { $0["steps"] as? Int } == [2000], "the good file is in")
        let allBad = await box.weft(
            arguments: ["steps", "import", box.path("export-b.csv"), box.path("missing.csv")] + Self.clock)
        #expect(allBad.exitCode == 1, "\(allBad)")
        #expect(allBad.stderr.contains("export-b.csv:2:") && allBad.stderr.contains("missing.csv"), "\(allBad)")

        let box2 = try Sandbox()
        try box2.write("export-a.csv", Self.header + Self.row(10, "08:00:00", "08:20:00", 2000))
        try box2.write("export-b.csv", "Date,Steps\n2026-03-10,lots\n2026-03-10,many\n")
        try box2.provider("walk", "type = \"steps\"\nfiles = [\"\(box2.path("export-*.csv"))\"]\n")
        let refresh = await box2.weft(arguments: ["refresh"] + Self.clock)
        #expect(refresh.exitCode == 0, "a partial import is not a failed refresh, but it is said: \(refresh)")
        #expect(
            refresh.stderr.contains("walk: ok with warnings: ") && refresh.stderr.contains("export-b.csv"), "\(refresh)"
        )
        let today = await box2.weft(arguments: ["resolve", "{{__steps_today}} {{__steps_access}}"] + Self.clock)
        #expect(today.stdout == "2000 authorised\n", "\(today)")
        let warnings = await box2.weft(arguments: ["get", "__steps_warnings"] + Self.clock)
        #expect(warnings.stdout.contains("export-b.csv:2:"), "\(warnings)")

        // The rejected file was not recorded as imported, so once it is fixed the next refresh takes it.
        try box2.write("export-b.csv", Self.header + Self.row(10, "12:00:00", "12:30:00", 3500))
        #expect(await box2.weft(arguments: ["refresh", "--force"] + Self.clock).exitCode == 0)
        let fixed = await box2.weft(arguments: ["resolve", "{{__steps_today}} {{__steps_error|none}}"] + Self.clock)
        #expect(fixed.stdout == "5500 none\n", "\(fixed)")
    }
}
