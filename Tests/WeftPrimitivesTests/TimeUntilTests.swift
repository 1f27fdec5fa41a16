import Foundation
import Testing
import WeftPrimitives
import WeftTestSupport

@Suite struct TimeUntilTests {
    /// Tuesday 2026-03-10, 10:00 in Berlin.
    let now = instant("2026-03-10T09:00:00Z")
    let berlin = zone("Europe/Berlin")

    func span(_ seconds: Int) -> TimeUntil {
        TimeUntil(from: now, to: now.addingTimeInterval(TimeInterval(seconds)), in: berlin)
    }

    @Test func minutesCountAStartedMinute() {
        #expect(span(0) == TimeUntil(from: now, to: now, in: berlin))
        #expect(span(0).unit == .started && span(0).minutes == 0)
        #expect(span(-600).unit == .started && span(-600).minutes == 0, "while it runs")
        #expect((span(1).unit, span(1).count, span(1).minutes) == (.minutes, 1, 1))
        #expect((span(60).count, span(61).count, span(59 * 60).count) == (1, 2, 59))
    }

    /// 1 h 59 min is 2 h, not 1 h; 1 h 29 min is 1 h.
    @Test func hoursRoundToTheNearest() {
        #expect((span(59 * 60 + 1).unit, span(59 * 60 + 1).count) == (.hours, 1))
        #expect(span(3600 + 29 * 60).count == 1)
        #expect(span(3600 + 30 * 60).count == 2)
        #expect(span(3600 + 59 * 60).count == 2)
        #expect(span(3600 + 59 * 60).minutes == 119)
        #expect((span(23 * 3600 + 29 * 60).unit, span(23 * 3600 + 29 * 60).count) == (.hours, 23))
    }

    /// From 23 h 30 min on, the count is local days: never "1" day beside a label of two days.
    @Test func daysAreLocalCalendarDays() {
        #expect((span(23 * 3600 + 30 * 60).unit, span(23 * 3600 + 30 * 60).count) == (.days, 1))
        // Thursday 00:00 in Berlin is 38 h away: two local days, though under 48 h.
        #expect((span(38 * 3600).unit, span(38 * 3600).count) == (.days, 2))
        #expect(span(38 * 3600 - 1).count == 1, "Wednesday 23:59")
        #expect(span(14 * 86_400).count == 14)
        // In Tokyo the same instants fall on other local days.
        #expect(span(30 * 3600).count == 1, "Wednesday 16:00 in Berlin")
        let tokyo = TimeUntil(from: now, to: now.addingTimeInterval(30 * 3600), in: zone("Asia/Tokyo"))
        #expect((tokyo.unit, tokyo.count) == (.days, 2), "Tuesday 18:00 to Thursday 00:00 in Tokyo")
    }

    /// A target still on today's date more than 23 h 30 min away (a 25-hour day) stays in hours.
    @Test func aLongDayStaysInHours() {
        // 2026-10-25 is 25 hours long in Berlin; 00:10 to 23:50 is 24 h 40 min.
        let start = instant("2026-10-24T22:10:00Z")
        let end = instant("2026-10-25T22:50:00Z")
        let span = TimeUntil(from: start, to: end, in: berlin)
        #expect((span.unit, span.count) == (.hours, 25))
    }
}
