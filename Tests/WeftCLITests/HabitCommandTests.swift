import Foundation
import Testing

/// `weft habit` and the habits provider through the built binary.
@Suite("habits")
struct HabitCommandTests {
    static let header = "Habit,Identity,Experiments,Schedule,CompletionDate\n"
    /// Thursday 10 October 2024, 14:00 in Berlin.
    static let clock = ["--now", "2024-10-10T12:00:00Z", "--tz", "Europe/Berlin"]

    static let export =
        header + "Read,Reader,\"Read 10 pages, Before bed\",1234560,2024-10-07T19:00:00Z\n"
        + "Read,Reader,\"Read 10 pages, Before bed\",1234560,2024-10-08T19:00:00Z\n"
        + "Read,Reader,\"Read 10 pages, Before bed\",1234560,2024-10-09T23:30:00Z\n"
        + "Exercise 30min,Athlete,Run,135,2024-10-07T07:00:00Z\n"
        + "Exercise 30min,Athlete,Run,135,2024-10-09T07:00:00Z\n"

    func resolve(_ box: Sandbox, _ template: String, clock: [String] = Self.clock) async -> String {
        let result = await box.weft(arguments: ["resolve", template] + clock)
        #expect(result.exitCode == 0, "\(result)")
        return result.stdout
    }

    @Test func importDoneAndUndoShowInTheVariablesAtOnce() async throws {
        let box = try Sandbox()
        try box.write("export.csv", Self.export)
        let imported = await box.weft(arguments: ["habit", "import", box.path("export.csv")] + Self.clock)
        #expect(imported.exitCode == 0, "\(imported)")
        #expect(imported.stderr.contains("imported 5 rows from 1 file into habits: 2 habits"), "\(imported)")
        // 23:30 UTC on the 9th is 01:30 on the 10th in Berlin: today's reading is done, the 9th was missed.
        #expect(
            await resolve(
                box,
                "{{__habits_read_done_today}} {{__habits_read_streak}} {{__habits_exercise_30min_streak}} "
                    + "{{__habits_exercise_30min_scheduled_today}} {{__habits_due_today}}/{{__habits_done_today}} "
                    + "{{__habits_read_identity}} {{__habits_read_rate_7}}") == "1 1 2 0 1/1 Reader 75\n")

        let done = await box.weft(arguments: ["habit", "done", "read", "--date", "2024-10-09"] + Self.clock)
        #expect(done.exitCode == 0, "\(done)")
        #expect(done.stdout == "Read: done 2024-10-09, streak 4\n", "\(done)")
        #expect(await resolve(box, "{{__habits_read_streak}} {{__habits_read_rate_7}}") == "4 100\n")

        let undo = await box.weft(arguments: ["habit", "undo", "Exercise 30min", "--date", "2024-10-09"] + Self.clock)
        #expect(undo.exitCode == 0, "\(undo)")
        #expect(await resolve(box, "{{__habits_exercise_30min_streak}}") == "0\n")
        // Importing the export again does not bring back a completion that was undone.
        let again = await box.weft(arguments: ["habit", "import", box.path("export.csv")] + Self.clock)
        #expect(again.exitCode == 0, "\(again)")
        #expect(await resolve(box, "{{__habits_exercise_30min_streak}} {{__habits_read_streak}}") == "0 4\n")
        let redo = await box.weft(arguments: ["habit", "done", "exercise 30min", "--date", "2024-10-09"] + Self.clock)
        #expect(redo.stdout == "Exercise 30min: done 2024-10-09, streak 2\n", "\(redo)")

        let nothing = await box.weft(arguments: ["habit", "undo", "Read", "--date", "2024-10-01"] + Self.clock)
        #expect(nothing.exitCode == 1, "\(nothing)")
        #expect(nothing.stderr.contains("Read was not done on 2024-10-01"), "\(nothing)")
        let unknown = await box.weft(arguments: ["habit", "undo", "Raed"] + Self.clock)
        #expect(unknown.exitCode == 1, "\(unknown)")
        #expect(unknown.stderr.contains("no habit \"Raed\"; known: Exercise 30min, Read"), "\(unknown)")
    }

    @Test func doneWithoutAnExportStartsAHabitAndTheDayTurnsAtLocalMidnight() async throws {
        let box = try Sandbox()
        let late = ["--now", "2024-10-10T21:50:00Z", "--tz", "Europe/Berlin"]  // 23:50 in Berlin
        let done = await box.weft(arguments: ["habit", "done", "Meditate", "--create"] + late)
        #expect(done.exitCode == 0, "\(done)")
        #expect(done.stderr.contains("new habit \"Meditate\" (meditate)"), "\(done)")
        #expect(
            await resolve(box, "{{__habits_meditate_done_today}} {{__habits_percent_today}}", clock: late) == "1 100\n")
        let afterMidnight = ["--now", "2024-10-10T22:10:00Z", "--tz", "Europe/Berlin"]
        #expect(
            await resolve(
                box, "{{__habits_meditate_done_today}} {{__habits_meditate_streak}} {{__habits_percent_today}}",
                clock: afterMidnight) == "0 1 0\n")
        let list = await box.weft(arguments: ["habit", "list"] + late)
        #expect(list.stdout == "          MTWTFSS\nMeditate     ✓     streak 1  7d 100%  30d 100%\n", "\(list)")
    }

    @Test func theProviderReimportsAChangedFileAndKeepsManualCompletions() async throws {
        let box = try Sandbox()
        try box.write("habits-export.csv", Self.header + "Read,,,1234560,2024-10-09T08:00:00Z\n")
        try box.provider(
            "habits",
            "type = \"habits\"\nfiles = [\"\(box.path("habits-*.csv"))\"]\ntimezone = \"Europe/Berlin\"\n")
        let first = await box.weft(arguments: ["refresh"] + Self.clock)
        #expect(first.exitCode == 0, "\(first)")
        #expect(await resolve(box, "{{__habits_read_streak}} {{__habits_read_done_today}}") == "1 0\n")

        let done = await box.weft(arguments: ["habit", "done", "Read"] + Self.clock)
        #expect(done.exitCode == 0, "\(done)")
        #expect(await resolve(box, "{{__habits_read_streak}} {{__habits_read_done_today}}") == "2 1\n")

        try box.write(
            "habits-export.csv",
            Self.header + "Read,,,1234560,2024-10-08T08:00:00Z\nRead,,,1234560,2024-10-09T08:00:00Z\n")
        let second = await box.weft(arguments: ["refresh", "--force"] + Self.clock)
        #expect(second.exitCode == 0, "\(second)")
        #expect(await resolve(box, "{{__habits_read_streak}} {{__habits_read_done_today}}") == "3 1\n")
        let json = await box.weft(arguments: ["habit", "list", "--json"] + Self.clock)
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(objects.first?["completions"] as? [String] == ["2024-10-08", "2024-10-09", "2024-10-10"])
    }

    @Test func aGenericExportAndBadRows() async throws {
        let box = try Sandbox()
        try box.write("numu.csv", "Date,Habit Name\n2024-10-10,Floss\nnot a date,Floss\n")
        let result = await box.weft(
            arguments: [
                "habit", "import", box.path("numu.csv"), "--habit-column", "habit name", "--date-column", "date",
            ]
                + Self.clock)
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stderr.contains("numu.csv:3: \"not a date\" is not a date"), "\(result)")
        #expect(await resolve(box, "{{__habits_floss_done_today}}") == "1\n")
        let unknown = await box.weft(arguments: ["habit", "import", box.path("numu.csv")] + Self.clock)
        #expect(unknown.exitCode == 1, "\(unknown)")
        #expect(unknown.stderr.contains("numu.csv:1: unknown habit export layout"), "\(unknown)")
    }

    @Test func oneBadExportDoesNotHoldBackTheOthers() async throws {
        // Issue 26: one file the habits provider cannot import is named and left out; the others are imported, as
        // the steps provider does (it used to fail the whole refresh).
        let box = try Sandbox()
        try box.write("habits-a.csv", Self.header + "Read,,,1234560,2024-10-09T08:00:00Z\n")
        try box.write("habits-b.csv", "Task;When\nFloss;yesterday\n")
        try box.write("habits-c.csv", Self.header + "Run,,,1234560,2024-10-10T07:00:00Z\n")
        try box.provider("habits", "type = \"habits\"\nfiles = [\"\(box.path("habits-*.csv"))\"]\n")
        let refresh = await box.weft(arguments: ["refresh"] + Self.clock)
        #expect(refresh.exitCode == 0, "a partial import is not a failed refresh, but it is said: \(refresh)")
        #expect(
            refresh.stderr.contains("habits: ok with warnings: ") && refresh.stderr.contains("habits-b.csv:1:"),
            "\(refresh)")
        #expect(
            await resolve(box, "{{__habits_count}} {{__habits_read_streak}} {{__habits_run_done_today}}") == "2 1 1\n")
        let warnings = await box.weft(arguments: ["get", "__habits_warnings"] + Self.clock)
        #expect(warnings.stdout.contains("habits-b.csv:1: unknown habit export layout"), "\(warnings)")

        // The rejected file was not recorded as imported, so once it is fixed the next refresh takes it.
        try box.write("habits-b.csv", Self.header + "Floss,,,1234560,2024-10-10T06:00:00Z\n")
        let fixed = await box.weft(arguments: ["refresh", "--force"] + Self.clock)
        #expect(fixed.exitCode == 0, "\(fixed)")
        #expect(
            await resolve(box, "{{__habits_count}} {{__habits_floss_done_today}} {{__habits_error|none}}")
                == "3 1 none\n")
    }

    @Test func concurrentDonesAreAllRecorded() async throws {
        let box = try Sandbox()
        let names = ["Read", "Run", "Floss", "Stretch"]
        let results = await withTaskGroup(of: ProcessResult.self) { group in
            for name in names {
                group.addTask { await box.weft(arguments: ["habit", "done", name, "--create"] + Self.clock) }
            }
            var results: [ProcessResult] = []
            for await result in group { results.append(result) }
            return results
        }
        for result in results { #expect(result.exitCode == 0, "\(result)") }
        #expect(
            await resolve(box, "{{__habits_count}} {{__habits_done_today}}/{{__habits_due_today}}") == "4 4/4\n")
    }

    /// `habit list --json` printed `Read\/Write`: its writer escaped slashes, unlike every other `--json`.
    @Test func listJSONWritesSlashesAsEveryJSONOutputDoes() async throws {
        let box = try Sandbox()
        let done = await box.weft(arguments: ["habit", "done", "Read/Write", "--create"] + Self.clock)
        #expect(done.exitCode == 0, "\(done)")
        let json = await box.weft(arguments: ["habit", "list", "--json"] + Self.clock)
        #expect(json.exitCode == 0, "\(json)")
        #expect(json.stdout.contains("\"name\" : \"Read/Write\""), "\(json.stdout)")
    }
}
