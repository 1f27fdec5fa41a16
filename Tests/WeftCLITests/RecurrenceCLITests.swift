import Foundation
import Testing
import WeftTestSupport

/// The recurrence engine through the binary: hostile rules in a subscribed calendar (issue 20), and rules RFC 5545
/// forbids, which are expanded with a warning that reaches `weft calendar list` and `__calendar_error`.
@Suite("recurrence rules")
struct RecurrenceCLITests {
    static func calendar(_ events: [(uid: String, lines: [String])]) -> String {
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//weft tests//EN\r\n"
        for event in events {
            text += "BEGIN:VEVENT\r\nUID:\(event.uid)\r\nDTSTAMP:20260301T000000Z\r\n"
            text += event.lines.map { $0 + "\r\n" }.joined() + "END:VEVENT\r\n"
        }
        return text + "END:VCALENDAR\r\n"
    }

    /// COUNT=2147483647 with INTERVAL=32767 crashed the refresh with SIGILL (an unchecked conversion), every run.
    static let hostile = calendar(
        ["DAILY", "WEEKLY", "MONTHLY", "YEARLY", "HOURLY", "MINUTELY", "SECONDLY"].map { frequency in
            (
                "huge-\(frequency.lowercased())@weft",
                [
                    "DTSTART:20260101T080000Z", "DURATION:PT10M", "SUMMARY:Huge \(frequency)",
                    "RRULE:FREQ=\(frequency);COUNT=2147483647;INTERVAL=32767",
                ]
            )
        } + [
            (
                "standup@weft",
                [
                    "DTSTART;TZID=Europe/Berlin:20260302T110000", "DURATION:PT15M", "SUMMARY:Stand-up",
                    "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR",
                ]
            ),
            ("slow@weft", ["DTSTART:20000104T090000Z", "SUMMARY:Slow", "RRULE:FREQ=MINUTELY;BYDAY=1TU,-1TH"]),
        ])

    @Test func hugeCountAndIntervalInASubscribedCalendarDoNotCrash() async throws {
        let server = try TestHTTPServer(routes: ["/team.ics": { _ in .text(Self.hostile) }])
        let box = try Sandbox()
        try box.provider(
            "team",
            "type = \"calendar\"\ntimezone = \"Europe/Berlin\"\n"
                + "sources = [{ name = \"Team\", url = \"http://127.0.0.1:\(server.port)/team.ics\" }]\n")
        let refresh = await box.weft(arguments: ["refresh"] + Fixed.clock)
        #expect(refresh.exitCode == 0, "\(refresh)")
        // Reading the snapshot works (a crash here took every later read down).
        let next = await box.weft(arguments: ["get", "__calendar_next_title"] + Fixed.clock)
        #expect(next.exitCode == 0 && !next.stdout.isEmpty, "\(next)")
        let warnings = await box.warnings("team", Fixed.clock)
        #expect(warnings.contains("slow@weft") && warnings.contains("RFC 5545 forbids"), "\(warnings)")
        let listed = await WeftProcess.weft(
            [
                "calendar", "list", "http://127.0.0.1:\(server.port)/team.ics", "--from", "2026-03-10T00:00:00Z",
                "--to", "2026-03-11T00:00:00Z", "--tz", "Europe/Berlin", "--json",
            ])
        #expect(listed.exitCode == 0, "\(listed)")
        let titles = try #require(
            JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]], "\(listed)"
        ).compactMap { $0["title"] as? String }
        // A huge DAILY to YEARLY rule's second instance is 32,767 days (or more) after 2026-01-01: none on March 10.
        let longPeriods = Set(["Huge DAILY", "Huge WEEKLY", "Huge MONTHLY", "Huge YEARLY"])
        #expect(titles.filter { longPeriods.contains($0) }.isEmpty, "\(titles)")
        #expect(titles.contains("Stand-up"), "\(titles)")
    }

    @Test func forbiddenRulesAreExpandedWithAWarning() async throws {
        let box = try Sandbox()
        try box.write(
            "odd.ics",
            Self.calendar([
                // BYWEEKNO is for YEARLY only: in a MONTHLY rule it picks the days of week 11 (March 9–15, 2026)
                // in each month, as in a YEARLY one.
                ("weekno@weft", ["DTSTART:20260110T090000Z", "SUMMARY:Week 11", "RRULE:FREQ=MONTHLY;BYWEEKNO=11"])
            ]))
        let result = await WeftProcess.weft(
            [
                "calendar", "list", box.path("odd.ics"), "--from", "2026-02-01T00:00:00Z", "--to",
                "2027-01-01T00:00:00Z", "--tz", "UTC", "--json",
            ])
        #expect(result.exitCode == 0, "\(result)")
        #expect(
            result.stderr.contains("weekno@weft") && result.stderr.contains("BYWEEKNO with FREQ=MONTHLY")
                && result.stderr.contains("RFC 5545 forbids"), "\(result)")
        let starts = try #require(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result)"
        ).compactMap { $0["start"] as? String }
        #expect(starts == (9...15).map { String(format: "2026-03-%02dT09:00:00Z", $0) }, "\(result)")
    }

    /// The starts `weft calendar list FILE --json` prints for a window, in UTC.
    static func starts(_ file: String, from: String, to: String) async throws -> (starts: [String], stderr: String) {
        let result = await WeftProcess.weft(
            ["calendar", "list", file, "--from", from, "--to", to, "--tz", "UTC", "--json"])
        #expect(result.exitCode == 0, "\(result)")
        let starts = try #require(
            JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(result)"
        ).compactMap { $0["start"] as? String }
        return (starts, result.stderr)
    }

    /// Issue 29: libical's rule struct holds INTERVAL in 16 bits, so INTERVAL=90061 stepped 24,525 s (90,061 − 65,536).
    /// The case is python-dateutil's; its instants, from `rrulestr("FREQ=SECONDLY;COUNT=3;INTERVAL=90061",
    /// dtstart=datetime(2026, 3, 10, 8))`, are DTSTART plus 0, 1 and 2 × (1 day 1 h 1 min 1 s).
    @Test func intervalAboveSixteenBitsStepsInFull() async throws {
        let box = try Sandbox()
        try box.write(
            "wide.ics",
            Self.calendar([
                (
                    "wide@weft",
                    [
                        "DTSTART:20260310T080000Z", "DURATION:PT10M", "SUMMARY:Wide",
                        "RRULE:FREQ=SECONDLY;COUNT=3;INTERVAL=90061",
                    ]
                ),
                // The same rule folded over two lines (RFC 5545 §3.1) is read as one.
                (
                    "folded@weft",
                    [
                        "DTSTART:20260310T081000Z", "DURATION:PT10M", "SUMMARY:Folded",
                        "RRULE:FREQ=SECONDLY;COUNT=3;INTER\r\n VAL=90061",
                    ]
                ),
            ]))
        let listed = try await Self.starts(
            box.path("wide.ics"), from: "2026-03-10T00:00:00Z", to: "2026-03-14T00:00:00Z")
        #expect(
            listed.starts == [
                "2026-03-10T08:00:00Z", "2026-03-10T08:10:00Z", "2026-03-11T09:01:01Z", "2026-03-11T09:11:01Z",
                "2026-03-12T10:02:02Z", "2026-03-12T10:12:02Z",
            ], "\(listed)")
        #expect(listed.stderr.isEmpty, "\(listed)")
        let next = await WeftProcess.weft(
            ["calendar", "next", box.path("wide.ics"), "--now", "2026-03-10T08:30:00Z", "--tz", "UTC", "--json"])
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(next.stdout.utf8)) as? [String: Any], "\(next)")
        #expect((object["next"] as? [String: Any])?["start"] as? String == "2026-03-11T09:01:01Z", "\(next)")
        #expect((object["then"] as? [String: Any])?["start"] as? String == "2026-03-11T09:11:01Z", "\(next)")
    }

    /// INTERVAL and COUNT are read up to 2³¹−1 and a rule that long still ends within its window; one above is
    /// refused with a warning naming the file's line. (dateutil: the second instance of
    /// `FREQ=SECONDLY;INTERVAL=2147483647` from 2026-01-01 is 2094-01-19T03:14:07.)
    @Test func countAndIntervalAtThirtyOneBits() async throws {
        let box = try Sandbox()
        try box.write(
            "big.ics",
            Self.calendar([
                (
                    "hourly@weft",
                    [
                        "DTSTART:20260101T000000Z", "DURATION:PT5M", "SUMMARY:Hourly",
                        "RRULE:FREQ=HOURLY;COUNT=2147483646",
                    ]
                ),
                (
                    "widest@weft",
                    [
                        "DTSTART:20260101T000000Z", "DURATION:PT5M", "SUMMARY:Widest",
                        "RRULE:FREQ=SECONDLY;COUNT=2147483647;INTERVAL=2147483647",
                    ]
                ),
                (
                    "beyond@weft",
                    [
                        "DTSTART:20260101T000000Z", "DURATION:PT5M", "SUMMARY:Beyond",
                        "RRULE:FREQ=DAILY;INTERVAL=2147483648",
                    ]
                ),
            ]))
        let hours = try await Self.starts(box.path("big.ics"), from: "2030-01-01T00:00:00Z", to: "2030-01-01T03:30:00Z")
        #expect(
            hours.starts == [
                "2030-01-01T00:00:00Z", "2030-01-01T01:00:00Z", "2030-01-01T02:00:00Z", "2030-01-01T03:00:00Z",
            ],
            "\(hours)")
        // Between two of Hourly's five-minute instances.
        let far = try await Self.starts(box.path("big.ics"), from: "2094-01-19T03:06:00Z", to: "2094-01-19T03:30:00Z")
        #expect(far.starts == ["2094-01-19T03:14:07Z"], "\(far)")
        // The beyond@weft RRULE is on line 26: 3 calendar lines, 8 for each event before it, and the seventh of its own.
        #expect(
            far.stderr.contains("big.ics:26: event beyond@weft")
                && far.stderr.contains("INTERVAL value 2147483648 is outside 1…2147483647"), "\(far)")
    }
}
