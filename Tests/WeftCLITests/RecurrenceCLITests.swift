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
}
