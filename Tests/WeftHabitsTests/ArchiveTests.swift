import Foundation
import Logging
import Testing
import WeftCore
import WeftStore
import WeftTestSupport

@testable import WeftHabits

@Suite struct ArchiveTests {
    let export = try? importCSV(
        identitybuilderHeader + "Read,Reader,,1234560,2024-10-12T09:00:00Z\nRead,Reader,,1234560,2024-10-13T09:00:00Z\n"
    )

    @Test func manualAndImportedCompletionsBothCount() throws {
        var archive = HabitArchive.with(try #require(export))
        archive.manual.markDone("read", HabitCompletion(day: day("2024-10-14")))
        archive.manual.markDone("Meditate", HabitCompletion(day: day("2024-10-14")))
        let states = archive.states()
        #expect(states.map(\.slug) == ["meditate", "read"])
        let read = try #require(states.last)
        #expect(read.name == "Read", "the export's spelling wins")
        #expect(read.identity == "Reader")
        #expect(HabitStats.streak(read, today: day("2024-10-14")) == 3)
    }

    @Test func undoRemovesManualAndHidesImportedCompletionsAcrossReimports() throws {
        let export = try #require(export)
        var archive = HabitArchive.with(export)
        archive.manual.markDone("Read", HabitCompletion(day: day("2024-10-14")))
        let undone = archive.manual.undo("read", day: day("2024-10-14"), imported: false)
        #expect(undone)
        let again = archive.manual.undo("read", day: day("2024-10-14"), imported: false)
        #expect(!again, "nothing left to undo")
        let hidden = day("2024-10-13")
        let imported = archive.isImported("read", day: hidden)
        let hid = archive.manual.undo("read", day: hidden, imported: imported)
        #expect(imported && hid)
        archive.merge(export)
        #expect(archive.states().first?.completions.map(\.day) == [day("2024-10-12")], "re-importing keeps it undone")
        archive.manual.markDone("Read", HabitCompletion(day: hidden))
        #expect(archive.states().first?.completions.count == 2, "done again brings it back")
    }

    @Test func blobsRoundTripAndDamageIsNamed() throws {
        var archive = HabitArchive.with(try #require(export))
        archive.manual.markDone("Read", HabitCompletion(day: day("2024-10-14"), at: instant("2024-10-14T08:00:00Z")))
        #expect(try HabitArchive(imports: try archive.importRecords(), manual: try archive.manual.records()) == archive)
        #expect(throws: HabitArchiveError.self) { try HabitArchive(imports: [:], manual: ["read": Data("{".utf8)]) }
        #expect(throws: HabitArchiveError.self) { try HabitArchive(imports: ["/a.csv": Data("[".utf8)], manual: [:]) }
    }

    @Test func theProviderReimportsChangedFilesAndNoticesManualChanges() async throws {
        let home = try TemporaryHome("habits")
        let directory = home.root
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/habits.csv"
        try (identitybuilderHeader + "Read,,,1234560,2024-10-13T09:00:00Z\n").write(
            toFile: file, atomically: false, encoding: .utf8)
        let store = try CacheStore.openForWriting(directory: directory + "/cache")
        let provider = HabitsProvider(
            instance: "habits", prefix: "__habits_", settings: HabitSettings(files: [directory + "/*.csv"]))
        let now = instant("2024-10-14T12:00:00Z")
        // Stores what each refresh returns, as the engine's writer does.
        func refresh(previous: Snapshot?) async throws -> RefreshOutcome {
            let outcome = try await provider.refresh(
                RefreshContext(
                    now: now, previous: previous, timeZone: zone("Europe/Berlin"), logger: Logger(label: "test"),
                    data: store))
            try store.recordSuccess(instance: "habits", prefix: "__habits_", outcome: outcome, at: now)
            return outcome
        }
        func updated(_ outcome: RefreshOutcome) throws -> Snapshot {
            guard case .updated(let snapshot) = outcome.change else { throw HabitsTestError("expected an update") }
            return snapshot
        }
        let first = try updated(try await refresh(previous: nil))
        #expect(try first.decode(HabitsSnapshot.self).habit("read")?.completions.count == 1)
        guard case .notModified = try await refresh(previous: first).change else {
            Issue.record("an unchanged file and no manual change should not rebuild")
            return
        }
        // A manual completion recorded behind the refresh's back (its revision is newer than the snapshot's).
        var manual = try ManualCompletions(records: try store.userRecords(kind: ManualCompletions.recordKind))
        manual.markDone("Read", HabitCompletion(day: day("2024-10-14")))
        try store.saveUserRecords(
            try manual.records().map { UserRecord(kind: "habit", key: $0.key, value: $0.value, origin: nil, updatedAt: now) })
        let second = try updated(try await refresh(previous: first))
        #expect(try second.decode(HabitsSnapshot.self).habit("read")?.completions.count == 2)

        try (identitybuilderHeader + "Read,,,1234560,2024-10-12T09:00:00Z\nRead,,,1234560,2024-10-13T09:00:00Z\n")
            .write(toFile: file, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: now], ofItemAtPath: file)
        let third = try updated(try await refresh(previous: second))
        let read = try #require(try third.decode(HabitsSnapshot.self).habit("read"))
        #expect(HabitStats.streak(read, today: day("2024-10-14")) == 3)
    }

    @Test func settingsErrorsNameTheKey() throws {
        func settings(_ toml: String) throws -> HabitSettings {
            try HabitSettings(config: ProviderConfig(text: "type = \"habits\"\n" + toml, file: "providers/habits.toml"))
        }
        #expect(try settings("").format == nil)
        #expect(
            try settings("habit_column = \"Name\"\ndate_column = \"Day\"\n").format
                == .generic(HabitColumns(habit: "Name", date: "Day")))
        #expect(throws: ConfigError.self) { try settings("habit_column = \"Name\"\n") }
        #expect(throws: ConfigError.self) { try settings("timezone = \"Mars/Olympus\"\n") }
        #expect(throws: ConfigError.self) { try settings("format = \"numu\"\n") }
        #expect(throws: ConfigError.self) { try settings("goal = 3\n") }
    }
}

struct HabitsTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
