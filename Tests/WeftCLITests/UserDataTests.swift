import Foundation
import Testing
import WeftTestSupport

/// Issue 25: nothing the user entered is ever lost — where the database lives, what a refresh may forget, the
/// trash, backups — through the built binary.
@Suite("user data")
struct UserDataTests {
    static let habitsToml = "type = \"habits\"\n"
    static let clock = HabitCommandTests.clock

    /// A habits instance with two hand-entered completions and an imported step history.
    func populated() async throws -> Sandbox {
        let box = try Sandbox()
        try box.provider("habits", Self.habitsToml)
        try box.provider("steps", "type = \"steps\"\ngoal_weekday = 8000\n")
        for date in ["2024-10-09", "2024-10-10"] {
            let done = await box.weft(arguments: ["habit", "done", "Read", "--create", "--date", date] + Self.clock)
            #expect(done.exitCode == 0, "\(done)")
        }
        try box.write("steps.csv", StepsCommandTests.header + StepsCommandTests.row(9, "08:00:00", "08:20:00", 2000))
        #expect(await box.weft(arguments: ["steps", "import", box.path("steps.csv")] + Self.clock).exitCode == 0)
        #expect(await box.weft(arguments: ["refresh"] + Self.clock).exitCode == 0)
        return box
    }

    func habitList(_ box: Sandbox) async -> String {
        let list = await box.weft(arguments: ["habit", "list"] + Self.clock)
        #expect(list.exitCode == 0, "\(list)")
        return list.stdout
    }

    /// #1: renaming the habits provider file finds the completions again; nothing of the user's is deleted.
    @Test func aRenamedHabitsFileKeepsTheCompletionsEnteredByHand() async throws {
        let box = try await populated()
        // An export imported once and then deleted is history only the database still has.
        try box.write("export.csv", HabitCommandTests.export)
        let imported = await box.weft(arguments: ["habit", "import", box.path("export.csv")] + Self.clock)
        #expect(imported.exitCode == 0, "\(imported)")
        try FileManager.default.removeItem(atPath: box.path("export.csv"))
        let before = await habitList(box)
        #expect(before.contains("Exercise 30min"), "\(before)")
        let streakBefore = await box.weft(arguments: ["resolve", "{{__habits_read_streak}}"] + Self.clock)
        #expect(streakBefore.stdout == "4\n", "\(streakBefore)")
        try FileManager.default.moveItem(
            atPath: box.providers + "/habits.toml", toPath: box.providers + "/my-habits.toml")
        let refresh = await box.weft(arguments: ["refresh"] + Self.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        #expect(refresh.stderr.contains("habits: its provider file is gone: forgot its snapshot; your own records are kept"))
        #expect(await habitList(box) == before)
        let streak = await box.weft(arguments: ["resolve", "{{__habits_read_streak}}"] + Self.clock)
        #expect(streak.stdout == "4\n", "\(streak)")
    }

    /// #1: an emptied providers directory forgets nothing and says why; imported history survives.
    @Test func anEmptyProvidersDirectoryForgetsNothing() async throws {
        let box = try await populated()
        for name in ["habits", "steps"] { try FileManager.default.removeItem(atPath: box.providers + "/\(name).toml") }
        let refresh = await box.weft(arguments: ["refresh"] + Self.clock)
        #expect(refresh.stderr.contains("has no provider files, so nothing was forgotten of habits, steps"), "\(refresh)")
        let days = await box.weft(arguments: ["steps", "days"])
        #expect(days.stdout.contains("2026-03-09     2000"), "\(days)")
        #expect(await habitList(box).contains("streak 2"))
    }

    /// Forgetting by hand says its plan, moves the user's records to the trash, and they come back.
    @Test func forgetTrashesTheUsersRecordsAndRestoresThem() async throws {
        let box = try await populated()
        let plan = await box.weft(arguments: ["forget", "habits", "--dry-run"] + Self.clock)
        #expect(plan.exitCode == 0, "\(plan)")
        #expect(plan.stderr.contains("habits: would delete"), "\(plan)")
        #expect(plan.stderr.contains("would move 1 habit record to the trash"), "\(plan)")
        #expect(await habitList(box).contains("streak 2"), "a dry run changes nothing")

        let forget = await box.weft(arguments: ["forget", "habits"] + Self.clock)
        #expect(forget.stderr.contains("moved 1 habit record to the trash (`weft forget --restore habits`"), "\(forget)")
        let trash = await box.weft(arguments: ["forget", "--list-trash"] + Self.clock)
        #expect(trash.stdout.hasPrefix("habits\t1 habit\ttrashed 2024-10-10T12:00:00Z, kept 30 more days"), "\(trash)")
        // 31 days later the trash is emptied.
        let later = await box.weft("forget", "--list-trash", "--now", "2024-11-11T12:00:00Z")
        #expect(later.stdout == "the trash is empty\n", "\(later)")

        let restore = await box.weft(arguments: ["forget", "--restore", "habits"] + Self.clock)
        #expect(restore.exitCode == 0, "\(restore)")
        #expect(restore.stderr.contains("habits: restored 1 habit record"), "\(restore)")
        #expect(await box.weft(arguments: ["refresh", "--force"] + Self.clock).exitCode == 0)
        #expect(await habitList(box).contains("streak 2"))
    }

    /// Backup → an empty database → restore gives every variable, step day and habit back; twice changes nothing.
    @Test func backupAndRestoreRoundTrip() async throws {
        let box = try await populated()
        #expect(await box.weft("var", "incr", "water", "--goal", "8", "--reset", "daily").exitCode == 0)
        #expect(await box.weft("var", "set", "mood", "fine").exitCode == 0)
        let backup = await box.weft(arguments: ["backup", box.path("backup.json")] + Self.clock)
        #expect(backup.exitCode == 0, "\(backup)")

        let other = try Sandbox()
        for name in ["habits", "steps"] {
            try FileManager.default.copyItem(
                atPath: box.providers + "/\(name).toml", toPath: other.providers + "/\(name).toml")
        }
        let restore = await other.weft(arguments: ["restore", box.path("backup.json")] + Self.clock)
        #expect(restore.exitCode == 0, "\(restore)")
        #expect(restore.stderr.contains("restored 2 variables and 2 records"), "\(restore)")
        let again = await other.weft(arguments: ["restore", box.path("backup.json")] + Self.clock)
        #expect(again.stderr.contains("restored 0 variables and 0 records; 4 already up to date"), "\(again)")
        #expect(await other.weft(arguments: ["refresh"] + Self.clock).exitCode == 0)
        for command in [["var", "list"], ["steps", "days"], ["habit", "list"] + Self.clock] {
            let mine = await box.weft(arguments: command)
            let theirs = await other.weft(arguments: command)
            #expect(mine.stdout == theirs.stdout && !mine.stdout.isEmpty, "\(command): \(mine) \(theirs)")
        }
        let broken = await other.weft("restore", box.path("steps.csv"))
        #expect(broken.exitCode != 0 && broken.stderr.contains("not a weft backup"), "\(broken)")
    }

    /// #2: the database moves from `$XDG_CACHE_HOME/weft` to `$XDG_STATE_HOME/weft` with its WAL, once; the old
    /// place is not written again. The database is one written by the previous version (Tests/Fixtures/store/v4).
    @Test func aDatabaseAtTheOldPlaceMovesWithItsWriteAheadLog() async throws {
        let box = try Sandbox()
        let home = box.path("home")
        let old = home + "/.cache/weft"
        try FileManager.default.createDirectory(atPath: old, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: home + "/.config/weft", withIntermediateDirectories: true)
        // The v4 database is rebuilt from its SQL dump; its last write is left in the write-ahead log (the process
        // ends without closing its connections while a reader holds an older snapshot, so nothing is checkpointed).
        let script = """
            import os, sqlite3, sys
            db = sys.argv[1] + "/weft.sqlite"
            writer = sqlite3.connect(db, isolation_level=None)
            writer.executescript(open(sys.argv[2]).read())
            writer.execute("PRAGMA journal_mode=WAL")
            reader = sqlite3.connect(db, isolation_level=None)
            reader.execute("BEGIN")
            reader.execute("SELECT count(*) FROM variable").fetchall()
            writer.executescript(open(sys.argv[3]).read())
            os._exit(0)
            """
        let made = await WeftProcess.run([
            "python3", "-c", script, old, FixtureFiles.path("store/v4", "weft-v4.sql"),
            FixtureFiles.path("store/v4", "weft-v4-wal.sql"),
        ])
        #expect(made.exitCode == 0, "\(made)")
        let log = try FileManager.default.attributesOfItem(atPath: old + "/weft.sqlite-wal")[.size] as? Int ?? 0
        #expect(log > 0, "the last write is in the write-ahead log")
        try FileManager.default.copyItem(
            atPath: FixtureFiles.path("store/v4", "habits.csv"), toPath: home + "/.config/weft/habits.csv")
        try box.write(home + "/.config/weft/providers/habits.toml", "type = \"habits\"\nfiles = [\"../habits.csv\"]\n")
        try box.write(
            home + "/.config/weft/providers/steps.toml", "type = \"steps\"\ngoal_weekday = 8000\ngoal_weekend = 6000\n")
        let environment = [
            "HOME": home, "WEFT_HOME": "", "WEFT_CACHE": "", "WEFT_PROVIDERS": "", "XDG_CACHE_HOME": "",
            "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": "", "TZ": "Europe/Berlin",
        ]
        let clock = ["--now", "2026-11-22T12:00:00Z"]
        let first = await WeftProcess.weft(["var", "get", "note"], environment: environment)
        #expect(first.exitCode == 0, "\(first)")
        #expect(first.stdout == "written into the WAL\n", "the log's last commit came along: \(first)")
        #expect(first.stderr.contains("moved the database from \(old) to \(home)/.local/state/weft"), "\(first)")
        #expect(!FileManager.default.fileExists(atPath: old + "/weft.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: old + "/weft.sqlite-wal"))
        let lockBefore = try FileManager.default.attributesOfItem(atPath: old + "/weft.lock")[.modificationDate] as? Date

        // Once moved, it upgrades (migration v5) and every record of the old version is there.
        let refresh = await WeftProcess.weft(["refresh"] + clock, environment: environment)
        #expect(refresh.exitCode == 0 && !refresh.stderr.contains("moved"), "\(refresh)")
        let list = await WeftProcess.weft(["habit", "list"] + clock, environment: environment)
        #expect(list.stdout.contains("Méditer 🧘       ✓✓  streak 2"), "\(list)")
        #expect(list.stdout.contains("Read           ✓·✓  streak 1"), "\(list)")
        let vars = await WeftProcess.weft(["var", "list"], environment: environment)
        #expect(vars.stdout.contains("pages = 5  (counter, step 5, goal 50)"), "\(vars)")
        let days = await WeftProcess.weft(["steps", "days"], environment: environment)
        #expect(days.stdout.contains("2026-11-21     7000"), "imported history survives the upgrade: \(days)")
        // The old place is never written again.
        let entries = try FileManager.default.contentsOfDirectory(atPath: old)
        #expect(entries == ["weft.lock"], "\(entries)")
        let lockAfter = try FileManager.default.attributesOfItem(atPath: old + "/weft.lock")[.modificationDate] as? Date
        #expect(lockBefore == lockAfter)
    }

    /// #9: a typo is an error offering the closest name instead of a habit nothing can remove; `--create`, `add`,
    /// `rename` and `remove` manage habits; `--date` never takes a day to come.
    @Test func habitsCanBeManagedAndATypoMakesNoHabit() async throws {
        let box = try Sandbox()
        #expect(await box.weft(arguments: ["habit", "add", "Méditer 🧘"] + Self.clock).exitCode == 0)
        let typo = await box.weft(arguments: ["habit", "done", "medtier"] + Self.clock)
        #expect(typo.exitCode == 1, "\(typo)")
        #expect(typo.stderr.contains("no habit \"medtier\"; did you mean \"Méditer 🧘\"?"), "\(typo)")
        // The same letters without accents find it.
        let folded = await box.weft(arguments: ["habit", "done", "mediter"] + Self.clock)
        #expect(folded.stdout == "Méditer 🧘: done 2024-10-10, streak 1\n", "\(folded)")
        let future = await box.weft(arguments: ["habit", "done", "mediter", "--date", "2027-01-01"] + Self.clock)
        #expect(future.exitCode != 0 && future.stderr.contains("is in the future"), "\(future)")
        let tomorrow = await box.weft(arguments: ["habit", "done", "mediter", "--date", "tomorrow"] + Self.clock)
        #expect(tomorrow.exitCode != 0, "\(tomorrow)")
        #expect(!(await habitList(box)).contains("medtier"))

        let add = await box.weft(arguments: ["habit", "add", "Stretch", "--days", "mon,wed,fri"] + Self.clock)
        #expect(add.exitCode == 0, "\(add)")
        #expect(await box.weft(arguments: ["habit", "add", "stretch"] + Self.clock).exitCode != 0, "no duplicate")
        // Thursday 10 October 2024: Stretch is not scheduled today.
        #expect(await box.weft(arguments: ["get", "__habits_stretch_scheduled_today"] + Self.clock).stdout == "0\n")
        let rename = await box.weft(arguments: ["habit", "rename", "stretch", "Stretch 10min"] + Self.clock)
        #expect(rename.stdout == "Stretch: renamed to Stretch 10min (stretch_10min)\n", "\(rename)")
        #expect(await habitList(box).contains("Stretch 10min"))
        let remove = await box.weft(arguments: ["habit", "remove", "stretch 10min"] + Self.clock)
        #expect(remove.exitCode == 0, "\(remove)")
        let list = await habitList(box)
        #expect(!list.contains("Stretch") && list.contains("Méditer"), "\(list)")
        let trash = await box.weft(arguments: ["forget", "--list-trash"] + Self.clock)
        #expect(trash.stdout.hasPrefix("habit stretch_10min\t1 habit"), "\(trash)")
    }
}
