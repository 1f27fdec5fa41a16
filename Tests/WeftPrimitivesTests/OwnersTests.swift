import Foundation
import Testing
import WeftPrimitives

@Suite struct AgeTextTests {
    @Test(arguments: [
        (0, "0 s"), (59, "59 s"), (60, "1 min"), (3599, "59 min"), (3600, "1 h 0 min"), (7379, "2 h 2 min"),
        (172_799, "47 h 59 min"), (172_800, "2 days"), (950_000, "10 days"),
    ])
    func roundsEachUnitDown(seconds: Int, text: String) {
        #expect(AgeText.format(seconds) == text)
    }

    /// The status line once printed `-5 s` for a clock that went back; the dashboard's copy already said `0 s`.
    @Test func aNegativeSpanIsZeroSeconds() {
        #expect(AgeText.format(-5) == "0 s")
    }
}

@Suite struct ValidityTests {
    @Test func freshBeforeStaleFromTheInstantOn() {
        let until = Date(timeIntervalSince1970: 1_773_135_000)
        #expect(!Validity.isStale(until: until, at: until.addingTimeInterval(-0.5)))
        #expect(Validity.isStale(until: until, at: until))
        #expect(Validity.isStale(until: until, at: until.addingTimeInterval(1)))
    }
}

@Suite struct WholeSecondsTests {
    @Test func rawEpochSecondsRoundDownAndClampLikeDates() {
        #expect(Instant.wholeSeconds(sinceEpoch: 1_773_135_000.9) == 1_773_135_000)
        #expect(Instant.wholeSeconds(sinceEpoch: -0.5) == -1)
        #expect(Instant.wholeSeconds(sinceEpoch: 1e15) == Instant.latestSeconds)
        #expect(Instant.wholeSeconds(sinceEpoch: -1e300) == Instant.wholeSeconds(Date(timeIntervalSince1970: -1e300)))
        #expect(Instant.wholeSeconds(sinceEpoch: .nan) == Instant.wholeSeconds(Date(timeIntervalSince1970: .nan)))
    }
}

@Suite struct ExecutablesTests {
    @Test func findsAProgramInTheAbsoluteFoldersOfPath() {
        #expect(Executables.find("sh", environment: ["PATH": "/nonexistent:/bin"]) == "/bin/sh")
        #expect(Executables.find("sh", environment: ["PATH": "bin:"]) == nil)
        #expect(Executables.find("no-such-program-weft", environment: ["PATH": "/bin:/usr/bin"]) == nil)
        #expect(Executables.find("", environment: ["PATH": "/bin"]) == nil)
    }

    @Test func anUnsetPathSearchesTheSystemFolders() {
        #expect(Executables.searchPath([:]) == "/usr/local/bin:/usr/bin:/bin")
        #expect(Executables.find("sh", environment: [:]) != nil)
    }

    @Test func aPathWithASlashIsItselfWhenItIsAnExecutableFile() {
        #expect(Executables.find("/bin/sh") == "/bin/sh")
        #expect(Executables.find("/bin") == nil)
        #expect(Executables.find("/etc/passwd") == nil)
    }

    @Test func theCurrentExecutableIsAnAbsolutePath() {
        #expect(Executables.current().hasPrefix("/"))
    }
}

@Suite struct FileStampTests {
    private func temporaryFile(_ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "/weft-stamp-\(UUID().uuidString)"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Snapshots stored by an older weft hold FileManager's `size:mtime`: the same file must give the same text.
    @Test func theStoredTextIsWhatFileManagerGave() throws {
        let path = try temporaryFile("steps\n")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        let size = try #require(attributes[.size] as? NSNumber)
        let modified = try #require(attributes[.modificationDate] as? Date)
        let stamp = try #require(FileStamp(path: path))
        #expect(stamp.text == "\(size):\(modified.timeIntervalSince1970)")
        #expect(stamp.modified == modified)
    }

    @Test func aRewriteChangesTheStampAndARenameOverChangesTheFile() throws {
        let path = try temporaryFile("a")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let before = try #require(FileStamp(path: path))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: path)
        let touched = try #require(FileStamp(path: path))
        #expect(touched != before)
        #expect(touched.isSameFile(as: before))
        let other = try temporaryFile("b")
        _ = rename(other, path)
        let replaced = try #require(FileStamp(path: path))
        #expect(!replaced.isSameFile(as: before))
        #expect(FileStamp(path: path + ".missing") == nil)
    }
}

@Suite struct LocalTextTests {
    @Test func timeIsTwentyFourHourAndPadded() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(LocalText.time(Date(timeIntervalSince1970: 1_773_135_000), in: berlin) == "10:30")
        #expect(LocalText.time(Date(timeIntervalSince1970: 1_773_100_860), in: .gmt) == "00:01")
        #expect(LocalText.time(Date(timeIntervalSince1970: 1_773_187_140), in: .gmt) == "23:59")
    }

    @Test func namesAreEnglishAndWrapAround() {
        #expect(LocalText.weekdayShort(1) == "Mon")
        #expect(LocalText.weekdayShort(7) == "Sun")
        #expect(LocalText.weekday(2) == "Tuesday")
        #expect(LocalText.monthShort(3) == "Mar")
        #expect(LocalText.month(12) == "December")
        #expect(LocalText.month(0) == "December")
    }
}

@Suite struct TimeOfDayTextTests {
    @Test(arguments: [("20:00", 72_000), ("7:30", 27_000), ("07:05", 25_500), ("00:00", 0), ("23:59", 86_340)])
    func readsTwentyFourHourTimes(text: String, seconds: Int) {
        #expect(TimeOfDayText.seconds(text) == seconds)
    }

    @Test(arguments: ["24:00", "12:60", "8", "8pm", "12:5", "-1:00", "07:30:15", "", "123:00", " 7:30", "7:3O"])
    func refusesAnythingElse(text: String) {
        #expect(TimeOfDayText.parse(text) == nil)
    }
}
