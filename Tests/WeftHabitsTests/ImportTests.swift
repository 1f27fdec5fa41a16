import Foundation
import Testing
import WeftPrimitives
import WeftTestSupport

@testable import WeftHabits

@Suite struct ImportTests {
    @Test func identitybuilderRowsWithQuotedExperimentListsAndSchedules() throws {
        let result = try importCSV(
            identitybuilderHeader
                + "Read,Reader,\"Read 10 pages, Before bed, No phone\",1234560,2024-10-09T10:00:00Z\n"
                + "Read,Reader,\"Read 10 pages, Before bed, No phone\",1234560,2024-10-08T10:00:00Z\n"
                + "Exercise 30min,Athlete,Run,135,2024-10-09T06:00:00Z\n"
                + "Journal,Writer,\"\",123456,\n")
        #expect(result.issues.isEmpty)
        #expect(result.rowCount == 4)
        let read = try #require(result.habits["read"])
        #expect(read.identity == "Reader")
        #expect(read.experiments == ["Read 10 pages", "Before bed", "No phone"])
        #expect(read.completions.map(\.day) == [day("2024-10-08"), day("2024-10-09")])
        #expect(read.completions.last?.at == instant("2024-10-09T10:00:00Z"))
        let exercise = try #require(result.habits["exercise_30min"])
        #expect(exercise.name == "Exercise 30min")
        #expect(exercise.schedule?.weekdays == [1, 3, 5])
        // A row with an empty date declares the habit without completing it.
        #expect(result.habits["journal"]?.completions == [])
    }

    @Test func schedulesWithAndWithoutSunday() throws {
        let everyDay = try #require(HabitSchedule(text: "1234560"))
        let noSunday = try #require(HabitSchedule(text: "123456"))
        let sunday = day("2024-10-13")
        #expect(LocalDay.weekday(sunday) == 7, "ISO: Sunday is 7")
        #expect(everyDay.contains(day: sunday))
        #expect(!noSunday.contains(day: sunday))
        #expect(noSunday.contains(day: sunday - 1) && noSunday.contains(day: sunday + 1))
        #expect(HabitSchedule(text: "0")?.weekdays == [0])
        #expect(HabitSchedule(text: "mon, wed, fri")?.digits == "135")
        #expect(HabitSchedule(text: "") == .everyDay)
        #expect(HabitSchedule(text: "1237") == nil, "7 is not a weekday: 0 is Sunday")

        // Imported: the Sunday-less schedule skips Sunday in the streak instead of breaking it.
        let result = try importCSV(
            identitybuilderHeader + "Walk,,,123456,2024-10-12T09:00:00Z\nWalk,,,123456,2024-10-14T09:00:00Z\n")
        let walk = try #require(HabitArchive.with(result).states().first)
        #expect(HabitStats.streak(walk, today: day("2024-10-14")) == 2)
        let daily = try #require(
            HabitArchive.with(
                try importCSV(
                    identitybuilderHeader
                        + "Walk,,,1234560,2024-10-12T09:00:00Z\nWalk,,,1234560,2024-10-14T09:00:00Z\n")
            ).states().first)
        #expect(HabitStats.streak(daily, today: day("2024-10-14")) == 1, "with Sunday scheduled, Sunday breaks it")
    }

    @Test func theLatestRowDecidesTheSchedule() throws {
        let result = try importCSV(
            identitybuilderHeader + "Run,,,135,2024-10-14T09:00:00Z\nRun,,,1234560,2024-10-01T09:00:00Z\n")
        #expect(result.habits["run"]?.schedule?.digits == "135")
    }

    @Test func badRowsAreSkippedWithFileAndLine() throws {
        let result = try importCSV(
            identitybuilderHeader + "Read,,\"a,\nb\",1234560,2024-10-09T10:00:00Z\n"
                + ",,,1234560,2024-10-09T10:00:00Z\n"
                + "Read,,,12x,2024-10-09T10:00:00Z\n" + "Read,,,1234560,yesterday\n")
        #expect(
            result.issues.map(\.description) == [
                "export.csv:4: no habit name",
                "export.csv:5: schedule \"12x\" is not weekday digits 0–6 (0 = Sunday)",
                "export.csv:6: \"yesterday\" is not a date such as 2024-10-09 or 2024-10-09T10:00:00Z",
            ])
        #expect(result.habits["read"]?.experiments == ["a", "b"])
        #expect(result.habits["read"]?.completions.count == 1)
    }

    @Test func byteOrderMarkAndCRLF() throws {
        let result = try importCSV(
            "\u{FEFF}" + identitybuilderHeader.replacingOccurrences(of: "\n", with: "\r\n")
                + "Read,Reader,\"x, y\",1234560,2024-10-09\r\n")
        #expect(result.habits["read"]?.identity == "Reader")
        #expect(result.habits["read"]?.completions == [HabitCompletion(day: day("2024-10-09"))])
    }

    @Test func unknownHeadersAndMissingColumnsAreErrors() throws {
        #expect(throws: HabitImportError.unknownFormat(file: "export.csv", header: ["Name", "When"])) {
            try importCSV("Name,When\nRead,2024-10-09\n")
        }
        #expect(throws: HabitImportError.empty(file: "export.csv")) { try importCSV("") }
        let generic = HabitFormat.generic(HabitColumns(habit: "Name", date: "When", schedule: "Days"))
        #expect(throws: HabitImportError.missingColumn(file: "x.csv", format: "generic", column: "Days")) {
            try HabitImporter.importText(
                "Name,When\nRead,2024-10-09\n", file: "x.csv", zone: zone("UTC"), format: generic)
        }
        do {
            _ = try importCSV(identitybuilderHeader + "Read,,,1234560,soon\n")
            Issue.record("a file with no good row imported")
        } catch {
            #expect(
                error.description
                    == "export.csv: no row could be imported; first: export.csv:2: \"soon\" is not a date such as 2024-10-09 or 2024-10-09T10:00:00Z"
            )
        }
    }

    @Test func aGenericMappingReadsOtherTrackers() throws {
        let format = HabitFormat.generic(HabitColumns(habit: "habit name", date: "Date", schedule: "days"))
        let result = try HabitImporter.importText(
            "Date,Habit Name,Days\n2024-10-09 23:30,Meditate,\"mon,tue\"\n2024-10-10,Floss,\n", file: "numu.csv",
            zone: zone("Europe/Berlin"), format: format)
        // A wall-clock time without offset is already local: 23:30 stays on the 9th.
        #expect(result.habits["meditate"]?.completions.map(\.day) == [day("2024-10-09")])
        #expect(result.habits["meditate"]?.completions.first?.at == instant("2024-10-09T21:30:00Z"))
        #expect(result.habits["meditate"]?.schedule?.digits == "12")
        #expect(result.habits["floss"]?.schedule == .everyDay)
    }

    @Test func slugs() {
        #expect(HabitSlug.of("Exercise 30min") == "exercise_30min")
        #expect(HabitSlug.of("  --Read!!  a Book ") == "read_a_book")
        #expect(HabitSlug.of("Café au lait") == "caf_au_lait")
        #expect(HabitSlug.of("読書") == HabitSlug.of("読書"))
        #expect(HabitSlug.of("読書").hasPrefix("habit_") && HabitSlug.of("読書") != HabitSlug.of("瞑想"))
    }
}

extension HabitArchive {
    /// An archive holding one import.
    static func with(_ result: HabitImport) -> HabitArchive {
        var archive = HabitArchive()
        archive.merge(result)
        return archive
    }
}
