import Foundation
import Testing

@testable import WeftCalendar

@Suite struct LoadingTests {
    /// A fresh directory per test (tests run in parallel).
    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("weft-calendar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func write(_ text: String, _ name: String, in directory: URL) throws {
        try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    @Test("a vdir (one event per file) loads as one calendar")
    func vdir() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(ICS.calendar(ICS.event("UID:b", "SUMMARY:B", "DTSTART:20250311T090000Z")), "b.ics", in: directory)
        try write(
            ICS.calendar(
                ICS.event("UID:a", "SUMMARY:A", "DTSTART:20250310T090000Z", "RRULE:FREQ=DAILY;COUNT=3")
                    + ICS.event(
                        "UID:a", "SUMMARY:A moved", "RECURRENCE-ID:20250311T090000Z", "DTSTART:20250311T150000Z")),
            "a.ICS", in: directory)
        try write("not a calendar", "notes.txt", in: directory)
        try write("BEGIN:VCALENDAR\r\nhalf-written", ".sync-tmp.ics", in: directory)
        let timeZone = try #require(TimeZone(identifier: "Europe/Berlin"))
        let calendar = try ICalendar.load(
            path: directory.path, calendarName: "Personal", options: CalendarOptions(timeZone: timeZone))
        let found = calendar.occurrences(overlapping: When.utc(2025, 3, 1), When.utc(2025, 4, 1))
        #expect(found.map(\.title) == ["A", "B", "A moved", "A"])
        #expect(found.allSatisfy { $0.calendar == "Personal" })
        #expect(calendar.warnings.isEmpty)
    }

    @Test("a broken file in a vdir is skipped with a warning naming it; the others are read")
    func vdirWithBrokenFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try write(ICS.calendar(ICS.event("UID:ok", "DTSTART:20250311T090000Z")), "ok.ics", in: directory)
        try write("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:cut\r\n", "cut.ics", in: directory)
        try write("", "empty.ics", in: directory)
        let timeZone = try #require(TimeZone(identifier: "UTC"))
        let calendar = try ICalendar.load(
            path: directory.path, calendarName: "c", options: CalendarOptions(timeZone: timeZone))
        #expect(calendar.occurrences(overlapping: When.utc(2025, 3, 1), When.utc(2025, 4, 1)).map(\.uid) == ["ok"])
        let skipped = calendar.warnings.filter { $0.kind == .skippedFile }
        #expect(skipped.map { ($0.file as NSString).lastPathComponent }.sorted() == ["cut.ics", "empty.ics"])
        #expect(skipped.allSatisfy { "\($0)".hasPrefix(directory.path) }, "\(skipped)")
        #expect(skipped.contains { "\($0)".contains("cut.ics: skipped") && "\($0)".contains("no complete VCALENDAR") })

        // A single file that is broken still fails, and so does a folder with nothing usable in it.
        let error = #expect(throws: CalendarError.self) {
            try ICalendar.load(
                path: directory.appendingPathComponent("cut.ics").path, calendarName: "c",
                options: CalendarOptions(timeZone: timeZone))
        }
        #expect(error?.file.hasSuffix("cut.ics") == true)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("ok.ics"))
        let none = #expect(throws: CalendarError.self) {
            try ICalendar.load(path: directory.path, calendarName: "c", options: CalendarOptions(timeZone: timeZone))
        }
        #expect(none?.description.contains(".ics") == true, "\(String(describing: none))")
    }

    @Test("an empty directory is an empty calendar; a missing path is an error naming it")
    func emptyAndMissing() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let timeZone = try #require(TimeZone(identifier: "UTC"))
        let empty = try ICalendar.load(
            path: directory.path, calendarName: "c", options: CalendarOptions(timeZone: timeZone))
        #expect(empty.occurrences(overlapping: When.utc(2000, 1, 1), When.utc(2100, 1, 1)).isEmpty)
        let missing = directory.appendingPathComponent("nope.ics").path
        #expect(throws: CalendarError.unreadable(file: missing, reason: "no such file or directory")) {
            try ICalendar.load(path: missing, calendarName: "c", options: CalendarOptions(timeZone: timeZone))
        }
    }

    @Test(
        "text libical cannot read gives a typed error naming the file",
        arguments: [
            ("", "empty"),
            ("   \n", "empty"),
            ("this is not a calendar at all", "garbage"),
            ("\u{FEFF}<html><body>502 Bad Gateway</body></html>", "an HTML error page"),
            (
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20250310T090000Z\r\nEND:VEVENT\r\n",
                "truncated"
            ),
            ("BEGIN:VEVENT\r\nUID:x\r\nDTSTART:20250310T090000Z\r\nEND:VEVENT\r\n", "no VCALENDAR"),
        ])
    func unparseable(text: String, what: String) throws {
        let timeZone = try #require(TimeZone(identifier: "UTC"))
        let error = #expect(throws: CalendarError.self, "\(what)") {
            try ICalendar.parse(
                text, file: "remote/work.ics", calendarName: "Work", options: CalendarOptions(timeZone: timeZone))
        }
        guard case .unparseable(let file, let reason)? = error else {
            Issue.record("expected .unparseable for \(what), got \(String(describing: error))")
            return
        }
        #expect(file == "remote/work.ics")
        #expect(!reason.isEmpty)
        #expect(error?.description.hasPrefix("remote/work.ics:") == true)
    }

    @Test("a calendar without events is fine")
    func noEvents() throws {
        let calendar = try ICS.parse(ICS.calendar(""))
        #expect(calendar.occurrences(overlapping: When.utc(2000, 1, 1), When.utc(2100, 1, 1)).isEmpty)
        #expect(calendar.warnings.isEmpty)
    }

    @Test("a VEVENT without DTSTART is skipped with a warning; the rest still loads")
    func missingStart() throws {
        let text = ICS.calendar(
            ICS.event("UID:nostart", "SUMMARY:Nothing") + ICS.event("UID:fine", "DTSTART:20250310T090000Z"))
        let calendar = try ICS.parse(text)
        #expect(calendar.occurrences(overlapping: When.utc(2025, 3, 1), When.utc(2025, 4, 1)).map(\.uid) == ["fine"])
        #expect(calendar.warnings.map(\.kind) == [.missingStart])
        #expect(calendar.warnings.first?.uid == "nostart")
    }

    @Test("one calendar can be queried from many tasks at once")
    func concurrentQueries() async throws {
        let calendar = try Fixtures.load("daylight_saving_time", zone: "Europe/Berlin")
        let reference = calendar.occurrences(overlapping: When.utc(2019, 1, 1), When.utc(2020, 1, 1))
        #expect(!reference.isEmpty)
        let results = await withTaskGroup(of: [CalendarOccurrence].self) { group in
            for _ in 0..<8 {
                group.addTask { calendar.occurrences(overlapping: When.utc(2019, 1, 1), When.utc(2020, 1, 1)) }
            }
            var all: [[CalendarOccurrence]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.allSatisfy { $0 == reference })
    }
}
