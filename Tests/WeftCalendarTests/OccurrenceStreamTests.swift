import Foundation
import Testing

@testable import WeftCalendar

/// Listing streams: occurrences are made a slice of the window at a time, and each series only over the slice, so
/// memory follows one slice and work follows the window, not the length of a series' history.
@Suite struct OccurrenceStreamTests {
    /// A daily series open since 1990, a weekly one with a moved instance and an EXDATE, a long event reaching into
    /// the window, an all-day day, a zero-length reminder and a cancelled single event.
    static let text = ICS.calendar(
        ICS.event(
            "UID:daily", "SUMMARY:Daily", "DTSTART:19900101T080000Z", "DTEND:19900101T083000Z", "RRULE:FREQ=DAILY")
            + ICS.event(
                "UID:weekly", "SUMMARY:Weekly", "DTSTART;TZID=Europe/Berlin:20250106T100000", "DURATION:PT1H",
                "RRULE:FREQ=WEEKLY;BYDAY=MO,TH", "EXDATE;TZID=Europe/Berlin:20260312T100000")
            + ICS.event(
                "UID:weekly", "SUMMARY:Weekly (moved)", "RECURRENCE-ID;TZID=Europe/Berlin:20260316T100000",
                "DTSTART;TZID=Europe/Berlin:20260317T150000", "DURATION:PT1H")
            + ICS.event("UID:trip", "SUMMARY:Trip", "DTSTART:20260220T060000Z", "DTEND:20260305T200000Z")
            + ICS.event("UID:day", "SUMMARY:Day", "DTSTART;VALUE=DATE:20260401", "DTEND;VALUE=DATE:20260402")
            + ICS.event("UID:point", "SUMMARY:Point", "DTSTART:20260401T120000Z")
            + ICS.event(
                "UID:off", "SUMMARY:Off", "STATUS:CANCELLED", "DTSTART:20260402T120000Z", "DTEND:20260402T130000Z"))

    @Test("the stream gives exactly the occurrences a whole window gives, in the same order")
    func streamEqualsWindow() throws {
        let calendar = try ICS.parse(Self.text)
        for (from, to) in [
            (When.utc(2026, 3, 1), When.utc(2026, 3, 2)), (When.utc(2026, 3, 1, 8, 15), When.utc(2027, 3, 1)),
            (When.utc(2026, 2, 27), When.utc(2026, 5, 31)), (When.utc(2026, 4, 1, 12), When.utc(2026, 4, 1, 12, 0, 1)),
        ] {
            let whole = calendar.occurrences(overlapping: from, to)
            #expect(!whole.isEmpty)
            #expect(Array(calendar.occurrenceStream(overlapping: from, to)) == whole)
            var short = OccurrenceStream(calendar: calendar, start: from, end: to, sliceLength: 3 * 3600 + 17)
            var found: [CalendarOccurrence] = []
            while let next = short.next() { found.append(next) }
            #expect(found == whole, "slices of three hours")
        }
    }

    @Test("listing ten years of a daily series holds a slice of it at once and expands only the window")
    func memoryFollowsTheSlice() throws {
        let calendar = try ICS.parse(Self.text)
        var stream = calendar.occurrenceStream(overlapping: When.utc(2026, 1, 1), When.utc(2036, 1, 1))
        var count = 0
        while stream.next() != nil { count += 1 }
        #expect(count > 4_652)
        // Four weeks of two series (and the single events) at most, whatever the window's length.
        #expect(stream.largestSlice <= 41)
        #expect(stream.largestSlice > 28)

        // An open-ended series of 36 years is expanded over a week: the occurrences made are about the week's
        // (with the two days of look-around each side), not the thousands since 1990.
        var week = calendar.occurrenceStream(overlapping: When.utc(2026, 3, 9), When.utc(2026, 3, 16))
        var listed: [CalendarOccurrence] = []
        while let next = week.next() { listed.append(next) }
        #expect(listed.filter { $0.uid == "daily" }.count == 7)
        // Daily: the week and two days each side; weekly (Monday, Thursday): the same span.
        #expect(week.made <= 16)
        #expect(week.made >= 8)
    }

    @Test("several calendars merge by start, then UID, ties to the earlier calendar, as sorting them together does")
    func calendarsMerge() throws {
        let first = try ICS.parse(Self.text)
        let second = try ICS.parse(
            ICS.calendar(
                ICS.event("UID:daily", "SUMMARY:Other daily", "DTSTART:20260101T080000Z", "RRULE:FREQ=DAILY")
                    + ICS.event("UID:a", "SUMMARY:A", "DTSTART:20260310T080000Z", "DURATION:PT1H")))
        let from = When.utc(2026, 3, 1)
        let to = When.utc(2026, 4, 15)
        let together: [CalendarOccurrence] =
            first.occurrences(overlapping: from, to) + second.occurrences(overlapping: from, to)
        let sorted = together.sorted { (a: CalendarOccurrence, b: CalendarOccurrence) -> Bool in
            a.start != b.start ? a.start < b.start : a.uid < b.uid
        }
        let merged = Array(ICalendar.occurrenceStream([first, second], overlapping: from, to))
        #expect(merged == sorted)
        #expect(merged.contains { $0.title == "Other daily" })
    }
}
