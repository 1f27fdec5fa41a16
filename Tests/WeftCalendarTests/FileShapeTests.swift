import Foundation
import Testing

@testable import WeftCalendar

/// How real producers write calendar files, beyond RFC 5545 (issue 21), on the library itself.
@Suite struct FileShapeTests {
    @Test(
        "the VCALENDAR is cut out of blanks, a BOM and trailing garbage",
        arguments: [
            ("\u{FEFF}\r\n\n  BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n<html>", "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"),
            ("\n\nBEGIN:VCALENDAR\nEND:VCALENDAR\n\n", "BEGIN:VCALENDAR\nEND:VCALENDAR\n\n"),
            ("BEGIN:VCALENDAR\nend:vcalendar\nthanks\n", "BEGIN:VCALENDAR\nend:vcalendar\n"),
            // END:VCALENDAR inside a value is not the end (a folded line starts with a space).
            (
                "BEGIN:VCALENDAR\nX-NOTE:see END:VCALENDAR\nEND:VCALENDAR\nfooter",
                "BEGIN:VCALENDAR\nX-NOTE:see END:VCALENDAR\nEND:VCALENDAR\n"
            ),
            ("BEGIN:VCALENDAR\nBEGIN:VEVENT", "BEGIN:VCALENDAR\nBEGIN:VEVENT"),
            ("  \n", ""),
        ])
    func envelope(text: String, expected: String) {
        #expect(ICalDocument.envelope(text) == expected)
    }

    @Test("a globally unique TZID is read as the IANA zone it ends in, with a warning naming both")
    func globallyUniqueTZID() throws {
        let text = ICS.calendar(
            ICS.event(
                "UID:g", "SUMMARY:Remote",
                "DTSTART;TZID=/softwarestudio.org/Olson_20011030_5/America/Argentina/Buenos_Aires:20250115T100000",
                "DTEND;TZID=/softwarestudio.org/Olson_20011030_5/America/Argentina/Buenos_Aires:20250115T110000"))
        let calendar = try ICS.parse(text, zone: "Asia/Tokyo")
        let found = calendar.occurrences(overlapping: When.utc(2025, 1, 1), When.utc(2025, 2, 1))
        #expect(found.map(\.start) == [When.utc(2025, 1, 15, 13)])
        #expect(calendar.warnings.map(\.kind) == [.mappedTimeZone])
        #expect(calendar.warnings.first?.message.contains("read as America/Argentina/Buenos_Aires") == true)
    }

    @Test("a globally unique TZID that ends in no known zone is the configured zone, with a warning")
    func globallyUniqueUnknownTZID() throws {
        let text = ICS.calendar(
            ICS.event("UID:u", "SUMMARY:Nowhere", "DTSTART;TZID=/example.org/Nowhere/Land:20250115T100000"))
        let calendar = try ICS.parse(text, zone: "Europe/Berlin")
        let found = calendar.occurrences(overlapping: When.utc(2025, 1, 1), When.utc(2025, 2, 1))
        #expect(found.map(\.start) == [When.utc(2025, 1, 15, 9)])
        #expect(calendar.warnings.map(\.kind) == [.unknownTimeZone])
    }

    @Test("a DATE RECURRENCE-ID of a timed series replaces the instance on that date")
    func dateRecurrenceIDOfTimedSeries() throws {
        let text = ICS.calendar(
            ICS.event(
                "UID:d", "SUMMARY:Daily", "DTSTART;TZID=Europe/Berlin:20250113T090000",
                "DTEND;TZID=Europe/Berlin:20250113T093000", "RRULE:FREQ=DAILY;COUNT=3")
                + ICS.event(
                    "UID:d", "SUMMARY:Daily (moved)", "RECURRENCE-ID;VALUE=DATE:20250114",
                    "DTSTART;TZID=Europe/Berlin:20250114T150000", "DTEND;TZID=Europe/Berlin:20250114T153000"))
        let calendar = try ICS.parse(text, zone: "America/New_York")
        let found = calendar.occurrences(overlapping: When.utc(2025, 1, 1), When.utc(2025, 2, 1))
        #expect(found.map(\.title) == ["Daily", "Daily (moved)", "Daily"])
        #expect(found.map(\.start)[1] == When.utc(2025, 1, 14, 14))
    }

    @Test("a DATE-TIME EXDATE at midnight UTC of an all-day series in a Google feed removes that day")
    func dateTimeExdateOfAllDaySeries() throws {
        let text = ICS.calendar(
            ICS.event(
                "UID:x", "SUMMARY:Holiday", "DTSTART;VALUE=DATE:20250101", "RRULE:FREQ=YEARLY;COUNT=3",
                "EXDATE:20260101T000000Z"),
            extraHeader: "X-WR-TIMEZONE:America/Los_Angeles\r\n")
        let calendar = try ICS.parse(text, zone: "Europe/Berlin")
        let found = calendar.occurrences(overlapping: When.utc(2024, 12, 1), When.utc(2028, 2, 1))
        #expect(found.count == 2)
    }

    @Test("a floating DTEND of a UTC DTSTART is UTC")
    func floatingEndOfUTCStart() throws {
        let text = ICS.calendar(
            ICS.event("UID:f", "SUMMARY:Call", "DTSTART:20250115T100000Z", "DTEND:20250115T110000"))
        for zone in ["Europe/Berlin", "America/New_York"] {
            let calendar = try ICS.parse(text, zone: zone)
            let found = calendar.occurrences(overlapping: When.utc(2025, 1, 1), When.utc(2025, 2, 1))
            #expect(found.map(\.end) == [When.utc(2025, 1, 15, 11)], "\(zone)")
            #expect(calendar.warnings.isEmpty)
        }
    }

    @Test("X-WR-TIMEZONE is read whatever its parameters")
    func calendarZoneWithParameters() throws {
        let text = ICS.calendar(
            ICS.event("UID:w", "SUMMARY:Standup", "DTSTART:20250115T090000"),
            extraHeader: "X-WR-TIMEZONE;VALUE=TEXT;X-EXTRA=1:Europe/Lisbon\r\n")
        let calendar = try ICS.parse(text, zone: "Asia/Tokyo")
        let found = calendar.occurrences(overlapping: When.utc(2025, 1, 1), When.utc(2025, 2, 1))
        #expect(found.map(\.start) == [When.utc(2025, 1, 15, 9)])
    }
}
