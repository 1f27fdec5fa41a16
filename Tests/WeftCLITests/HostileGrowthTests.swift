import Foundation
import Testing
import WeftTestSupport

/// Hostile input, part two (issue 32), root 2 for calendars, stored errors and the bar: work that grew faster than
/// the input. Each input is sized so the old quadratic took minutes on the debug binary; the wall limits are
/// generous behaviour bounds (a minute), never timings.
@Suite("hostile input: bounded work for calendars, stored errors and the bar")
struct HostileGrowthTests {
    static let header = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//weft tests//EN\r\n"

    static func event(_ uid: String, start: String = "DTSTART:20260310T120000Z", _ lines: String = "") -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260301T000000Z\r\n\(start)\r\nSUMMARY:\(uid)\r\n\(lines)END:VEVENT\r\n"
    }

    static func calendarProvider(_ box: Sandbox, _ file: String) throws {
        try box.provider(
            "work", "type = \"calendar\"\nsources = [{ name = \"Work\", path = \"\(box.path(file))\" }]\n")
    }

    /// 8,000 VTIMEZONEs, each used by one event: the onsets were found by rescanning every zone per TZID, and libical
    /// freed each zone by searching and shifting the calendar's array of them.
    @Test func aCalendarOfManyTimeZonesIsReadInLinearTime() async throws {
        let box = try Sandbox()
        let count = 8_000
        var text = Self.header
        for index in 0..<count {
            text +=
                "BEGIN:VTIMEZONE\r\nTZID:Zone/\(index)\r\nBEGIN:STANDARD\r\nDTSTART:20000101T000000\r\n"
                + "TZOFFSETFROM:+0100\r\nTZOFFSETTO:+0100\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        }
        // One time before its zone's first onset is still told about.
        text += Self.event("early", start: "DTSTART;TZID=Zone/7:19990101T090000")
        for index in 0..<count {
            text += Self.event("e\(index)", start: "DTSTART;TZID=Zone/\(index):20260310T140000")
        }
        try box.write("zones.ics", text + "END:VCALENDAR\r\n")
        try Self.calendarProvider(box, "zones.ics")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock, timeout: .seconds(60))
        #expect(!refresh.killedByHarness && refresh.exitCode == 0, "\(refresh)")
        let next = await box.weft(arguments: ["get", "__calendar_next_start_iso"] + Fixed.clock)
        #expect(next.stdout == "2026-03-10T13:00:00Z\n", "\(next)")
        let status = await box.weft(arguments: ["status", "--json"] + Fixed.clock)
        #expect(status.stdout.contains("before the first onset") && status.stdout.contains("Zone/7"), "\(status)")
        #expect(status.stdout.contains("more than 1000 VTIMEZONEs; the other 7000 are ignored"), "\(status)")
    }

    /// One SUMMARY line of 16 MB: libical's reader searched the rest of the line per 80 bytes it took.
    @Test func aSixteenMegabyteLineIsReadInLinearTime() async throws {
        let box = try Sandbox()
        let title = String(repeating: "x", count: 16 << 20)
        try box.write("long.ics", Self.header + Self.event("long", "DESCRIPTION:\(title)\r\n") + "END:VCALENDAR\r\n")
        try Self.calendarProvider(box, "long.ics")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock, timeout: .seconds(60))
        #expect(!refresh.killedByHarness && refresh.exitCode == 0, "\(refresh)")
        #expect(await box.weft(arguments: ["get", "__calendar_next_title"] + Fixed.clock).stdout == "long\n")
    }

    /// A long line is folded before libical and unfolded by it: its text arrives whole, every character intact.
    @Test func aLongLineKeepsItsTextExactly() async throws {
        let box = try Sandbox()
        let title = String(String(repeating: "ab é 漢字 ", count: 1_500).prefix(9_000)) + "end"
        try box.write(
            "title.ics",
            Self.header + "BEGIN:VEVENT\r\nUID:t\r\nDTSTAMP:20260301T000000Z\r\nDTSTART:20260310T120000Z\r\n"
                + "SUMMARY:\(title)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        try Self.calendarProvider(box, "title.ics")
        #expect(await box.weft(arguments: ["refresh"] + Fixed.clock).exitCode == 0)
        let got = await box.weft(arguments: ["get", "__calendar_next_title", "--max-output", "100000"] + Fixed.clock)
        #expect(got.stdout == title + "\n", "\(got.stdout.count) characters")
    }

    /// 65,600 unparseable EXDATEs in one event: libical walked the event's properties to remove each, and every one
    /// became a stored warning of its own (megabytes in `weft status --json`).
    @Test func manyBadEXDATEsTakeLinearTimeAndCollapseIntoACount() async throws {
        let box = try Sandbox()
        var lines = ""
        for index in 0..<65_600 { lines += "EXDATE:not-a-date-\(index)\r\n" }
        try box.write(
            "exdates.ics",
            Self.header + Self.event("many", "RRULE:FREQ=DAILY\r\n" + lines) + Self.event("few", "EXDATE:bad\r\n")
                + "END:VCALENDAR\r\n")
        try Self.calendarProvider(box, "exdates.ics")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock, timeout: .seconds(60))
        #expect(!refresh.killedByHarness && refresh.exitCode == 0, "\(refresh)")
        #expect(refresh.stderr.contains("more than 1000 properties"), "\(refresh)")
        let status = await box.weft(arguments: ["status", "--json"] + Fixed.clock)
        #expect(status.stdout.utf8.count < 4_000, "\(status.stdout.utf8.count) bytes")
        #expect(status.stdout.contains("more: libical could not parse EXDATE and dropped it"), "\(status)")
        // The summary still counts every warning the collapsed line stands for.
        let text = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(text.stdout.contains("libical could not parse EXDATE"), "\(text)")
        #expect(await box.weft(arguments: ["get", "__calendar_next_title"] + Fixed.clock).stdout == "few\n")
    }

    /// A provider's error of 300,000 characters (here a key name in its file): stored whole, it was printed by
    /// `weft status`, was `__<prefix>error`, and rode on every status line past `--max-output`.
    @Test func anErrorIsCappedWhereItIsStoredAndEveryStatusLineFieldIsCapped() async throws {
        let box = try Sandbox()
        try box.write("title.ics", Self.header + Self.event("t") + "END:VCALENDAR\r\n")
        try box.provider(
            "work",
            "type = \"calendar\"\nsources = [{ name = \"Work\", path = \"\(box.path("title.ics"))\" }]\n"
                + String(repeating: "k", count: 300_000) + " = 1\n")
        _ = await box.weft(arguments: ["refresh"] + Fixed.clock, timeout: .seconds(60))
        let error = await box.weft(arguments: ["get", "__calendar_error"] + Fixed.clock)
        #expect(error.stdout.contains("unknown key"), "\(error.stdout.prefix(300))")
        #expect(error.stdout.utf8.count < 3_000 && error.stdout.contains("characters cut"), "\(error.stdout.utf8.count)")
        let status = await box.weft(arguments: ["status"] + Fixed.clock)
        #expect(status.stdout.utf8.count < 3_000, "\(status.stdout.utf8.count) bytes")
        for format in ["waybar", "json", "i3bar"] {
            let line = await box.weft(
                arguments: ["resolve", "--format", format, "--max-output", "500", "{{__calendar_error|x}}"]
                    + Fixed.clock)
            #expect(line.exitCode == 0, "\(line)")
            #expect(line.stdout.utf8.count < 1_200, "\(format): \(line.stdout.utf8.count) bytes")
        }
        let tooltip = await box.weft(
            arguments: ["resolve", "--format", "waybar", "--max-output", "300", "--tooltip", "{{__calendar_error}}", "ok"]
                + Fixed.clock)
        #expect(tooltip.stdout.utf8.count < 800, "\(tooltip.stdout.utf8.count) bytes")
        let serve = try await ServeTests.Server(box, Fixed.clock)
        let page = await serve.request("/")
        #expect(page.status == 200 && page.body.contains("unknown key"), "\(page.status)")
        #expect(page.body.utf8.count < 100_000, "the dashboard: \(page.body.utf8.count) bytes")
    }

    /// A click line of 8 MB without a newline: the bar searched its whole buffer again on every 4 KB read.
    @Test func anOverlongClickLineIsDroppedAndTheBarKeepsGoing() async throws {
        let box = try Sandbox()
        try box.write(
            "bar.toml",
            """
            [[block]]
            name = "water"
            template = "water {{water|0}}/8"
            on_click = ["weft", "var", "incr", "water"]
            """)
        let client = FixtureFiles.path("bar", "i3bar-long-click.py")
        let run = await WeftProcess.run(
            ["python3", client, WeftProcess.binary, box.path("bar.toml"), String(8 << 20)] + box.locations,
            timeout: .seconds(60))
        #expect(!run.killedByHarness && run.exitCode == 0, "\(run)")
        #expect(run.stdout.hasPrefix("ok\n") && run.stdout.contains("dropped a click line longer than"), "\(run)")
        #expect(await box.weft("get", "water").stdout == "1\n")
    }
}
