import Foundation
import Testing

@testable import WeftCalendar

/// Large calendars are parsed in parts on several cores; the parts must give exactly what the whole gives.
///
/// The thresholds are lowered so that small calendars take the same paths (and the tests stay light).
@Suite struct CalendarSplitterTests {
    static let tuning = ICalendar.Tuning(splitAbove: 8_192, seriesPerPart: 40)

    static let berlin = """
        BEGIN:VTIMEZONE\r
        TZID:Europe/Berlin\r
        BEGIN:DAYLIGHT\r
        TZOFFSETFROM:+0100\r
        TZOFFSETTO:+0200\r
        DTSTART:19700329T020000\r
        RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\r
        END:DAYLIGHT\r
        BEGIN:STANDARD\r
        TZOFFSETFROM:+0200\r
        TZOFFSETTO:+0100\r
        DTSTART:19701025T030000\r
        RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\r
        END:STANDARD\r
        END:VTIMEZONE\r

        """

    /// About 300 VEVENTs: series whose overrides sit far from their master, SEQUENCE ties between duplicate masters,
    /// floating and all-day events under X-WR-TIMEZONE, an unknown TZID.
    static func events() -> [String] {
        var events: [String] = []
        for index in 0..<100 {
            let day = String(format: "%02d", index % 28 + 1)
            let month = String(format: "%02d", index % 12 + 1)
            events.append(
                ICS.event(
                    "UID:series-\(index)", "SUMMARY:Series \(index)",
                    "DTSTART;TZID=Europe/Berlin:2026\(month)\(day)T0930\(String(format: "%02d", index % 60))",
                    "DURATION:PT45M", index % 3 == 0 ? "RRULE:FREQ=WEEKLY;COUNT=20" : "RRULE:FREQ=DAILY;INTERVAL=3",
                    // The weekly ones get overrides below; the others lose their first instance.
                    index % 3 == 0
                        ? "CATEGORIES:weekly"
                        : "EXDATE;TZID=Europe/Berlin:2026\(month)\(day)T0930\(String(format: "%02d", index % 60))"))
            events.append(
                ICS.event(
                    "UID:single-\(index)", "SUMMARY:Single \(index)", "DTSTART:2026\(month)\(day)T1\(index % 10)0000",
                    "DTEND:2026\(month)\(day)T1\(index % 10)3000",
                    index % 7 == 0 ? "STATUS:CANCELLED" : "LOCATION:Room \(index)"))
            events.append(
                ICS.event("UID:day-\(index)", "SUMMARY:Day \(index)", "DTSTART;VALUE=DATE:2026\(month)\(day)"))
        }
        // Overrides and a competing master at the far end of the file, away from the masters they belong to.
        for index in stride(from: 0, to: 100, by: 4) {
            let day = String(format: "%02d", index % 28 + 1)
            let month = String(format: "%02d", index % 12 + 1)
            let seconds = String(format: "%02d", index % 60)
            if index % 3 == 0 {
                events.append(
                    ICS.event(
                        "UID:series-\(index)", "SUMMARY:Moved \(index)",
                        "RECURRENCE-ID;TZID=Europe/Berlin:2026\(month)\(day)T0930\(seconds)",
                        "DTSTART;TZID=Europe/Berlin:2026\(month)\(day)T1530\(seconds)", "DURATION:PT1H"))
            }
        }
        // A second master with the same UID and SEQUENCE: the first in the file wins, wherever the parts are cut.
        for index in stride(from: 1, to: 100, by: 10) {
            events.append(
                ICS.event(
                    "UID:series-\(index)", "SUMMARY:Duplicate \(index)", "DTSTART;TZID=Europe/Berlin:20260601T080000",
                    "RRULE:FREQ=DAILY"))
        }
        events.append(ICS.event("UID:lost", "SUMMARY:Lost zone", "DTSTART;TZID=Mars/Olympus:20260310T090000"))
        return events
    }

    private func calendar(_ text: String) throws -> ICalendar {
        try ICalendar.parse(
            sources: [(text, "big.ics")], calendarName: "Big",
            options: CalendarOptions(timeZone: try #require(TimeZone(identifier: "America/New_York"))),
            tuning: Self.tuning)
    }

    @Test("a large calendar parsed in parts gives the same occurrences and warnings as parsed whole")
    func partsEqualWhole() throws {
        let body = Self.events().joined()
        let header = "X-WR-TIMEZONE:Europe/Berlin\r\n"
        let splittable = ICS.calendar(body, extraHeader: header + Self.berlin)
        // A VTIMEZONE after the events is just as valid, but is not cut: this one is parsed whole.
        let whole = ICS.calendar(body + Self.berlin, extraHeader: header)
        #expect(CalendarSplitter.split(splittable, parts: 3, minimumSize: Self.tuning.splitAbove).count == 3)
        #expect(CalendarSplitter.split(whole, parts: 3, minimumSize: Self.tuning.splitAbove).count == 1)
        #expect(CalendarSplitter.split(splittable, parts: 3).count == 1, "small for the real threshold")

        let parts = try calendar(splittable)
        let reference = try calendar(whole)
        let from = When.utc(2026, 1, 1)
        let to = When.utc(2027, 6, 1)
        let found = parts.occurrences(overlapping: from, to)
        #expect(found.count > 1_000)
        #expect(found == reference.occurrences(overlapping: from, to))
        #expect(found.contains { $0.title.hasPrefix("Moved") })
        #expect(!found.contains { $0.title.hasPrefix("Duplicate") })
        #expect(parts.warnings == reference.warnings)
        #expect(parts.warnings.filter { $0.kind == .unknownTimeZone }.count == 1)
        #expect(parts.nextTwo(now: When.utc(2026, 6, 15, 12)) == reference.nextTwo(now: When.utc(2026, 6, 15, 12)))
    }

    @Test("expanding the series of a large calendar on several threads gives what one thread gives")
    func parallelExpansion() throws {
        let calendar = try calendar(ICS.calendar(Self.events().joined(), extraHeader: Self.berlin))
        #expect(calendar.series.count >= calendar.seriesPerPart * 2)
        let from = When.utc(2026, 2, 1)
        let to = When.utc(2026, 9, 1)
        var sequential: [CalendarOccurrence] = []
        var warnings: [CalendarWarning] = []
        for series in calendar.series {
            calendar.expander.occurrences(
                of: series, windowStart: Int64(from.timeIntervalSince1970), windowEnd: Int64(to.timeIntervalSince1970),
                into: &sequential, warnings: &warnings)
        }
        let expected = sequential.filter { $0.overlaps(from, to) }.sorted(by: CalendarOccurrence.precedes)
        #expect(calendar.occurrences(overlapping: from, to) == expected)
        #expect(expected.count > 500)
    }

    @Test("the parts repeat the header and split only between whole VEVENTs")
    func partsAreWholeCalendars() {
        let text = ICS.calendar(Self.events().joined(), extraHeader: "X-WR-CALNAME:Big\r\n" + Self.berlin)
        let parts = CalendarSplitter.split(text, parts: 4, minimumSize: Self.tuning.splitAbove)
        #expect(parts.count == 4)
        for part in parts {
            #expect(part.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
            #expect(part.contains("X-WR-CALNAME:Big\r\n" + Self.berlin + "BEGIN:VEVENT\r\n"))
            #expect(part.hasSuffix("END:VEVENT\r\nEND:VCALENDAR\r\n"))
        }
        let counted = parts.map { $0.components(separatedBy: "BEGIN:VEVENT").count - 1 }.reduce(0, +)
        #expect(counted == Self.events().count)
    }

    @Test("anything not plainly laid out is left whole")
    func declines() {
        let events = Self.events().joined()
        let big = ICS.calendar(events)
        #expect(CalendarSplitter.split(big, parts: 2, minimumSize: Self.tuning.splitAbove).count == 2)
        #expect(CalendarSplitter.split(big, parts: 1, minimumSize: Self.tuning.splitAbove).count == 1)
        #expect(
            CalendarSplitter.split(
                ICS.calendar(ICS.event("UID:a", "DTSTART:20260310T090000Z")), parts: 2,
                minimumSize: Self.tuning.splitAbove
            ).count == 1)
        // Truncated before END:VCALENDAR: libical decides what that means, on the whole text.
        #expect(
            CalendarSplitter.split(String(big.dropLast(40)), parts: 2, minimumSize: Self.tuning.splitAbove).count == 1)
        #expect(
            CalendarSplitter.split(big + big, parts: 2, minimumSize: Self.tuning.splitAbove).count == 1,
            "two VCALENDARs")
        #expect(
            CalendarSplitter.split(big + "BEGIN:VEVENT\r\n", parts: 2, minimumSize: Self.tuning.splitAbove).count == 1,
            "something after the end")
        #expect(
            CalendarSplitter.split(big + "\r\n\r\n", parts: 2, minimumSize: Self.tuning.splitAbove).count == 2,
            "blank lines after the end are fine")
    }
}
