import Foundation
import Testing

@testable import WeftCalendar
import WeftRecurrence

@Suite struct RecurrenceTests {
    private let berlin = "Europe/Berlin"

    @Test("RANGE=THISANDFUTURE moves and resizes every later instance, leaving earlier ones alone")
    func thisAndFuture() throws {
        let text = ICS.calendar(
            ICS.event(
                "UID:weekly", "SEQUENCE:0", "SUMMARY:Standup", "DTSTART;TZID=Europe/Berlin:20250303T090000",
                "DTEND;TZID=Europe/Berlin:20250303T093000", "RRULE:FREQ=WEEKLY;COUNT=6")
                + ICS.event(
                    "UID:weekly", "SEQUENCE:1", "SUMMARY:Standup (later)",
                    "RECURRENCE-ID;RANGE=THISANDFUTURE;TZID=Europe/Berlin:20250317T090000",
                    "DTSTART;TZID=Europe/Berlin:20250317T100000", "DTEND;TZID=Europe/Berlin:20250317T110000"))
        let calendar = try ICS.parse(text)
        let found = calendar.occurrences(overlapping: When.utc(2025, 3, 1), When.utc(2025, 5, 1))
        let starts = found.map { When.show($0.start, berlin) }
        #expect(
            starts == [
                "2025-03-03 09:00:00", "2025-03-10 09:00:00", "2025-03-17 10:00:00", "2025-03-24 10:00:00",
                "2025-03-31 10:00:00", "2025-04-07 10:00:00",
            ])
        #expect(found.map { $0.end.timeIntervalSince($0.start) } == [1800, 1800, 3600, 3600, 3600, 3600])
        #expect(found.map(\.title) == ["Standup", "Standup"] + Array(repeating: "Standup (later)", count: 4))
        // Each moved instance still names the slot it came from (DST began on March 30).
        #expect(found[4].recurrenceID == When.date(berlin, 2025, 3, 31, 9))
        // The window finds instances moved into it from before it.
        let late = calendar.occurrences(
            overlapping: When.date(berlin, 2025, 3, 24, 10, 30), When.date(berlin, 2025, 3, 24, 10, 40))
        #expect(late.map(\.title) == ["Standup (later)"])
    }

    @Test("SEQUENCE: the newest master wins, its EXDATE removes an override, stale overrides are ignored")
    func sequenceHandling() throws {
        let old = ICS.event(
            "UID:s", "SEQUENCE:1", "SUMMARY:old title", "DTSTART;VALUE=DATE:20250303", "RRULE:FREQ=WEEKLY;COUNT=5")
        let new = ICS.event(
            "UID:s", "SEQUENCE:3", "SUMMARY:new title", "DTSTART;VALUE=DATE:20250303", "RRULE:FREQ=WEEKLY;COUNT=5",
            "EXDATE;VALUE=DATE:20250317")
        let movedButDeleted = ICS.event(
            "UID:s", "SEQUENCE:2", "SUMMARY:moved", "RECURRENCE-ID;VALUE=DATE:20250317", "DTSTART;VALUE=DATE:20250318")
        let moved = ICS.event(
            "UID:s", "SEQUENCE:4", "SUMMARY:moved to Tuesday", "RECURRENCE-ID;VALUE=DATE:20250324",
            "DTSTART;VALUE=DATE:20250325")
        let olderDuplicate = ICS.event(
            "UID:s", "SEQUENCE:0", "SUMMARY:older duplicate", "RECURRENCE-ID;VALUE=DATE:20250324",
            "DTSTART;VALUE=DATE:20250326")
        for order in [
            [old, new, movedButDeleted, moved, olderDuplicate], [olderDuplicate, moved, movedButDeleted, new, old],
        ] {
            let calendar = try ICS.parse(ICS.calendar(order.joined()), zone: berlin)
            let found = calendar.occurrences(overlapping: When.utc(2025, 3, 1), When.utc(2025, 4, 30))
            #expect(
                found.map { When.show($0.start, berlin).prefix(10) } == [
                    "2025-03-03", "2025-03-10", "2025-03-25", "2025-03-31",
                ])
            #expect(found.map(\.title) == ["new title", "new title", "moved to Tuesday", "new title"])
        }
    }

    @Test("an override with a lower SEQUENCE than the master is still used when nothing replaces it")
    func lowerSequenceOverrideStillApplies() throws {
        // Masters get their SEQUENCE bumped for unrelated changes; RFC 5545 keeps such overrides.
        let text = ICS.calendar(
            ICS.event(
                "UID:m", "SEQUENCE:5", "DTSTART;TZID=Europe/Berlin:20250303T090000", "RRULE:FREQ=DAILY;COUNT=3",
                "SUMMARY:daily")
                + ICS.event(
                    "UID:m", "SEQUENCE:1", "SUMMARY:moved", "RECURRENCE-ID;TZID=Europe/Berlin:20250304T090000",
                    "DTSTART;TZID=Europe/Berlin:20250304T150000"))
        let found = try ICS.parse(text).occurrences(overlapping: When.utc(2025, 3, 1), When.utc(2025, 3, 10))
        #expect(found.map(\.title) == ["daily", "moved", "daily"])
        #expect(found[1].start == When.date(berlin, 2025, 3, 4, 15))
        #expect(found[1].recurrenceID == When.date(berlin, 2025, 3, 4, 9))
    }

    @Test("DURATION: days are nominal (wall clock across DST), hours exact; DATE events span whole days")
    func durations() throws {
        let text = ICS.calendar(
            ICS.event("UID:nominal", "DTSTART;TZID=Europe/Berlin:20250329T120000", "DURATION:P1D")
                + ICS.event("UID:exact", "DTSTART;TZID=Europe/Berlin:20250329T120000", "DURATION:PT24H")
                + ICS.event("UID:days", "DTSTART;VALUE=DATE:20250329", "DURATION:P2D")
                + ICS.event("UID:weeks", "DTSTART;VALUE=DATE:20250301", "DURATION:P1W")
                + ICS.event(
                    "UID:series", "DTSTART;TZID=Europe/Berlin:20250328T230000", "DURATION:PT2H",
                    "RRULE:FREQ=DAILY;COUNT=3"))
        let calendar = try ICS.parse(text, zone: berlin)
        let found = calendar.occurrences(overlapping: When.utc(2025, 2, 1), When.utc(2025, 5, 1))
        let byUID = Dictionary(grouping: found, by: \.uid)
        let nominal = try #require(byUID["nominal"]?.first)
        #expect(nominal.end == When.date(berlin, 2025, 3, 30, 12))  // 23 real hours: DST began
        let exact = try #require(byUID["exact"]?.first)
        #expect(exact.end == When.date(berlin, 2025, 3, 30, 13))
        let days = try #require(byUID["days"]?.first)
        #expect(
            days.allDay && days.start == When.date(berlin, 2025, 3, 29) && days.end == When.date(berlin, 2025, 3, 31))
        let weeks = try #require(byUID["weeks"]?.first)
        #expect(weeks.end == When.date(berlin, 2025, 3, 8))
        #expect(byUID["series"]?.map { $0.end.timeIntervalSince($0.start) } == [7200, 7200, 7200])
    }

    @Test("no DTEND: a DATE event lasts one day, a DATE-TIME event has no length; DTEND before DTSTART is swapped")
    func missingEnd() throws {
        let text = ICS.calendar(
            ICS.event("UID:d", "DTSTART;VALUE=DATE:20250310")
                + ICS.event("UID:t", "DTSTART:20250310T080000Z")
                + ICS.event("UID:swapped", "DTSTART:20250310T100000Z", "DTEND:20250310T090000Z"))
        let found = try ICS.parse(text, zone: "America/Los_Angeles")
            .occurrences(overlapping: When.utc(2025, 3, 9), When.utc(2025, 3, 12))
        let byUID = Dictionary(uniqueKeysWithValues: found.map { ($0.uid, $0) })
        #expect(byUID["d"]?.end == When.date("America/Los_Angeles", 2025, 3, 11))
        #expect(byUID["t"].map { $0.start == $0.end } == true)
        #expect(byUID["swapped"]?.start == When.utc(2025, 3, 10, 9))
        #expect(byUID["swapped"]?.end == When.utc(2025, 3, 10, 10))
    }

    @Test("a multi-day all-day event is not reported again on its DTEND day")
    func multiDayAllDay() throws {
        let text = ICS.calendar(ICS.event("UID:trip", "DTSTART;VALUE=DATE:20250310", "DTEND;VALUE=DATE:20250313"))
        let calendar = try ICS.parse(text, zone: "Pacific/Auckland")
        let zone = "Pacific/Auckland"
        #expect(
            calendar.occurrences(overlapping: When.date(zone, 2025, 3, 12), When.date(zone, 2025, 3, 13)).count == 1)
        #expect(calendar.occurrences(overlapping: When.date(zone, 2025, 3, 13), When.date(zone, 2025, 3, 14)).isEmpty)
    }

    @Test("RDATE (DATE-TIME, DATE, PERIOD) adds instances, duplicates collapse, EXDATE removes")
    func rdates() throws {
        let text = ICS.calendar(
            ICS.event(
                "UID:r", "DTSTART;TZID=Europe/Berlin:20250303T090000", "DTEND;TZID=Europe/Berlin:20250303T100000",
                "RRULE:FREQ=WEEKLY;COUNT=3",
                "RDATE;TZID=Europe/Berlin:20250310T090000,20250312T140000",  // first duplicates the rule
                "RDATE;VALUE=PERIOD;TZID=Europe/Berlin:20250314T080000/PT4H",
                "RDATE;VALUE=DATE:20250315",  // a DATE on a timed series: local midnight
                "EXDATE;TZID=Europe/Berlin:20250317T090000"))
        let found = try ICS.parse(text).occurrences(overlapping: When.utc(2025, 3, 1), When.utc(2025, 4, 1))
        #expect(
            found.map { When.show($0.start, berlin) } == [
                "2025-03-03 09:00:00", "2025-03-10 09:00:00", "2025-03-12 14:00:00", "2025-03-14 08:00:00",
                "2025-03-15 00:00:00",
            ])
        #expect(found[3].end.timeIntervalSince(found[3].start) == 4 * 3600)
        #expect(found[2].end.timeIntervalSince(found[2].start) == 3600)
    }

    @Test("EXDATE as DATE removes the instance on that local date of a timed series")
    func dateExdateOnTimedSeries() throws {
        let text = ICS.calendar(
            ICS.event(
                "UID:x", "DTSTART;TZID=America/New_York:20250303T210000", "RRULE:FREQ=DAILY;COUNT=3",
                "EXDATE;VALUE=DATE:20250304"))
        // 21:00 New York on March 4 is March 5 in UTC: the date is the series' local one.
        let found = try ICS.parse(text, zone: "UTC").occurrences(
            overlapping: When.utc(2025, 3, 1), When.utc(2025, 3, 10))
        #expect(found.map { When.show($0.start, "America/New_York").prefix(10) } == ["2025-03-03", "2025-03-05"])
    }

    @Test(
        "skipping ahead gives the same instances as iterating from DTSTART",
        arguments: [
            "FREQ=MINUTELY;INTERVAL=7", "FREQ=HOURLY;INTERVAL=5", "FREQ=SECONDLY;INTERVAL=45", "FREQ=DAILY;INTERVAL=3",
            "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH", "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=MONTHLY;INTERVAL=5",
            "FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "FREQ=HOURLY;BYHOUR=9,17",
        ])
    func skipAheadMatchesFullIteration(rule: String) throws {
        let event = { (extra: String) in
            ICS.calendar(ICS.event("UID:k", "DTSTART;TZID=Europe/Berlin:20240702T101500", "RRULE:\(rule)\(extra)"))
        }
        // Open-ended: the engine skips ahead. With a large COUNT: it must iterate from DTSTART.
        let skipping = try ICS.parse(event(""))
        let counting = try ICalendar.parse(
            event(";COUNT=40000000"), file: "count.ics", calendarName: "c",
            options: CalendarOptions(
                timeZone: try #require(TimeZone(identifier: berlin)), maxIterationsPerSeries: 1_000_000))
        let subDaily = ["SECONDLY", "MINUTELY", "HOURLY"].contains { rule.contains($0) }
        let windows =
            subDaily
            ? [(When.utc(2024, 7, 20), When.utc(2024, 7, 20, 12)), (When.utc(2024, 8, 1, 12), When.utc(2024, 8, 2, 2))]
            : [(When.utc(2024, 9, 1), When.utc(2025, 12, 31)), (When.utc(2027, 1, 1), When.utc(2028, 12, 31))]
        for (start, end) in windows {
            let expected = counting.occurrences(overlapping: start, end).map(\.start)
            #expect(!expected.isEmpty)
            #expect(skipping.occurrences(overlapping: start, end).map(\.start) == expected, "\(start)")
        }
        #expect(skipping.warnings.isEmpty)
        #expect(counting.warnings.isEmpty)
    }

    @Test("sub-daily rules land on their own grid after skipping ahead")
    func minutelyGrid() throws {
        let text = ICS.calendar(ICS.event("UID:m", "DTSTART:20240702T100000Z", "RRULE:FREQ=MINUTELY;INTERVAL=7"))
        let found = try ICS.parse(text, zone: "UTC").occurrences(
            overlapping: When.utc(2024, 9, 10), When.utc(2024, 9, 10, 0, 30))
        // 2024-07-02 10:00 + 7 min × n: the first on September 10 is 00:05.
        #expect(found.map(\.start) == [5, 12, 19, 26].map { When.utc(2024, 9, 10, 0, $0) })
    }

    @Test("work per series is bounded: a rule that needs too many steps stops with a warning")
    func expansionLimit() throws {
        let text = ICS.calendar(
            ICS.event("UID:busy", "DTSTART:20000101T000000Z", "RRULE:FREQ=MINUTELY;COUNT=100000000"))
        let timeZone = try #require(TimeZone(identifier: "UTC"))
        let calendar = try ICalendar.parse(
            text, file: "busy.ics", calendarName: "c",
            options: CalendarOptions(timeZone: timeZone, maxIterationsPerSeries: 1000))
        #expect(calendar.occurrences(overlapping: When.utc(2025, 1, 1), When.utc(2025, 1, 2)).isEmpty)
        let warning = try #require(calendar.warnings.first)
        #expect(warning.kind == .expansionLimit)
        #expect(warning.uid == "busy" && warning.file == "busy.ics")
        // Querying again does not repeat the warning.
        _ = calendar.occurrences(overlapping: When.utc(2025, 1, 1), When.utc(2025, 1, 2))
        #expect(calendar.warnings.count == 1)
    }

    @Test("a rule that can never match yields nothing, with a warning, and does not hang")
    func impossibleRule() throws {
        let text = ICS.calendar(
            ICS.event("UID:feb30", "DTSTART;VALUE=DATE:20250101", "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"))
        let calendar = try ICS.parse(text)
        let found = calendar.occurrences(overlapping: When.utc(2025, 1, 2), When.utc(2030, 1, 1))
        #expect(found.isEmpty)
        #expect(calendar.warnings.map(\.kind) == [.unusableRecurrenceRule])
    }

    @Test(
        "a sub-daily or daily rule whose date parts let no day through yields nothing at once",
        arguments: [
            "FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=30", "FREQ=SECONDLY;BYMONTH=4;BYMONTHDAY=31",
            "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=-30", "FREQ=DAILY;BYMONTH=6,9;BYMONTHDAY=31",
            "FREQ=MINUTELY;INTERVAL=5;BYMONTH=4;BYYEARDAY=1", "FREQ=HOURLY;BYMONTHDAY=31;BYMONTH=2,4",
        ])
    func impossibleSubDailyRule(rule: String) throws {
        // A naive iterator would look for a match minute by minute (or second by second) up to the year 9999.
        let text = ICS.calendar(ICS.event("UID:never", "DTSTART:20250101T090000Z", "RRULE:" + rule))
        let calendar = try ICS.parse(text)
        let found = calendar.occurrences(overlapping: When.utc(2025, 1, 2), When.utc(2025, 1, 3))
        #expect(found.isEmpty)
        #expect(calendar.warnings.map(\.kind) == [.unusableRecurrenceRule], "\(calendar.warnings)")
    }

    @Test("rare but possible sub-daily and daily rules still give their instances")
    func rareSubDailyRules() throws {
        let text = ICS.calendar(
            ICS.event(
                "UID:leap", "DTSTART:20240101T000000Z",
                "RRULE:FREQ=MINUTELY;BYMONTH=2;BYMONTHDAY=29;BYHOUR=9;BYMINUTE=0")
                + ICS.event("UID:friday13", "DTSTART:20240101T120000Z", "RRULE:FREQ=DAILY;BYDAY=FR;BYMONTHDAY=13")
                + ICS.event("UID:lastday", "DTSTART:20240101T180000Z", "RRULE:FREQ=HOURLY;BYYEARDAY=366;BYHOUR=18"))
        let calendar = try ICS.parse(text)
        let found = calendar.occurrences(overlapping: When.utc(2024, 1, 1), When.utc(2025, 1, 1))
        // Each DTSTART is an instance too (RFC 5545), matching its rule or not.
        #expect(
            found.map(\.start).sorted() == [
                When.utc(2024, 1, 1, 0), When.utc(2024, 1, 1, 12), When.utc(2024, 1, 1, 18), When.utc(2024, 2, 29, 9),
                When.utc(2024, 9, 13, 12), When.utc(2024, 12, 13, 12), When.utc(2024, 12, 31, 18),
            ])
        #expect(calendar.warnings.isEmpty, "\(calendar.warnings)")
    }

    @Test("a broken RRULE skips the whole series (overrides too) and names UID and file")
    func brokenRuleSkipsSeries() throws {
        let text = ICS.calendar(
            ICS.event("UID:bad", "DTSTART:20250303T090000Z", "RRULE:FREQ=WEEKLY;UNTL=20250401")
                + ICS.event("UID:bad", "RECURRENCE-ID:20250310T090000Z", "DTSTART:20250310T100000Z")
                + ICS.event("UID:good", "DTSTART:20250305T090000Z"))
        let calendar = try ICS.parse(text, file: "team.ics")
        let found = calendar.occurrences(overlapping: When.utc(2025, 3, 1), When.utc(2025, 4, 1))
        #expect(found.map(\.uid) == ["good"])
        let warning = try #require(calendar.warnings.first)
        #expect(warning.kind == .badRecurrenceRule)
        #expect(warning.uid == "bad" && warning.file == "team.ics" && warning.line == 7)
        #expect(warning.description.hasPrefix("team.ics:7: event bad:"))
    }

    @Test("two VCALENDARs in one file are both read")
    func twoCalendarsInOneFile() throws {
        let text =
            ICS.calendar(ICS.event("UID:a", "DTSTART:20250303T090000Z"))
            + ICS.calendar(ICS.event("UID:b", "DTSTART:20250304T090000Z"))
        let found = try ICS.parse(text).occurrences(overlapping: When.utc(2025, 3, 1), When.utc(2025, 4, 1))
        #expect(found.map(\.uid) == ["a", "b"])
    }

    @Test("an override whose master is missing is shown as a single event")
    func orphanOverride() throws {
        let text = ICS.calendar(
            ICS.event(
                "UID:orphan", "SUMMARY:Moved", "RECURRENCE-ID;TZID=Europe/Paris:20250310T100000",
                "DTSTART;TZID=Europe/Paris:20250311T100000", "DTEND;TZID=Europe/Paris:20250311T110000"))
        let found = try ICS.parse(text).occurrences(overlapping: When.utc(2025, 3, 1), When.utc(2025, 4, 1))
        #expect(found.count == 1)
        #expect(found.first?.start == When.date("Europe/Paris", 2025, 3, 11, 10))
        #expect(found.first?.recurrenceID == When.date("Europe/Paris", 2025, 3, 10, 10))
    }
}
