import Foundation
import Testing

/// Issue 30, "the calendar as a person reads it": long events in progress, ranges across midnight, "ends in",
/// multi-line locations in one-line outputs, meeting links and an absurd DURATION, through the built binary.
@Suite("calendar as a person reads it")
struct CalendarReadingTests {
    /// Berlin, week of 9 March 2026: a three-day conference, a call at 14:00 on Tuesday with a three-line location
    /// and a Meet link in its description, a Saturday-to-Monday trip with Google's conference property, and an
    /// event whose DURATION is absurd.
    static let ics = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//weft tests//EN\r
        BEGIN:VEVENT\r
        UID:conference@weft\r
        DTSTAMP:20260301T000000Z\r
        DTSTART;TZID=Europe/Berlin:20260309T080000\r
        DTEND;TZID=Europe/Berlin:20260311T180000\r
        SUMMARY:Conference\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:call@weft\r
        DTSTAMP:20260301T000000Z\r
        DTSTART;TZID=Europe/Berlin:20260310T140000\r
        DTEND;TZID=Europe/Berlin:20260310T143000\r
        SUMMARY:Call with\\n  the vendor\r
        LOCATION:Room 4\\nMain St 5\\nBerlin\r
        DESCRIPTION:Join: https://meet.google.com/abc-defg-hij\\nor dial in\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:trip@weft\r
        DTSTAMP:20260301T000000Z\r
        DTSTART;TZID=Europe/Berlin:20260314T210000\r
        DTEND;TZID=Europe/Berlin:20260316T070000\r
        SUMMARY:Trip\r
        URL:https://example.org/itinerary\r
        X-GOOGLE-CONFERENCE:https://zoom.us/j/123456789\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    static let endless = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//weft tests//EN\r
        BEGIN:VEVENT\r
        UID:forever@weft\r
        DTSTAMP:20260301T000000Z\r
        DTSTART:20260310T080000Z\r
        DURATION:P999999999999999999W\r
        SUMMARY:Forever\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:standup@weft\r
        DTSTAMP:20260301T000000Z\r
        DTSTART:20260310T090000Z\r
        DURATION:PT15M\r
        SUMMARY:Stand-up\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    static func box(_ text: String = ics, settings: String = "") throws -> Sandbox {
        let box = try Sandbox()
        try box.write("work.ics", text)
        try box.provider(
            "work",
            "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\n\(settings)"
                + "sources = [{ name = \"Work\", path = \"\(box.path("work.ics"))\" }]\n")
        return box
    }

    static func at(_ instant: String) -> [String] { ["--now", instant, "--tz", "Europe/Berlin"] }

    /// A conference running since Monday does not hold `next`: the call at 14:00 shows, and the conference is listed
    /// as ongoing. With `long_event = "3d"` the conference is not long and holds `next` again.
    @Test func aLongEventInProgressLeavesNextToTheCall() async throws {
        let box = try Self.box()
        let clock = Self.at("2026-03-10T11:00:00+01:00")
        #expect(await box.weft(arguments: ["refresh"] + clock).exitCode == 0)
        let line = await box.weft(
            arguments: [
                "resolve", "{{__calendar_next_time_range}} · {{__calendar_ongoing}} · {{__calendar_ongoing_count}}",
            ] + clock)
        #expect(line.stdout == "14:00–14:30 · Conference until Wed 18:00 · 1\n", "\(line)")
        let next = await box.weft(arguments: ["calendar", "next"] + clock)
        #expect(next.stdout.contains("In 3 hr  14:00–14:30  Call with · the vendor"), "\(next)")
        #expect(next.stdout.contains("Ongoing: Conference until Wed 18:00"), "\(next)")
        let json = await box.weft(arguments: ["calendar", "next", "--json"] + clock)
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["next"] as? [String: Any])?["start"] as? String == "2026-03-10T13:00:00Z", "\(json)")
        #expect(
            (object["ongoing"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Conference"], "\(json)")

        let short = try Self.box(settings: "long_event = \"30m\"\n")
        let check = await short.weft(arguments: ["check"])
        #expect(
            check.exitCode != 0 && check.stdout.contains("work.toml:3: key \"long_event\": must be at least 1 h"),
            "\(check)")

        let longer = try Self.box(settings: "long_event = \"3d\"\n")
        #expect(await longer.weft(arguments: ["refresh"] + clock).exitCode == 0)
        let held = await longer.weft(arguments: ["resolve", "{{__calendar_next_title}}"] + clock)
        #expect(held.stdout == "Conference\n", "\(held)")
    }

    /// A trip from Saturday night to Monday morning shows its days.
    @Test func aRangeAcrossMidnightShowsItsDays() async throws {
        let box = try Self.box()
        let clock = Self.at("2026-03-13T12:00:00+01:00")
        #expect(await box.weft(arguments: ["refresh"] + clock).exitCode == 0)
        let line = await box.weft(arguments: ["resolve", "{{__calendar_next_time_range}}"] + clock)
        #expect(line.stdout == "Sat 21:00 – Mon 07:00\n", "\(line)")
        let listed = await box.weft(
            arguments: ["calendar", "list", "--from", "2026-03-14", "--days", "1"] + clock)
        #expect(listed.stdout.contains("  Sat 21:00 – Mon 07:00  Trip  [Work]"), "\(listed)")
    }

    /// An event in progress says when it ends, and `label` with `ends_in` never reads "Now / Now".
    @Test func anEventInProgressSaysWhenItEnds() async throws {
        let box = try Self.box()
        let clock = Self.at("2026-03-10T14:10:00+01:00")
        #expect(await box.weft(arguments: ["refresh"] + clock).exitCode == 0)
        let line = await box.weft(
            arguments: ["resolve", "{{__calendar_next_label}} / {{__calendar_next_ends_in}}"] + clock)
        #expect(line.stdout == "Now / ends in 20 min\n", "\(line)")
        let before = await box.weft(
            arguments: ["resolve", "{{__calendar_next_ends_in|none}}"] + Self.at("2026-03-10T13:00:00+01:00"))
        #expect(before.stdout == "none\n", "\(before)")
        let next = await box.weft(arguments: ["calendar", "next"] + clock)
        #expect(next.stdout.contains("Now, ends in 20 min  14:00–14:30"), "\(next)")
    }

    /// A three-line LOCATION is one line in Waybar's `text` and keeps its lines in the tooltip.
    @Test func aMultiLineLocationIsOneLineInWaybarText() async throws {
        let box = try Self.box()
        let clock = Self.at("2026-03-10T11:00:00+01:00")
        #expect(await box.weft(arguments: ["refresh"] + clock).exitCode == 0)
        let waybar = await box.weft(
            arguments: [
                "resolve", "--format", "waybar", "--tooltip", "{{__calendar_next_location}}",
                "{{__calendar_next_title}} @ {{__calendar_next_location}}",
            ] + clock)
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(waybar.stdout.utf8)) as? [String: Any], "\(waybar)")
        #expect(object["text"] as? String == "Call with · the vendor @ Room 4 · Main St 5 · Berlin", "\(waybar)")
        #expect(object["tooltip"] as? String == "Room 4\nMain St 5\nBerlin", "\(waybar)")
        let plain = await box.weft(arguments: ["resolve", "{{__calendar_next_location}}"] + clock)
        #expect(plain.stdout == "Room 4\nMain St 5\nBerlin\n", "resolve prints what the template makes: \(plain)")
    }

    /// The meeting link: from DESCRIPTION, and from X-GOOGLE-CONFERENCE before the URL property.
    @Test func theMeetingLinkIsAKey() async throws {
        let box = try Self.box()
        let clock = Self.at("2026-03-10T11:00:00+01:00")
        #expect(await box.weft(arguments: ["refresh"] + clock).exitCode == 0)
        let links = await box.weft(arguments: ["resolve", "{{__calendar_next_url}} {{__calendar_then_url}}"] + clock)
        #expect(links.stdout == "https://meet.google.com/abc-defg-hij https://zoom.us/j/123456789\n", "\(links)")
    }

    /// DURATION:P999999999999999999W is a warning, and the event ends at the window rather than holding `next`.
    @Test func anAbsurdDurationIsAWarningAndEndsAtTheWindow() async throws {
        let box = try Self.box(Self.endless)
        let listed = await box.weft(
            arguments: [
                "calendar", "list", box.path("work.ics"), "--from", "2026-03-10", "--days", "1", "--json",
            ] + Self.at("2026-03-10T09:30:00+01:00"))
        #expect(listed.stderr.contains("event forever@weft: its DURATION ends after the year 9999"), "\(listed)")
        let events = try #require(
            JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], "\(listed)")
        let forever = events.first { $0["title"] as? String == "Forever" }
        // The window is 10 March in Berlin: it ends at midnight, 23:00 UTC.
        #expect(forever?["end"] as? String == "2026-03-10T23:00:00Z", "\(listed)")
        let clock = Self.at("2026-03-10T09:30:00+01:00")
        #expect(await box.weft(arguments: ["refresh"] + clock).exitCode == 0)
        let next = await box.weft(arguments: ["resolve", "{{__calendar_next_title}}"] + clock)
        #expect(next.stdout == "Stand-up\n", "\(next)")
        let warnings = await box.warnings("work", clock)
        #expect(warnings.contains("DURATION ends after the year 9999"), "\(warnings)")
    }

    /// Two calendars on the dashboard are titled by instance; the card says when the running call ends, never
    /// "Now" twice, lists the conference as ongoing and gives the trip's end date.
    @Test func severalCalendarsOnTheDashboardAreTitledByInstance() async throws {
        let box = try Self.box()
        try box.provider(
            "home",
            "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\nprefix = \"__home_\"\n"
                + "sources = [{ name = \"Home\", path = \"\(box.path("work.ics"))\" }]\n")
        let clock = Self.at("2026-03-10T14:10:00+01:00")
        #expect(await box.weft(arguments: ["refresh"] + clock).exitCode == 0)
        let server = try await ServeTests.Server(box, clock)
        let board = await server.request("/board")
        #expect(board.status == 200, "\(board.status)")
        #expect(
            board.body.contains("<h2>Next Up · home</h2>") && board.body.contains("<h2>Next Up · work</h2>"),
            "\(board.body)")
        #expect(
            board.body.contains(#"<span class="countdown">Now</span><span class="label">ends in 20 min</span>"#),
            "\(board.body)")
        // The conference is listed as ongoing; the trip after the call shows its end's date.
        #expect(board.body.contains("<p class=\"fine\">Ongoing: Conference until Wed 18:00</p>"), "\(board.body)")
        #expect(board.body.contains("21:00 – Mon 16 Mar 07:00"), "\(board.body)")
        server.child.send(SIGTERM)
        _ = server.child.ending(within: .seconds(15))
    }
}
