import Foundation
import Testing
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `weft notify` through the built binary: the dry run, `weft check` of notify.toml, one notifier per database,
/// exactly once across runs, late and missed, and a database written by the previous version (v7).
@Suite struct NotifyCommandTests {
    static let clock = ["--tz", "Europe/Berlin"]

    /// A command that appends the notification's key, title and body to `log` (argv, no shell of ours: `sh -c` is
    /// the user's own program here).
    static func logging(_ log: String) -> String {
        tomlArray(["sh", "-c", "printf '%s|%s|%s\\n' \"$WEFT_KEY\" \"$WEFT_TITLE\" \"$WEFT_BODY\" >> " + log])
    }

    static func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func theDryRunPrintsWhatWouldFireAndRecordsNothing() async throws {
        let box = try Sandbox()
        #expect(
            await box.weft(
                arguments: [
                    "var", "incr", "water", "--by", "8", "--goal", "8", "--reset", "daily", "--now",
                    "2026-11-27T09:00:00Z",
                ] + Self.clock
            )
            .exitCode == 0)
        try box.write(
            "notify.toml",
            """
            quiet = "22:00-07:00"
            [goals]
            [[rule]]
            name = "water"
            when = "{{water|0}} >= 8"
            title = "Water: {{water}}"
            body = "well done"
            """)
        let run = await box.weft(
            arguments: ["notify", "--dry-run", "--now", "2026-11-27T09:00:00Z", "--from", "now", "--until", "+1d"]
                + Self.clock)
        #expect(run.exitCode == 0, "\(run)")
        #expect(
            run.stdout == """
                2026-11-27 10:00  goals       water: goal reached — 8 of 8
                2026-11-27 10:00  rule:water  Water: 8 — well done

                """, "\(run)")
        #expect(run.stderr.contains("2 of 2 occasions"), "\(run)")
        let missed = await box.weft(arguments: ["notify", "--missed"] + Self.clock)
        #expect(missed.stdout.isEmpty && missed.stderr.contains("nothing was missed"), "\(missed)")
        let count = await WeftProcess.run(["sqlite3", box.database, "SELECT count(*) FROM notification"])
        #expect(count.stdout == "0\n", "a dry run writes nothing: \(count)")
    }

    @Test func checkNamesTheLinesOfNotifyFileProblems() async throws {
        let box = try Sandbox()
        try box.write(
            "notify.toml",
            """
            late = "later"
            [alarms]
            urgency = "loud"
            [[rule]]
            when = "{{x}} > 1"
            title = "{{x"
            command = ["no-such-program-weft"]
            """)
        let check = await box.weft("check")
        #expect(check.exitCode == 2, "\(check)")
        let file = box.path("notify.toml")
        #expect(check.stdout.contains("\(file):1: late must be a duration"), "\(check)")
        #expect(
            check.stdout.contains("\(file):3: [alarms] urgency must be \"low\", \"normal\" or \"critical\""), "\(check)"
        )
        #expect(check.stdout.contains("\(file):6: rule \"rule 1\": title: a \"{{\" without its \"}}\""), "\(check)")
        let fixed = """
            [[rule]]
            when = "{{x}} > 1"
            title = "{{x}}"
            command = ["no-such-program-weft"]
            """
        try box.write("notify.toml", fixed)
        let preflight = await box.weft("check")
        #expect(
            preflight.stdout.contains("\(file):4: rule \"rule 1\": command: no program \"no-such-program-weft\""),
            "\(preflight)")
        try box.write("notify.toml", "[[rule]]\nwhen = \"{{x}} > 1\"\ntitle = \"{{x}}\"\n")
        #expect(await box.weft("check").exitCode == 0)
    }

    @Test func aSecondNotifierOnTheSameDatabaseExits() async throws {
        let box = try Sandbox()
        let first = try StreamingChild([WeftProcess.binary, "notify"] + box.locations)
        let lock = box.cache + "/weft.notify.lock"
        let locked = await Poll.until {
            ((try? String(contentsOfFile: lock, encoding: .utf8)) ?? "").contains("pid \(first.pid)")
        }
        #expect(locked)
        let second = await box.weft("notify")
        #expect(second.exitCode == 1, "\(second)")
        #expect(
            second.stderr.contains("another weft notify (pid \(first.pid)) already runs on this database"), "\(second)")
        first.send(SIGTERM)
        #expect(first.ending(within: .seconds(10)) != nil)
    }

    /// A notifier started before anything made the database (a user unit at the first login) makes its folder and
    /// runs, instead of failing on its lock file's place.
    @Test func aNotifierStartedBeforeTheFirstRefreshRuns() async throws {
        let box = try Sandbox()
        let fresh = box.path("state/weft")
        let first = try StreamingChild([WeftProcess.binary, "notify", "--providers", box.providers, "--cache", fresh])
        let locked = await Poll.until {
            ((try? String(contentsOfFile: fresh + "/weft.notify.lock", encoding: .utf8)) ?? "").contains("pid \(first.pid)")
        }
        #expect(locked, "the notifier did not start in a folder that did not exist")
        first.send(SIGTERM)
        #expect(first.ending(within: .seconds(10)) != nil)
    }

    /// libdispatch's first worker thread starts a monitor that wakes the process every second for good; creating the
    /// database (a released GRDB queue) starts one. The notifier then starts itself afresh, so it idles with one
    /// thread and no wake-ups.
    @Test func anIdleNotifierRunsOneThreadAfterCreatingTheDatabase() async throws {
        let box = try Sandbox()
        let fresh = box.path("state/weft")
        let first = try StreamingChild([WeftProcess.binary, "notify", "--providers", box.providers, "--cache", fresh])
        let threads = { (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(first.pid)/task").count) ?? 0 }
        let alone = await Poll.until {
            let locked = ((try? String(contentsOfFile: fresh + "/weft.notify.lock", encoding: .utf8)) ?? "")
                .contains("pid \(first.pid)")
            return locked && threads() == 1
        }
        #expect(alone, "the notifier runs \(threads()) threads")
        first.send(SIGTERM)
        #expect(first.ending(within: .seconds(10)) != nil)
    }

    /// Each occurrence fires once across runs; one missed by less than `late` fires late and says so; one missed by
    /// more is listed by --missed.
    @Test func runsFireOnceLateWithinTheWindowAndListTheMissed() async throws {
        let box = try Sandbox()
        let log = box.path("log")
        try box.write(
            "notify.toml",
            """
            [goals]
            command = \(Self.logging(log))
            [[rule]]
            name = "mood"
            when = "{{mood}}"
            title = "Mood: {{mood}}"
            command = \(Self.logging(log))
            """)
        func notify(_ now: String, _ until: String) async -> ProcessResult {
            await box.weft(arguments: ["notify", "--now", now, "--simulate-until", until] + Self.clock)
        }
        #expect(await box.weft("var", "set", "mood", "fine").exitCode == 0)
        let first = await notify("2026-11-27T08:00:00Z", "+10m")
        #expect(first.exitCode == 0, "\(first)")
        #expect(await notify("2026-11-27T08:00:00Z", "+10m").exitCode == 0)
        #expect(Self.lines(log) == ["rule:mood:2026-11-27|Mood: fine|"], "once per key across runs")

        // Down from 08:10; the counter reaches its goal at 09:00, the notifier is back at 09:07: 7 min late.
        let goal = ["--goal", "2", "--reset", "daily", "--now"]
        #expect(
            await box.weft(arguments: ["var", "incr", "cups", "--by", "2"] + goal + ["2026-11-27T09:00:00Z"]).exitCode
                == 0)
        #expect(await notify("2026-11-27T09:07:00Z", "+1m").exitCode == 0)
        #expect(
            Self.lines(log).last == "goal:cups:2026-11-27|cups: goal reached|2 of 2 (7 min late)", "\(Self.lines(log))")

        // Down from 09:08; the goal of another counter at 10:00, back at 10:30: beyond the 10 min window.
        #expect(
            await box.weft(arguments: ["var", "incr", "tea", "--by", "2"] + goal + ["2026-11-27T10:00:00Z"]).exitCode
                == 0)
        let back = await notify("2026-11-27T10:30:00Z", "+1m")
        #expect(back.stderr.contains("goal:tea:2026-11-27: missed"), "\(back)")
        #expect(Self.lines(log).count == 2)
        let missed = await box.weft(arguments: ["notify", "--missed"] + Self.clock)
        #expect(missed.stdout == "2026-11-27 11:00  goals       tea: goal reached\n", "\(missed)")
    }

    /// What already fired travels in a backup: restored into a fresh home, the notifier does not fire it again
    /// (and the restore only adds ledger keys: one already there stays).
    @Test func aRestoredLedgerDoesNotFireAgain() async throws {
        func setUp(_ box: Sandbox) throws {
            try box.write(
                "notify.toml",
                """
                [[rule]]
                name = "mood"
                when = "{{mood}}"
                title = "Mood: {{mood}}"
                command = \(Self.logging(box.path("log")))
                """)
        }
        let box = try Sandbox()
        try setUp(box)
        #expect(await box.weft("var", "set", "mood", "fine").exitCode == 0)
        let run = ["notify", "--now", "2026-11-27T08:00:00Z", "--simulate-until", "+10m"] + Self.clock
        #expect(await box.weft(arguments: run).exitCode == 0)
        #expect(Self.lines(box.path("log")) == ["rule:mood:2026-11-27|Mood: fine|"])
        let backup = await box.weft(arguments: ["backup", box.path("backup.json")] + Self.clock)
        #expect(backup.exitCode == 0, "\(backup)")

        let other = try Sandbox()
        try setUp(other)
        let restore = await other.weft(arguments: ["restore", box.path("backup.json")] + Self.clock)
        #expect(restore.exitCode == 0, "\(restore)")
        #expect(restore.stderr.contains("1 notification already fired"), "\(restore)")
        let again = await other.weft(arguments: run)
        #expect(again.exitCode == 0, "\(again)")
        #expect(Self.lines(other.path("log")).isEmpty, "fired again after a restore: \(again)")
        let twice = await other.weft(arguments: ["restore", box.path("backup.json")] + Self.clock)
        #expect(!twice.stderr.contains("notification"), "\(twice)")
    }

    /// A database written by the previous version (schema v7, Tests/Fixtures/store/v7) gains the ledger on the
    /// notifier's first write and keeps everything it held.
    @Test func aVersion7DatabaseGainsTheLedger() async throws {
        let box = try Sandbox()
        let made = await WeftProcess.run([
            "sqlite3", box.database, ".read \(FixtureFiles.path("store/v7", "weft-v7.sql"))", "PRAGMA journal_mode=WAL",
        ])
        #expect(made.exitCode == 0, "\(made)")
        let log = box.path("log")
        try box.write(
            "notify.toml",
            "[[rule]]\nname = \"mood\"\nwhen = \"{{mood}}\"\ntitle = \"Mood {{mood}}\"\ncommand = \(Self.logging(log))\n"
        )
        let run = await box.weft(
            arguments: ["notify", "--now", "2026-11-26T10:00:00Z", "--simulate-until", "+1m"] + Self.clock)
        #expect(run.exitCode == 0, "\(run)")
        #expect(Self.lines(log) == ["rule:mood:2026-11-26|Mood ok|"])
        let migrations = await WeftProcess.run(["sqlite3", box.database, "SELECT identifier FROM grdb_migrations"])
        #expect(migrations.stdout.contains("v8: notification ledger"), "\(migrations)")
        let vars = await box.weft("var", "list")
        #expect(vars.stdout.contains("water = 0  (counter, step 1, goal 8, max 10, resets daily)"), "\(vars)")
        let habits = await box.weft(arguments: ["habit", "list", "--now", "2026-11-26T10:00:00Z"] + Self.clock)
        #expect(habits.stdout.contains("Read"), "\(habits)")
    }

    @Test func scheduleNotifyPrintsTheUserService() async throws {
        let box = try Sandbox()
        let unit = await box.weft("schedule", "--notify")
        #expect(unit.exitCode == 0, "\(unit)")
        #expect(unit.stdout.contains(" notify --providers \(box.providers) --cache \(box.cache)"), "\(unit)")
        #expect(unit.stdout.contains("systemctl --user enable --now weft-notify.service"))
    }
}
