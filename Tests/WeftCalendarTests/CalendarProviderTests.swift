import Foundation
import Logging
import Testing
import WeftCore
import WeftPrimitives
import WeftTestSupport

@testable import WeftCalendar

/// A small work calendar in Berlin: a weekly stand-up, a one-off review, an all-day offsite and a cancelled call.
let workCalendar = """
    BEGIN:VCALENDAR
    VERSION:2.0
    PRODID:-//weft tests//EN
    BEGIN:VEVENT
    UID:standup@weft
    DTSTAMP:20260301T000000Z
    DTSTART;TZID=Europe/Berlin:20260302T093000
    DTEND;TZID=Europe/Berlin:20260302T094500
    RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR
    SUMMARY:Stand-up
    LOCATION:Room 4
    END:VEVENT
    BEGIN:VEVENT
    UID:review@weft
    DTSTAMP:20260301T000000Z
    DTSTART:20260310T130000Z
    DTEND:20260310T140000Z
    SUMMARY:Design review
    END:VEVENT
    BEGIN:VEVENT
    UID:offsite@weft
    DTSTAMP:20260301T000000Z
    DTSTART;VALUE=DATE:20260312
    DTEND;VALUE=DATE:20260313
    SUMMARY:Offsite
    END:VEVENT
    BEGIN:VEVENT
    UID:call@weft
    DTSTAMP:20260301T000000Z
    DTSTART:20260310T110000Z
    DTEND:20260310T113000Z
    STATUS:CANCELLED
    SUMMARY:Cancelled call
    END:VEVENT
    END:VCALENDAR

    """.replacingOccurrences(of: "\n", with: "\r\n")

/// A scratch directory removed at the end of the test.
final class ScratchDirectory {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("weft-cal-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String, _ text: String) throws -> String {
        let full = path + "/" + name
        try text.write(toFile: full, atomically: true, encoding: .utf8)
        return full
    }
}

@Suite struct CalendarProviderTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// Tuesday 2026-03-10, 09:00 UTC (10:00 in Berlin): the stand-up is over, the review is next.
    let now = ISOInstant.parse("2026-03-10T09:00:00Z")!

    func config(_ text: String, file: String = "/p/work.toml") throws -> ProviderConfig {
        try ProviderConfig(text: "type = \"calendar\"\n" + text, file: file)
    }

    func context(_ date: Date, previous: Snapshot? = nil, validators: [String: HTTPValidator] = [:]) -> RefreshContext {
        RefreshContext(
            now: date, previous: previous, validators: validators, timeZone: berlin, logger: Logger(label: "test"))
    }

    func variables(_ snapshot: Snapshot, at date: Date) throws -> [String: String] {
        try CalendarKind.variables(
            of: snapshot, context: VariableContext(now: date, timeZone: berlin, locale: Locale(identifier: "en_US")))
    }

    func snapshot(_ outcome: RefreshOutcome) throws -> Snapshot {
        guard case .updated(let snapshot) = outcome.change else { throw ScratchError("expected a new snapshot") }
        return snapshot
    }

    struct ScratchError: Error {
        var message: String
        init(_ message: String) { self.message = message }
    }

    @Test func fileSourceSnapshotsUpcomingEventsAndVariablesFollowTheClock() async throws {
        let dir = try ScratchDirectory()
        let path = try dir.file("work.ics", workCalendar)
        let provider = try CalendarKind.make(try config("sources = [{ name = \"Work\", path = \"\(path)\" }]\n"))
        let outcome = try await provider.refresh(context(now))
        let snapshot = try snapshot(outcome)
        #expect(outcome.problems.isEmpty)
        #expect(snapshot.validUntil == now + 900)
        let payload = try snapshot.decode(CalendarSnapshot.self)
        #expect(payload.occurrences.count > 10, "more than next and then are kept")
        #expect(!payload.occurrences.contains { $0.isCancelled })

        var vars = try variables(snapshot, at: now)
        #expect(vars["__calendar_next_title"] == "Design review")
        #expect(vars["__calendar_next_start_iso"] == "2026-03-10T13:00:00Z")
        #expect(vars["__calendar_next_countdown"] == "4h")
        #expect(vars["__calendar_next_label"] == "In 4 hr")
        #expect(vars["__calendar_next_time_range"] == "14:00–15:00")
        #expect(vars["__calendar_next_calendar"] == "Work")
        #expect(vars["__calendar_next_location"] == nil)
        #expect(vars["__calendar_then_title"] == "Stand-up")
        #expect(vars["__calendar_then_location"] == "Room 4")
        #expect(vars["__calendar_then_label"] == "Tomorrow", "23 h 30 min rounds to a day: tomorrow's stand-up")
        #expect(vars["__calendar_then_countdown"] == "1d")
        #expect(vars["__calendar_next_minutes"] == "240")
        #expect(
            vars["__calendar_count_today"] == "2", "the stand-up that is over and the review; not the cancelled call")
        #expect(vars["__calendar_count_remaining_today"] == "1")
        #expect(
            vars["__calendar_agenda"]
                == "14:00 Design review\nWed 09:30 Stand-up\nThu 09:30 Stand-up\nFri 09:30 Stand-up\nMon 09:30 Stand-up"
        )
        #expect(vars["__calendar_allday_count"] == "0" && vars["__calendar_today_all_day"] == nil)
        #expect(vars["__calendar_header"] == "Next Up")

        // Later the same day, without a refresh: the review is running, then the stand-up follows.
        vars = try variables(snapshot, at: ISOInstant.parse("2026-03-10T13:20:00Z")!)
        #expect(vars["__calendar_next_title"] == "Design review")
        #expect(vars["__calendar_next_countdown"] == "Now")
        #expect(vars["__calendar_next_label"] == "Now")
        #expect(vars["__calendar_next_minutes"] == "0", "while it runs")
        #expect(vars["__calendar_tomorrow_all_day"] == nil, "Thursday's offsite is two days away")

        // The day before the offsite it is tomorrow's; on its day it is today's, and next stays the timed stand-up.
        vars = try variables(snapshot, at: ISOInstant.parse("2026-03-11T12:00:00Z")!)
        #expect(vars["__calendar_tomorrow_all_day"] == "Offsite" && vars["__calendar_today_all_day"] == nil)
        let offsiteDay = ISOInstant.parse("2026-03-11T23:30:00Z")!
        vars = try variables(snapshot, at: offsiteDay)
        #expect(vars["__calendar_next_title"] == "Stand-up", "all_day = separate: the holiday does not take next")
        #expect(vars["__calendar_today_all_day"] == "Offsite")
        #expect(vars["__calendar_allday_count"] == "1")
        #expect(vars["__calendar_agenda"]?.hasPrefix("09:30 Stand-up\nFri 09:30 Stand-up") == true, "\(vars)")

        // include is the behaviour before the modes: the running all-day event is next.
        let include = try CalendarKind.make(
            try config("all_day = \"include\"\nsources = [{ name = \"Work\", path = \"\(path)\" }]\n"))
        vars = try variables(try self.snapshot(try await include.refresh(context(now))), at: offsiteDay)
        #expect(vars["__calendar_next_title"] == "Offsite")
        #expect(vars["__calendar_next_all_day"] == "1")
        #expect(vars["__calendar_next_time_range"] == "All day")
        #expect(vars["__calendar_next_start_iso"] == "2026-03-11T23:00:00Z", "local midnight in Berlin")
        #expect(vars["__calendar_next_label"] == "Now")
        #expect(vars["__calendar_agenda"]?.hasPrefix("All day Offsite\n09:30 Stand-up") == true, "\(vars)")
        #expect(vars["__calendar_today_all_day"] == "Offsite")

        // exclude drops it everywhere.
        let exclude = try CalendarKind.make(
            try config("all_day = \"exclude\"\nsources = [{ name = \"Work\", path = \"\(path)\" }]\n"))
        vars = try variables(try self.snapshot(try await exclude.refresh(context(now))), at: offsiteDay)
        #expect(vars["__calendar_next_title"] == "Stand-up")
        #expect(vars["__calendar_today_all_day"] == nil && vars["__calendar_allday_count"] == "0")
    }

    /// The table at the head of CalendarVariables.swift is the one list of keys: the recorded German holidays
    /// (all-day events with a location, taking next and then with `all_day = "include"`) on Christmas Day, with
    /// the second day tomorrow, give every key it documents, for next and then, and no other.
    @Test func aRecordedCalendarGivesExactlyTheDocumentedKeys() async throws {
        let path = Fixtures.calendarPath("Germany")
        let provider = try CalendarKind.make(
            try config(
                "sources = [{ name = \"Holidays\", path = \"\(path)\" }]\nprefix = \"__hol_\"\nall_day = \"include\"\n")
        )
        let at = try #require(ISOInstant.parse("2008-12-25T10:00:00Z"))
        let vars = try variables(try snapshot(try await provider.refresh(context(at))), at: at)
        #expect(vars["__hol_next_location"] == "Germany")
        // Keys holidays never give: a long event in progress (`ongoing`), and `then` already running.
        func running(_ uid: String, hours: TimeInterval) -> CalendarOccurrence {
            CalendarOccurrence(
                uid: uid, title: uid, start: at - 600, end: at + hours * 3600, allDay: false, calendar: "c")
        }
        let more = CalendarVariables.derive(
            [running("a", hours: 1), running("b", hours: 2), running("trip", hours: 48)], prefix: "__hol_",
            context: VariableContext(now: at, timeZone: berlin, locale: Locale(identifier: "en_US")))
        #expect(more["__hol_ongoing"] == "trip until Sat 11:00" && more["__hol_then_ends_in"] == "ends in 2 hr")
        let table = try KeyTable(sourceFile: "CalendarVariables.swift")
        #expect(
            table.mismatches(
                derived: Set(vars.keys).union(more.keys), prefix: "__hol_", placeholders: ["slot": ["next", "then"]])
                == [])
    }

    @Test func labelsAndCountdownsAtEachThreshold() {
        let context = VariableContext(now: now, timeZone: berlin, locale: Locale(identifier: "en_US"))
        func event(in seconds: TimeInterval) -> CalendarOccurrence {
            CalendarOccurrence(
                uid: "x", title: "", start: now + seconds, end: now + seconds + 600, allDay: false, calendar: "c")
        }
        // Label and countdown say the same number at every distance (one rule: TimeUntil).
        let cases: [(TimeInterval, String, String)] = [
            (-60, "Now", "Now"), (0, "Now", "Now"), (30, "Soon", "1m"), (60, "Soon", "1m"), (61, "In 2 min", "2m"),
            (59 * 60, "In 59 min", "59m"), (59 * 60 + 59, "In 1 hr", "1h"), (3600, "In 1 hr", "1h"),
            (3600 + 29 * 60, "In 1 hr", "1h"),
            // 1 h 59 min is 2 hours, not 1.
            (3600 + 59 * 60, "In 2 hr", "2h"), (23 * 3600 + 29 * 60, "In 23 hr", "23h"),
            (23 * 3600 + 59 * 60, "Tomorrow", "1d"),
            // Wednesday 11:00 Berlin is 25 h away but on the next local day.
            (25 * 3600, "Tomorrow", "1d"),
            // Thursday 00:00 Berlin is 38 h away: two local days, in both (the countdown said 1d).
            (38 * 3600, "In 2 days", "2d"), (2 * 86_400, "In 2 days", "2d"), (6 * 86_400, "In 6 days", "6d"),
            (7 * 86_400, "On Tue Mar 17", "7d"), (13 * 86_400 + 3600, "On Mon Mar 23", "13d"),
            (14 * 86_400, "On Tue Mar 24", "Mar 24"),
        ]
        for (seconds, label, countdown) in cases {
            #expect(CalendarVariables.label(event(in: seconds), context: context) == label, "\(seconds)")
            #expect(CalendarVariables.countdown(event(in: seconds), context: context) == countdown, "\(seconds)")
        }
        let vars = CalendarVariables.derive([event(in: 86_400)], prefix: "__calendar_", context: context)
        #expect(vars["__calendar_next_title"] == "Untitled")
        #expect(vars["__calendar_header"] == "Next", "a day or more away")
        #expect(vars["__calendar_then_title"] == nil)
        #expect(
            CalendarVariables.derive([], prefix: "__calendar_", context: context) == [
                "__calendar_count_today": "0", "__calendar_count_remaining_today": "0", "__calendar_allday_count": "0",
                "__calendar_ongoing_count": "0",
            ], "no slots, no agenda; the counts are 0")
    }

    @Test func urlSourceUsesConditionalRequestsAndAFailingSourceKeepsItsEvents() async throws {
        let server = try TestHTTPServer()
        let mode = Locked("ok")
        let body = Array(workCalendar.utf8)
        server.route("/team.ics") { request in
            switch mode.withLock({ $0 }) {
            case "ok":
                return TestResponse(headers: [("Content-Type", "text/calendar"), ("ETag", "\"t1\"")], body: body)
            case "unchanged": return TestResponse(status: 304)
            default: return .text("down", status: 500)
            }
        }
        let dir = try ScratchDirectory()
        let local = try dir.file("home.ics", workCalendar.replacingOccurrences(of: "Design review", with: "Dentist"))
        let url = server.url("/team.ics")
        let provider = try CalendarKind.make(
            try config(
                """
                sources = [{ name = "Team", url = "\(url)" }, { name = "Home", path = "\(local)" }]
                """))
        let first = try await provider.refresh(context(now))
        #expect(first.validators == [HTTPValidator(url: url, etag: "\"t1\"", lastModified: nil)])
        let snapshot1 = try snapshot(first)

        mode.withLock { $0 = "unchanged" }
        let second = try await provider.refresh(
            context(now + 900, previous: snapshot1, validators: [url: first.validators[0]]))
        #expect(server.requests(path: "/team.ics").last?.header("If-None-Match") == "\"t1\"")
        let snapshot2 = try snapshot(second)
        let teamEvents = try snapshot2.decode(CalendarSnapshot.self).sources[0].occurrences
        #expect(teamEvents.contains { $0.title == "Design review" }, "a 304 keeps the source's events")

        mode.withLock { $0 = "down" }
        let third = try await provider.refresh(context(now + 1800, previous: snapshot2))
        #expect(third.problems.count == 1)
        #expect(third.problems[0].contains("Team") && third.problems[0].contains("HTTP 500"), "\(third.problems)")
        let snapshot3 = try snapshot(third)
        let parts = try snapshot3.decode(CalendarSnapshot.self).sources
        #expect(parts[0].occurrences.contains { $0.title == "Design review" }, "the failed source keeps its events")
        #expect(parts[0].error?.contains("HTTP 500") == true)
        let vars = try variables(snapshot3, at: now + 1800)
        #expect(vars["__calendar_warnings"]?.contains("Team: ") == true, "a warning, not the provider's error")
        #expect(vars["__calendar_error"] == nil)
        #expect(vars["__calendar_next_title"] == "Dentist" || vars["__calendar_next_title"] == "Design review")

        // When every source fails, the refresh fails and the engine keeps the whole snapshot.
        try FileManager.default.removeItem(atPath: local)
        await #expect(throws: CalendarProviderError.self) {
            _ = try await provider.refresh(context(now + 2700, previous: snapshot3))
        }
    }

    @Test func brokenRuleIsReportedWithUIDAndFile() async throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ical/calendars/bad_rrule_missing_until_event.ics").path
        let provider = try CalendarKind.make(try config("sources = [{ name = \"Bad\", path = \"\(fixture)\" }]\n"))
        let outcome = try await provider.refresh(context(now))
        #expect(outcome.problems.contains { $0.contains("blabla") && $0.contains("bad_rrule_missing_until_event.ics") })
    }

    @Test func configurationErrorsNameTheKey() throws {
        #expect(throws: ConfigError.self) { try CalendarKind.make(try config("")) }
        #expect(throws: ConfigError.self) { try CalendarKind.make(try config("sources = [{ name = \"x\" }]\n")) }
        #expect(throws: ConfigError.self) {
            try CalendarKind.make(try config("sources = [{ url = \"ftp://example.org/x.ics\" }]\n"))
        }
        do {
            _ = try CalendarKind.make(try config("sources = [{ path = \"/x.ics\" }]\ntimezone = \"Mars/Base\"\n"))
            Issue.record("a bad zone was accepted")
        } catch {
            #expect("\(error)".contains("work.toml") && "\(error)".contains("timezone"), "\(error)")
        }
        let webcal = try CalendarKind.sources(try config("sources = [{ url = \"webcal://example.org/a.ics\" }]\n"))
        #expect(webcal == [CalendarSource(name: "example.org", location: .url("https://example.org/a.ics"))])
    }

    @Test func allDayModesAndTheOlderSwitch() throws {
        func mode(_ text: String) throws -> CalendarOptions.AllDay {
            try CalendarKind.allDay(try config(text + "sources = [{ path = \"/x.ics\" }]\n"))
        }
        #expect(try mode("") == .separate)
        #expect(try mode("all_day = \"include\"\n") == .include)
        #expect(try mode("all_day = \"exclude\"\n") == .exclude)
        #expect(try mode("include_all_day = false\n") == .exclude)
        #expect(try mode("include_all_day = true\n") == .include, "written out, it meant what include means now")
        #expect(throws: ConfigError.self) { try mode("all_day = \"some\"\n") }
        #expect(throws: ConfigError.self) { try mode("all_day = true\n") }
        do {
            _ = try mode("all_day = \"include\"\ninclude_all_day = true\n")
            Issue.record("both were accepted")
        } catch {
            #expect("\(error)".contains("work.toml:3") && "\(error)".contains("include_all_day"), "\(error)")
        }
    }

    @Test func loginsAreCheckedAndNeverPrinted() throws {
        let dir = try ScratchDirectory()
        _ = try dir.file("pw", "  open sesame \n")
        func make(_ source: String) throws -> [CalendarSource] {
            try CalendarKind.sources(try config("sources = [\(source)]\n", file: dir.path + "/cal.toml"))
        }
        let sources = try make(
            #"{ url = "https://dav.example.org/a.ics", username = "anna", password_file = "pw" }"#)
        #expect(sources.first?.login == CalendarSource.Login(username: "anna", password: "open sesame"))
        #expect(!"\(sources)".contains("sesame"), "\(sources)")
        let encoded = try JSONEncoder().encode(sources)
        #expect(!String(decoding: encoded, as: UTF8.self).contains("sesame"), "a login is never encoded")
        let plain = try make(
            #"{ url = "http://127.0.0.1:8080/a.ics", username = "anna", password_file = "pw", allow_insecure = true }"#)
        #expect(plain.first?.login?.username == "anna")
        for (bad, says) in [
            (#"{ url = "http://dav.example.org/a.ics", username = "anna", password_file = "pw" }"#, "unencrypted"),
            (#"{ url = "https://dav.example.org/a.ics", username = "anna" }"#, "needs password_file"),
            (#"{ url = "https://dav.example.org/a.ics", password_file = "pw" }"#, "needs username"),
            (
                #"{ url = "https://d.example.org/a.ics", username = "a", password_file = "pw", password_env = "X" }"#,
                "not both"
            ),
            (#"{ url = "https://dav.example.org/a.ics", username = "anna", password_file = "nope" }"#, "cannot read"),
            (#"{ path = "/x.ics", username = "anna", password_file = "pw" }"#, "for a url source"),
            (#"{ url = "https://dav.example.org/a.ics", username = "a:b", password_file = "pw" }"#, "without ':'"),
        ] {
            do {
                _ = try make(bad)
                Issue.record("accepted: \(bad)")
            } catch {
                #expect("\(error)".contains("cal.toml:2") && "\(error)".contains(says), "\(bad): \(error)")
                #expect(!"\(error)".contains("sesame"), "\(error)")
            }
        }
    }

    @Test func calendarPathsAreRelativeToTheProviderFileAndTildeIsHome() throws {
        let sources = try CalendarKind.sources(
            try config(#"sources = [{ path = "cal/work.ics" }, { name = "Home", path = "~/home.ics" }]"# + "\n"))
        #expect(
            sources == [
                CalendarSource(name: "work", location: .path("/p/cal/work.ics")),
                CalendarSource(name: "Home", location: .path(PathExpansion.home() + "/home.ics")),
            ])
    }
}
