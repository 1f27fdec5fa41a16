import Foundation
import Testing

/// The calendar provider and `weft calendar` through the built binary.
@Suite("calendar")
struct CalendarCommandTests {
    static let calendars = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ical/calendars").path

    /// A Berlin calendar: a one-off meeting, an all-day holiday and a cancelled call.
    static let ics = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//weft tests//EN
        BEGIN:VEVENT
        UID:plan@weft
        DTSTAMP:20260301T000000Z
        DTSTART;TZID=Europe/Berlin:20260310T140000
        DTEND;TZID=Europe/Berlin:20260310T150000
        SUMMARY:Planning
        LOCATION:Room 2
        END:VEVENT
        BEGIN:VEVENT
        UID:holiday@weft
        DTSTAMP:20260301T000000Z
        DTSTART;VALUE=DATE:20260311
        DTEND;VALUE=DATE:20260312
        SUMMARY:Holiday
        END:VEVENT
        BEGIN:VEVENT
        UID:call@weft
        DTSTAMP:20260301T000000Z
        DTSTART:20260310T120000Z
        DTEND:20260310T123000Z
        STATUS:CANCELLED
        SUMMARY:Call
        END:VEVENT
        END:VCALENDAR

        """

    @Test func refreshThenResolveNextAndThen() async throws {
        let box = try Sandbox()
        try box.write("work.ics", Self.ics)
        try box.provider(
            "work",
            "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\nsources = [{ name = \"Work\", path = \"\(box.path("work.ics"))\" }]\n"
        )
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        let line = await box.weft(
            arguments: [
                "resolve",
                "{{__calendar_header}}: {{__calendar_next_title}} {{__calendar_next_label}} · {{__calendar_next_time_range}} @ {{__calendar_next_location}} · then {{__calendar_then_title|nothing}} · tomorrow {{__calendar_tomorrow_all_day}}",
            ] + Fixed.clock)
        // 3 h 30 min rounds to 4 hours; the all-day holiday has its own key rather than taking `then`.
        #expect(
            line.stdout == "Next Up: Planning In 4 hr · 14:00–15:00 @ Room 2 · then nothing · tomorrow Holiday\n",
            "\(line)")
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.stdout.contains("work (calendar)"), "\(status)")
        #expect(!status.stdout.contains("last error"), "\(status)")
    }

    /// An invitation the user declined, a free (TRANSPARENT) block and a meeting, on 10 March in Berlin.
    static let invitations = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//weft tests//EN
        BEGIN:VEVENT
        UID:declined@weft
        DTSTAMP:20260301T000000Z
        DTSTART:20260310T100000Z
        DTEND:20260310T110000Z
        SUMMARY:Vendor pitch
        ATTENDEE;PARTSTAT=DECLINED:mailto:ann@example.org
        END:VEVENT
        BEGIN:VEVENT
        UID:focus@weft
        DTSTAMP:20260301T000000Z
        DTSTART:20260310T110000Z
        DTEND:20260310T120000Z
        TRANSP:TRANSPARENT
        SUMMARY:Focus time
        END:VEVENT
        END:VCALENDAR

        """

    @Test func providerOptionsLeaveOutDeclinedFreeAndAllDayEvents() async throws {
        let box = try Sandbox()
        try box.write("work.ics", Self.ics)
        try box.write("invites.ics", Self.invitations)
        let sources =
            "sources = [{ name = \"Work\", path = \"\(box.path("work.ics"))\" }, "
            + "{ name = \"Invites\", path = \"\(box.path("invites.ics"))\" }]\n"
        let template = ["resolve", "{{__calendar_next_title}} / {{__calendar_then_title|nothing}}"]
        try box.provider("work", "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\n" + sources)
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let everything = await box.weft(arguments: template + Fixed.clock)
        #expect(everything.stdout == "Vendor pitch / Focus time\n", "\(everything)")

        try box.provider(
            "work",
            "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\nme = [\"mailto:ann@example.org\"]\n"
                + "include_all_day = false\ninclude_transparent = false\n" + sources)
        #expect(await box.weft(arguments: ["refresh", "--force"] + Fixed.clock).exitCode == 0)
        let filtered = await box.weft(arguments: template + Fixed.clock)
        #expect(
            filtered.stdout == "Planning / nothing\n", "declined, free and all-day events are left out: \(filtered)")

        // The same choices as flags of `weft calendar next`.
        let next = await WeftProcess.weft(
            [
                "calendar", "next", box.path("work.ics"), box.path("invites.ics"), "--me", "mailto:ann@example.org",
                "--no-all-day", "--now", "2026-03-10T09:30:00Z", "--tz", "Europe/Berlin", "--json",
            ])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(next.stdout.utf8)) as? [String: Any])
        #expect((object["next"] as? [String: Any])?["title"] as? String == "Focus time", "\(next)")
        #expect((object["then"] as? [String: Any])?["title"] as? String == "Planning", "\(next)")
    }

    @Test func oneSourceDownKeepsTheOthersAndShowsInStatus() async throws {
        let box = try Sandbox()
        try box.write("work.ics", Self.ics)
        try box.provider(
            "work",
            "type = \"calendar\"\nsources = [{ name = \"Work\", path = \"\(box.path("work.ics"))\" }, "
                + "{ name = \"Gone\", path = \"\(box.path("gone.ics"))\" }]\n")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        // A success with problems: the line says what failed; the exit status stays 0.
        #expect(refresh.exitCode == 0, "\(refresh)")
        #expect(
            refresh.stderr.contains("work: ok with warnings: Gone: ") && refresh.stderr.contains("gone.ics"),
            "\(refresh)")
        let next = await box.weft(arguments: ["get", "__calendar_next_title"] + Fixed.clock)
        #expect(next.stdout == "Planning\n", "\(next)")
        // The refresh succeeded: a source it could not read is a warning (issue 25 #4), not the provider's error.
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.stdout.contains("  warnings: Gone: ") && status.stdout.contains("gone.ics"), "\(status)")
        #expect(!status.stdout.contains("last error"), "\(status)")
        let warnings = await box.weft(arguments: ["get", "__calendar_warnings"] + Fixed.clock)
        #expect(warnings.stdout.contains("gone.ics"), "\(warnings)")
        #expect(await box.weft(arguments: ["get", "__calendar_error"] + Fixed.clock).exitCode == 1)
    }

    @Test func missingFileFailsTheRefreshAndKeepsTheEvents() async throws {
        let box = try Sandbox()
        try box.write("work.ics", Self.ics)
        try box.provider(
            "work", "type = \"calendar\"\nsources = [{ name = \"Work\", path = \"\(box.path("work.ics"))\" }]\n")
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        try box.write("work.ics", "BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:cut off")
        let failed = await box.weft(arguments: ["refresh", "--force"] + Fixed.clock)
        #expect(failed.exitCode == 1, "\(failed)")
        #expect(failed.stderr.contains("work.ics"), "the file is named: \(failed)")
        let next = await box.weft(arguments: ["get", "__calendar_next_title"] + Fixed.clock)
        #expect(next.stdout == "Planning\n", "the last good events survive: \(next)")
        let error = await box.weft(arguments: ["get", "__calendar_error"] + Fixed.clock)
        #expect(error.stdout.contains("work.ics"), "\(error)")
    }

    @Test func nextPrintsJSONWithUTCInstants() async throws {
        let box = try Sandbox()
        try box.write("work.ics", Self.ics)
        let separate = await WeftProcess.weft(
            [
                "calendar", "next", box.path("work.ics"), "--now", "2026-03-10T15:30:00Z", "--tz", "Europe/Berlin",
                "--json",
            ])
        #expect(separate.stdout.contains("\"next\" : null"), "only timed events take next by default: \(separate)")
        let result = await WeftProcess.weft(
            [
                "calendar", "next", box.path("work.ics"), "--now", "2026-03-10T15:30:00Z", "--tz", "Europe/Berlin",
                "--json", "--all-day", "include",
            ])
        #expect(result.exitCode == 0, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let next = try #require(object["next"] as? [String: Any])
        #expect(next["title"] as? String == "Holiday")
        #expect(next["start"] as? String == "2026-03-10T23:00:00Z", "an all-day event starts at local midnight")
        #expect(next["end"] as? String == "2026-03-11T23:00:00Z")
        #expect(next["all_day"] as? Bool == true)
        #expect(next["calendar"] as? String == "work")
        #expect(object["then"] is NSNull)

        let text = await WeftProcess.weft(
            ["calendar", "next", box.path("work.ics"), "--now", "2026-03-10T12:00:00Z", "--tz", "Europe/Berlin"])
        #expect(text.stdout.hasPrefix("Next Up\n  In 1 hr  14:00–15:00  Planning @ Room 2  [work]\n"), "\(text)")
    }

    @Test func emptySourceIsAUsageError() async throws {
        let result = await WeftProcess.weft(["calendar", "next", "", "--now", "2026-03-10T12:00:00Z"])
        #expect(result.exitCode == 64, "\(result)")
        #expect(result.stderr.contains("a SOURCE is empty"), "\(result)")
    }

    @Test func listIsAnAgendaWithStatus() async throws {
        let box = try Sandbox()
        try box.write("work.ics", Self.ics)
        let args = [
            "calendar", "list", box.path("work.ics"), "--from", "2026-03-10T00:00:00Z", "--to", "2026-03-12T00:00:00Z",
            "--tz", "Europe/Berlin",
        ]
        let text = await WeftProcess.weft(args)
        #expect(
            text.stdout == """
                Tuesday, 2026-03-10
                  13:00–13:30  Call  [work] (cancelled)
                  14:00–15:00  Planning @ Room 2  [work]
                Wednesday, 2026-03-11
                  all day      Holiday  [work]

                """, "\(text)")
        let json = await WeftProcess.weft(args + ["--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["status"] as? String } == ["cancelled", "confirmed", "confirmed"])
    }

    @Test func brokenRuleIsAWarningNamingUIDAndFile() async throws {
        let file = Self.calendars + "/bad_rrule_missing_until_event.ics"
        let result = await WeftProcess.weft(
            ["calendar", "list", file, "--from", "2019-08-01T00:00:00Z", "--to", "2019-12-01T00:00:00Z", "--tz", "UTC"])
        #expect(result.exitCode == 0, "\(result)")
        #expect(result.stdout == "No events\n", "the series is skipped, not shown once: \(result)")
        #expect(
            result.stderr.contains("blabla") && result.stderr.contains("bad_rrule_missing_until_event.ics"), "\(result)"
        )
        let missing = await WeftProcess.weft(["calendar", "next", "/nonexistent/cal.ics"])
        #expect(missing.exitCode == 1 && missing.stderr.contains("/nonexistent/cal.ics"), "\(missing)")
    }
}
