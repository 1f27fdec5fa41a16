import Foundation
import Testing

@testable import WeftCalendar

@Suite struct TimeZoneTests {
    @Test(
        "Windows zone names from Outlook resolve through the CLDR table",
        arguments: [
            ("W. Europe Standard Time", When.utc(2025, 1, 15, 9)),  // CET
            ("GMT Standard Time", When.utc(2025, 7, 15, 9)),  // BST in July
            ("Eastern Standard Time", When.utc(2025, 1, 15, 15)),
            ("Tokyo Standard Time", When.utc(2025, 1, 15, 1)),
            ("AUS Eastern Standard Time", When.utc(2024, 12, 31, 23)),  // AEDT: 10:00 on Jan 1 is 23:00Z
        ])
    func windowsZoneNames(name: String, expectedStart: Date) throws {
        let day =
            name == "GMT Standard Time" ? "20250715" : name == "AUS Eastern Standard Time" ? "20250101" : "20250115"
        let text = ICS.calendar(
            ICS.event(
                "UID:win", "SUMMARY:Outlook", "DTSTART;TZID=\(name):\(day)T100000", "DTEND;TZID=\(name):\(day)T110000"))
        // The configured zone is deliberately far away: it must not be used for a zoned time.
        let calendar = try ICS.parse(text, zone: "Pacific/Honolulu")
        let found = calendar.occurrences(overlapping: When.utc(2024, 12, 1), When.utc(2025, 8, 1))
        #expect(found.map(\.start) == [expectedStart])
        #expect(found.first?.end == expectedStart.addingTimeInterval(3600))
        #expect(calendar.warnings.isEmpty)
    }

    @Test("the CLDR table is complete enough: every territory-001 name maps to a zone libical knows")
    func windowsTableCoverage() {
        #expect(WindowsZones.ianaByWindowsName.count >= 139)
        for (windows, iana) in WindowsZones.ianaByWindowsName {
            #expect(ZoneResolver.systemZone(named: windows) != nil, "\(windows) → \(iana)")
        }
    }

    @Test("an unknown TZID is a warning naming the event and is read as local time, not UTC")
    func unknownTimeZone() throws {
        let text = ICS.calendar(
            ICS.event(
                "UID:mars-1", "SUMMARY:Landing", "DTSTART;TZID=Mars/Olympus_Mons:20250310T100000",
                "DTEND;TZID=Mars/Olympus_Mons:20250310T110000"))
        let calendar = try ICS.parse(text, zone: "Europe/Berlin", file: "mars.ics")
        let found = calendar.occurrences(overlapping: When.utc(2025, 3, 1), When.utc(2025, 4, 1))
        // 10:00 in the configured zone (Berlin, CET) is 09:00Z; read as UTC it would wrongly be 10:00Z.
        #expect(found.map(\.start) == [When.date("Europe/Berlin", 2025, 3, 10, 10)])
        let warning = try #require(calendar.warnings.first { $0.kind == .unknownTimeZone })
        #expect(warning.uid == "mars-1")
        #expect(warning.file == "mars.ics")
        #expect(warning.description.contains("Mars/Olympus_Mons"))
        #expect(warning.description.contains("mars-1"))
        #expect(calendar.warnings.count == 1)
    }

    @Test("TZIDs are matched case-insensitively against the system zones (Google's Europe/lisbon)")
    func caseInsensitiveTZID() throws {
        let text = ICS.calendar(
            ICS.event(
                "UID:lx", "DTSTART;TZID=europe/LISBON:20250710T100000", "DTEND;TZID=europe/LISBON:20250710T110000"))
        let calendar = try ICS.parse(text, zone: "UTC")
        #expect(
            calendar.occurrences(overlapping: When.utc(2025, 7, 1), When.utc(2025, 8, 1)).map(\.start) == [
                When.utc(2025, 7, 10, 9)
            ])
        #expect(calendar.warnings.isEmpty)
    }

    @Test("an embedded VTIMEZONE wins over the system zone of the same name")
    func embeddedZoneWins() throws {
        // A deliberately wrong zone named Europe/Berlin with a fixed +05:00 offset.
        let vtimezone =
            "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nBEGIN:STANDARD\r\nDTSTART:19700101T000000\r\n"
            + "TZOFFSETFROM:+0500\r\nTZOFFSETTO:+0500\r\nEND:STANDARD\r\nEND:VTIMEZONE\r\n"
        let text = ICS.calendar(
            vtimezone + ICS.event("UID:odd", "DTSTART;TZID=Europe/Berlin:20250710T100000"))
        let calendar = try ICS.parse(text, zone: "UTC")
        #expect(
            calendar.occurrences(overlapping: When.utc(2025, 7, 1), When.utc(2025, 8, 1)).map(\.start) == [
                When.utc(2025, 7, 10, 5)
            ])
    }

    @Test(
        "all-day events are the local day in the configured zone, never UTC midnight",
        arguments: ["Pacific/Auckland", "America/Los_Angeles", "Europe/Berlin", "UTC"])
    func allDayIsLocalDay(zone: String) throws {
        let text = ICS.calendar(
            ICS.event("UID:day", "SUMMARY:Holiday", "DTSTART;VALUE=DATE:20250310", "DTEND;VALUE=DATE:20250311"))
        let calendar = try ICS.parse(text, zone: zone)
        let midnight = When.date(zone, 2025, 3, 10)
        let nextMidnight = When.date(zone, 2025, 3, 11)
        let sameDay = calendar.occurrences(overlapping: midnight, nextMidnight)
        #expect(sameDay.count == 1)
        #expect(sameDay.first?.start == midnight)
        #expect(sameDay.first?.end == nextMidnight)
        #expect(sameDay.first?.allDay == true)
        // Neither the local day before nor the one after sees it (no UTC spill, no end-day repeat).
        #expect(calendar.occurrences(overlapping: When.date(zone, 2025, 3, 9), midnight).isEmpty)
        #expect(calendar.occurrences(overlapping: nextMidnight, When.date(zone, 2025, 3, 12)).isEmpty)
        // Ten minutes before local midnight the day has not begun, wherever UTC is.
        let picked = NextUp.pick(sameDay, now: midnight.addingTimeInterval(-600))
        #expect(picked.next?.start == midnight)
    }

    @Test("a recurring all-day event crossing a DST change stays on local midnights (Auckland, April)")
    func allDaySeriesAcrossDST() throws {
        let text = ICS.calendar(
            ICS.event("UID:daily", "DTSTART;VALUE=DATE:20250404", "RRULE:FREQ=DAILY;COUNT=4"))
        let zone = "Pacific/Auckland"  // NZDT ends on 2025-04-06
        let calendar = try ICS.parse(text, zone: zone)
        let found = calendar.occurrences(overlapping: When.date(zone, 2025, 4, 1), When.date(zone, 2025, 4, 30))
        #expect(found.map(\.start) == (4...7).map { When.date(zone, 2025, 4, $0) })
        #expect(found.map(\.end) == (5...8).map { When.date(zone, 2025, 4, $0) })
        // The day of the change is 25 hours long.
        #expect(found[2].end.timeIntervalSince(found[2].start) == 25 * 3600)
    }

    @Test("floating times are local in the configured zone; DST gaps and overlaps follow RFC 5545")
    func floatingTimes() throws {
        let text = ICS.calendar(
            ICS.event("UID:f1", "DTSTART:20250310T100000", "DTEND:20250310T110000")
                + ICS.event("UID:gap", "DTSTART:20190331T023000")  // does not exist in Berlin
                + ICS.event("UID:twice", "DTSTART:20191027T023000"))  // exists twice in Berlin
        let calendar = try ICS.parse(text, zone: "Europe/Berlin")
        let found = calendar.occurrences(overlapping: When.utc(2019, 1, 1), When.utc(2026, 1, 1))
        let byUID = Dictionary(uniqueKeysWithValues: found.map { ($0.uid, $0.start) })
        #expect(byUID["f1"] == When.utc(2025, 3, 10, 9))
        #expect(byUID["gap"] == When.utc(2019, 3, 31, 1, 30))  // read with the offset before the gap
        #expect(byUID["twice"] == When.utc(2019, 10, 27, 0, 30))  // the first of the two
    }

    @Test("X-WR-TIMEZONE moves UTC series into that zone so they keep wall-clock time across DST (Google)")
    func xWRTimezoneKeepsWallClock() throws {
        let text = ICS.calendar(
            ICS.event("UID:g", "DTSTART:20250301T170000Z", "DTEND:20250301T180000Z", "RRULE:FREQ=WEEKLY;COUNT=6"),
            extraHeader: "X-WR-TIMEZONE:America/New_York\r\n")
        let calendar = try ICS.parse(text, zone: "UTC")
        let found = calendar.occurrences(overlapping: When.utc(2025, 3, 1), When.utc(2025, 5, 1))
        // 12:00 New York every week: 17:00Z before the change on March 9, 16:00Z after it.
        #expect(
            found.map(\.start) == [1, 8, 15, 22, 29].map { When.date("America/New_York", 2025, 3, $0, 12) } + [
                When.date("America/New_York", 2025, 4, 5, 12)
            ])
        #expect(found[2].start == When.utc(2025, 3, 15, 16))
    }

    @Test("floating times are read in X-WR-TIMEZONE, not in the configured zone")
    func xWRTimezoneAppliesToFloatingTimes() throws {
        let text = ICS.calendar(
            ICS.event("UID:f", "DTSTART:20250115T100000", "DTEND:20250115T110000"),
            extraHeader: "X-WR-TIMEZONE:America/New_York\r\n")
        let calendar = try ICS.parse(text, zone: "Europe/Berlin")
        let found = calendar.occurrences(overlapping: When.utc(2025, 1, 15), When.utc(2025, 1, 16))
        // 10:00 in New York (EST, UTC−5); read in Berlin it would have been 09:00Z.
        #expect(found.map(\.start) == [When.utc(2025, 1, 15, 15)])
        #expect(found.map(\.end) == [When.utc(2025, 1, 15, 16)])
    }

    @Test("an unknown X-WR-TIMEZONE is reported and ignored")
    func unknownCalendarZone() throws {
        let text = ICS.calendar(
            ICS.event("UID:u", "DTSTART:20250301T170000Z"), extraHeader: "X-WR-TIMEZONE:Nowhere/Special\r\n")
        let calendar = try ICS.parse(text, zone: "UTC")
        #expect(
            calendar.occurrences(overlapping: When.utc(2025, 3, 1), When.utc(2025, 3, 2)).map(\.start) == [
                When.utc(2025, 3, 1, 17)
            ])
        #expect(calendar.warnings.map(\.kind) == [.unknownCalendarTimeZone])
    }
}
