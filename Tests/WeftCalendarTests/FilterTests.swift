import Foundation
import Testing

@testable import WeftCalendar

@Suite struct FilterTests {
    private let window = (When.utc(2025, 3, 1), When.utc(2025, 4, 1))

    private var meetings: String {
        ICS.calendar(
            ICS.event(
                "UID:declined", "SUMMARY:Declined", "DTSTART:20250310T090000Z", "DTEND:20250310T100000Z",
                "ATTENDEE;CN=Me;PARTSTAT=DECLINED:MAILTO:You@Example.org",
                "ATTENDEE;PARTSTAT=ACCEPTED:mailto:boss@example.org")
                + ICS.event(
                    "UID:accepted", "SUMMARY:Accepted", "DTSTART:20250311T090000Z",
                    "ATTENDEE;PARTSTAT=ACCEPTED:mailto:you@example.org",
                    "ATTENDEE;PARTSTAT=DECLINED:mailto:boss@example.org")
                + ICS.event("UID:allday", "SUMMARY:Day off", "DTSTART;VALUE=DATE:20250312")
                + ICS.event("UID:free", "SUMMARY:Focus", "DTSTART:20250313T090000Z", "TRANSP:TRANSPARENT")
                + ICS.event("UID:cancelled", "SUMMARY:Off", "DTSTART:20250314T090000Z", "STATUS:CANCELLED"))
    }

    @Test("events a configured attendee declined never show; others' declines do not matter")
    func declined() throws {
        let mine = try ICS.parse(meetings, me: ["mailto:you@example.org"])
        #expect(!mine.occurrences(overlapping: window.0, window.1).map(\.uid).contains("declined"))
        #expect(mine.occurrences(overlapping: window.0, window.1).map(\.uid).contains("accepted"))
        // Without `me` (or with someone else) the declined event is an ordinary event.
        let anyone = try ICS.parse(meetings)
        #expect(anyone.occurrences(overlapping: window.0, window.1).map(\.uid).contains("declined"))
        let bare = try ICS.parse(meetings, me: ["YOU@example.org"])
        #expect(!bare.occurrences(overlapping: window.0, window.1).map(\.uid).contains("declined"))
    }

    @Test("declining one instance hides only that instance")
    func declinedInstance() throws {
        let text = ICS.calendar(
            ICS.event(
                "UID:w", "DTSTART:20250303T090000Z", "RRULE:FREQ=WEEKLY;COUNT=3",
                "ATTENDEE;PARTSTAT=ACCEPTED:mailto:you@example.org")
                + ICS.event(
                    "UID:w", "RECURRENCE-ID:20250310T090000Z", "DTSTART:20250310T090000Z",
                    "ATTENDEE;PARTSTAT=DECLINED:mailto:you@example.org"))
        let found = try ICS.parse(text, me: ["mailto:you@example.org"]).occurrences(
            overlapping: window.0, window.1)
        #expect(found.map(\.start) == [When.utc(2025, 3, 3, 9), When.utc(2025, 3, 17, 9)])
    }

    @Test("include_all_day and include_transparent (both default true)")
    func kindsOfEvents() throws {
        let all = try ICS.parse(meetings).occurrences(overlapping: window.0, window.1).map(\.uid)
        #expect(all == ["declined", "accepted", "allday", "free", "cancelled"])
        let noAllDay = try ICS.parse(meetings, includeAllDay: false).occurrences(overlapping: window.0, window.1)
        #expect(noAllDay.map(\.uid) == ["declined", "accepted", "free", "cancelled"])
        let busyOnly = try ICS.parse(meetings, includeTransparent: false).occurrences(
            overlapping: window.0, window.1)
        #expect(busyOnly.map(\.uid) == ["declined", "accepted", "allday", "cancelled"])
        let focus = try ICS.parse(meetings).occurrences(overlapping: window.0, window.1).first { $0.uid == "free" }
        #expect(focus?.transparent == true)
    }

    @Test("cancelled occurrences are listed with their status but never picked as next")
    func cancelledKeepsStatus() throws {
        let calendar = try ICS.parse(meetings)
        let found = calendar.occurrences(overlapping: When.utc(2025, 3, 14), When.utc(2025, 3, 15))
        #expect(found.map(\.status) == ["CANCELLED"])
        #expect(found.first?.isCancelled == true)
        #expect(calendar.nextTwo(now: When.utc(2025, 3, 13, 12), horizon: 86_400 * 3).next == nil)
    }

    @Test("title, location and calendar name are carried; missing SUMMARY is empty")
    func fields() throws {
        let text = ICS.calendar(
            ICS.event("UID:f", "SUMMARY:Lunch\\, with team", "LOCATION:Café Nord", "DTSTART:20250310T120000Z")
                + ICS.event("UID:g", "DTSTART:20250310T130000Z"))
        let found = try ICS.parse(text).occurrences(overlapping: window.0, window.1)
        #expect(found.map(\.title) == ["Lunch, with team", ""])
        #expect(found.map(\.location) == ["Café Nord", nil])
        #expect(found.allSatisfy { $0.calendar == "Inline" })
    }

    @Test("occurrences survive a JSON round trip (the snapshot format)")
    func codable() throws {
        let found = try ICS.parse(meetings).occurrences(overlapping: window.0, window.1)
        let decoded = try JSONDecoder().decode([CalendarOccurrence].self, from: JSONEncoder().encode(found))
        #expect(decoded == found)
    }
}

@Suite struct NextUpTests {
    private func occurrence(
        _ uid: String, _ start: Date, minutes: Double, status: String? = nil
    ) -> CalendarOccurrence {
        CalendarOccurrence(
            uid: uid, title: uid, start: start, end: start.addingTimeInterval(minutes * 60), allDay: false,
            calendar: "c", status: status)
    }

    @Test("in progress counts as next; ended does not; cancelled never; ties go by UID")
    func pick() {
        let now = When.utc(2025, 3, 10, 12)
        let list = [
            occurrence("later-b", When.utc(2025, 3, 10, 14), minutes: 30),
            occurrence("ended", When.utc(2025, 3, 10, 10), minutes: 120),
            occurrence("cancelled", When.utc(2025, 3, 10, 12, 30), minutes: 30, status: "CANCELLED"),
            occurrence("later-a", When.utc(2025, 3, 10, 14), minutes: 30),
            occurrence("running", When.utc(2025, 3, 10, 11), minutes: 90),
        ]
        let picked = NextUp.pick(list, now: now)
        #expect(picked.next?.uid == "running")
        #expect(picked.then?.uid == "later-a")
    }

    @Test("a zero-length event counts from its start on, and not after")
    func zeroLength() {
        let now = When.utc(2025, 3, 10, 12)
        let point = occurrence("point", now, minutes: 0)
        #expect(NextUp.pick([point], now: now).next?.uid == "point")
        #expect(NextUp.pick([point], now: now.addingTimeInterval(1)).next == nil)
    }

    @Test("nothing ahead gives nothing")
    func empty() {
        let picked = NextUp.pick([], now: When.utc(2025, 1, 1))
        #expect(picked.next == nil && picked.then == nil)
    }

    @Test("next-up search widens its window until it finds two events")
    func widening() throws {
        let text = ICS.calendar(
            ICS.event("UID:soon", "DTSTART:20250310T130000Z")
                + ICS.event("UID:far", "DTSTART:20250901T090000Z"))
        let calendar = try ICS.parse(text)
        let picked = calendar.nextTwo(now: When.utc(2025, 3, 10, 12))
        #expect(picked.next?.uid == "soon")
        #expect(picked.then?.uid == "far")
        let short = calendar.nextTwo(now: When.utc(2025, 3, 10, 12), horizon: 30 * 86_400)
        #expect(short.then == nil)
    }
}
