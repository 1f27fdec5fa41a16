import Foundation
import Testing
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Hostile input, part two (issue 32), through the built binary: a deeply nested export, bytes a terminal acts on,
/// files that are not files. Each case crashed, reached the terminal raw or hung before.
@Suite("hostile input, part two")
struct HostileInputPartTwoTests {
    static let escape = "\u{1B}"
    /// An OSC 52 clipboard write, as a hostile calendar title or command output carries it.
    static let clipboardWrite = "\u{1B}]52;c;SGVsbG8=\u{07}"

    // MARK: root 1: unbounded recursion

    /// A Google Fit export and a Fitbit one, each with a member nested 30,000 deep (60 KB) that the reader skips.
    static func deepExport(_ name: String) -> String {
        let depth = 30_000
        if name == "fit.json" {
            return "{\"Data Source\": \"x\", \"junk\": \(String(repeating: "[", count: depth))"
                + "\(String(repeating: "]", count: depth)), \"Data Points\": []}"
        }
        return "[{\"dateTime\": \"03/10/26 00:00:00\", \"junk\": \(String(repeating: "{\"a\":", count: depth))1"
            + "\(String(repeating: "}", count: depth)), \"value\": \"5\"}]"
    }

    @Test(arguments: ["fit.json", "steps-2026-03-10.json"])
    func aJSONExportNested30000DeepIsAnErrorNotACrash(name: String) async throws {
        let box = try Sandbox()
        try box.write(name, Self.deepExport(name))
        let imported = await box.weft(arguments: ["steps", "import", box.path(name)] + Fixed.clock)
        #expect(imported.signal == nil, "\(imported)")
        #expect(imported.exitCode == 1, "\(imported)")
        #expect(imported.stderr.contains(name) && imported.stderr.contains("nested more than 256"), "\(imported)")
        try box.provider("walk", "type = \"steps\"\nfiles = [\"\(box.path(name))\"]\n")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.signal == nil && refresh.exitCode == 1, "\(refresh)")
        #expect(refresh.stderr.contains("nested more than 256"), "\(refresh)")
    }

    @Test func aProviderThatCrashesBacksOffTwiceAsLongEachTime() async throws {
        let box = try Sandbox()
        try box.provider("b", shellProvider(#"printf '{"v": 1}'"#))
        let crash = ["WEFT_TEST_CRASH_PROVIDER": "b", "SWIFT_BACKTRACE": "enable=no"]
        func at(_ time: String) -> [String] { ["--now", "2026-03-10T\(time):00Z", "--tz", "UTC"] }
        let first = await box.weft(arguments: ["refresh"] + at("09:30"), environment: crash)
        #expect(first.signal != nil, "the refresh crashed: \(first)")
        // The next scheduled run records the crash and does not run it again at once.
        let second = await box.weft(arguments: ["refresh"] + at("09:31"), environment: crash)
        #expect(second.signal == nil && second.exitCode == 1, "\(second)")
        #expect(
            second.stderr.contains("b: skipped: it crashed weft 1 time in a row; tried again after 09:36"), "\(second)")
        let status = await box.weft(arguments: ["status"] + at("09:32"))
        #expect(
            status.stdout.contains(
                "crashed weft 1 time in a row, not tried again before 09:36 (`weft refresh --force b`"),
            "\(status)")
        // After the wait it is tried, crashes again, and the wait doubles.
        let third = await box.weft(arguments: ["refresh"] + at("09:37"), environment: crash)
        #expect(third.signal != nil, "\(third)")
        let fourth = await box.weft(arguments: ["refresh"] + at("09:38"))
        #expect(fourth.stderr.contains("2 times in a row; tried again after 09:48"), "\(fourth)")
        let json = await box.weft(arguments: ["status", "--json"] + at("09:39"))
        #expect(json.stdout.contains("\"crashes\" : 2") || json.stdout.contains("\"crashes\":2"), "\(json)")
        // --force tries now; a success ends the backoff.
        let forced = await box.weft(arguments: ["refresh", "--force"] + at("09:40"))
        #expect(forced.exitCode == 0, "\(forced)")
        let healthy = await box.weft(arguments: ["status"] + at("09:41"))
        #expect(!healthy.stdout.contains("crashed"), "\(healthy)")
        #expect(await box.weft(arguments: ["get", "__b_v"] + at("09:41")).stdout == "1\n")
    }

    // MARK: root 5: bytes that reach a terminal

    static let hostileCalendar = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//weft tests//EN
        BEGIN:VEVENT
        UID:osc@weft
        DTSTAMP:20260301T000000Z
        DTSTART:20260310T120000Z
        DTEND:20260310T130000Z
        SUMMARY:Plan\(clipboardWrite)ning\u{1B}[2J\u{9B}31m
        END:VEVENT
        END:VCALENDAR

        """

    @Test func aCalendarTitleWithEscapesReachesNoTerminalRaw() async throws {
        let box = try Sandbox()
        try box.write("work.ics", Self.hostileCalendar)
        try box.provider(
            "work", "type = \"calendar\"\nsources = [{ name = \"Work\", path = \"\(box.path("work.ics"))\" }]\n")
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let runs = [
            await box.weft(arguments: ["calendar", "list"] + Fixed.clock),
            await box.weft(arguments: ["calendar", "next"] + Fixed.clock),
            await box.weft(arguments: ["get", "__calendar_next_title"] + Fixed.clock),
            await box.weft(arguments: ["resolve", "next: {{__calendar_next_title}}"] + Fixed.clock),
            await box.weft(arguments: ["explain", "__calendar_next_title"] + Fixed.clock),
            await box.weft(arguments: ["vars", "--prefix", "__calendar_next"] + Fixed.clock),
        ]
        for run in runs {
            #expect(run.stdout.contains("Plan"), "\(run)")
            #expect(!run.stdout.contains(Self.escape) && !run.stdout.contains("\u{9B}"), "\(run)")
            #expect(!run.stdout.contains("\u{07}"), "\(run)")
        }
        #expect(runs[2].stdout.contains("Plan\u{FFFD}]52;c;SGVsbG8=\u{FFFD}ning"), "\(runs[2])")
        // Machine formats keep the data, escaped by JSON.
        let json = await box.weft(arguments: ["vars", "--prefix", "__calendar_next", "--format", "json"] + Fixed.clock)
        #expect(json.stdout.contains("\\u001b]52;c;SGVsbG8="), "\(json)")
    }

    @Test func commandOutputWithEscapesReachesNoTerminalRaw() async throws {
        let box = try Sandbox()
        // Not JSON: the error quotes the output, in `refresh` and `status`.
        try box.provider(
            "osc",
            "type = \"command\"\ncommand = [\"printf\", \"\\\\033]52;c;SGVsbG8=\\\\007\\\\033]0;pwned\\\\007\"]\n")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 1, "\(refresh)")
        #expect(refresh.stderr.contains("52;c;SGVsbG8="), "\(refresh)")
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.stdout.contains("52;c;SGVsbG8="), "\(status)")
        // The log line that names the failure, and an error that quotes a file.
        let logged = await box.weft(
            arguments: ["refresh", "--force"] + Fixed.clock, environment: ["WEFT_LOG": "warning"])
        #expect(logged.stderr.contains("warning") && logged.stderr.contains("52;c;SGVsbG8="), "\(logged)")
        try box.write("vars.json", Self.clipboardWrite + " is not JSON")
        let vars = await box.weft(arguments: ["get", "__x", "--vars", box.path("vars.json")] + Fixed.clock)
        #expect(vars.exitCode == 1 && vars.stderr.contains("52;c;SGVsbG8="), "\(vars)")
        for run in [refresh, status, logged, vars] {
            #expect(!run.stdout.contains(Self.escape) && !run.stderr.contains(Self.escape), "\(run)")
            #expect(!run.stdout.contains("\u{07}") && !run.stderr.contains("\u{07}"), "\(run)")
        }
    }

    // MARK: root 7: files that are not files

    @Test func aFIFOMatchedByAStepsGlobIsRefusedAndTheRefreshFinishes() async throws {
        let box = try Sandbox()
        try FileManager.default.createDirectory(atPath: box.path("exports"), withIntermediateDirectories: true)
        try box.write("exports/a.csv", "date,steps\n2026-03-09,4000\n")
        #expect(mkfifo(box.path("exports/b.csv"), 0o600) == 0)
        try box.provider("walk", "type = \"steps\"\nfiles = [\"\(box.path("exports/*.csv"))\"]\n")
        // Generous: the old reader waited for a writer forever, holding the refresh lock.
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock, timeout: .seconds(60))
        #expect(!refresh.killedByHarness, "\(refresh)")
        #expect(refresh.exitCode == 0, "the regular file is imported: \(refresh)")
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.stdout.contains("b.csv") && status.stdout.contains("named pipe"), "\(status)")
        let imported = await box.weft(arguments: ["steps", "import", box.path("exports/b.csv")], timeout: .seconds(60))
        #expect(!imported.killedByHarness && imported.exitCode == 1, "\(imported)")
        #expect(imported.stderr.contains("b.csv") && imported.stderr.contains("not a regular file"), "\(imported)")
    }

    /// Foundation refused it before, but said "You don't have permission"; the opener says what it is.
    @Test func aFIFOAmongTheProviderFilesIsRefusedAsOne() async throws {
        let box = try Sandbox()
        try box.provider("walk", "type = \"steps\"\nfiles = []\n")
        #expect(mkfifo(box.providers + "/pipe.toml", 0o600) == 0)
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock, timeout: .seconds(60))
        #expect(!refresh.killedByHarness && refresh.exitCode == 2, "\(refresh)")
        #expect(refresh.stderr.contains("pipe.toml") && refresh.stderr.contains("named pipe"), "\(refresh)")
    }
}

extension HostileInputPartTwoTests {
    /// Makes a Gadgetbridge-like database by running `sql` in the sqlite3 shell inside the sandbox.
    static func sqlite(_ box: Sandbox, _ arguments: [String]) async throws {
        let made = await WeftProcess.run(["sh", "-c", "cd \"$0\" && exec sqlite3 \"$@\"", box.root] + arguments)
        #expect(made.exitCode == 0, "\(made)")
    }

    @Test func aGadgetbridgeExportWithANonEmptyWALIsReadWhole() async throws {
        let box = try Sandbox()
        // The first row is checkpointed into the database file, the second only in the -wal, as when the export
        // is copied while Gadgetbridge writes; copied with the writer still open so the -wal stays.
        try await Self.sqlite(box, [
            "live.db",
            "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0; "
                + "CREATE TABLE MI_BAND_ACTIVITY_SAMPLE(TIMESTAMP INTEGER, DEVICE_ID INTEGER, STEPS INTEGER); "
                + "INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (1773136800, 1, 100); PRAGMA wal_checkpoint; "
                + "INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (1773136860, 1, 50);",
            ".shell cp live.db Gadgetbridge.db; cp live.db-wal Gadgetbridge.db-wal",
        ])
        let wal = try FileManager.default.attributesOfItem(atPath: box.path("Gadgetbridge.db-wal"))
        #expect((wal[.size] as? Int ?? 0) > 0)
        let imported = await box.weft(arguments: ["steps", "import", box.path("Gadgetbridge.db")] + Fixed.clock)
        #expect(imported.exitCode == 0, "\(imported)")
        #expect(
            imported.stderr.contains("imported 2 rows") && imported.stderr.contains("today 150 steps"), "\(imported)")
        // Nothing was written beside the export.
        let names = try FileManager.default.contentsOfDirectory(atPath: box.root).filter { $0.hasPrefix("Gadget") }
        #expect(names.sorted() == ["Gadgetbridge.db", "Gadgetbridge.db-wal"], "\(names)")
    }

    @Test func aGadgetbridgeTableNameWithAQuoteIsRead() async throws {
        let box = try Sandbox()
        try await Self.sqlite(box, [
            "Gadgetbridge.db",
            #"CREATE TABLE "MI_BAND""X_ACTIVITY_SAMPLE"(TIMESTAMP INTEGER, DEVICE_ID INTEGER, STEPS INTEGER); "#
                + #"INSERT INTO "MI_BAND""X_ACTIVITY_SAMPLE" VALUES (1773136800, 1, 70);"#,
        ])
        let imported = await box.weft(arguments: ["steps", "import", box.path("Gadgetbridge.db")] + Fixed.clock)
        #expect(imported.exitCode == 0, "\(imported)")
        #expect(imported.stderr.contains("today 70 steps"), "\(imported)")
    }
}
