import Testing

@testable import WeftCore

@Suite struct StreakWalkTests {
    /// Days 0…9: `pattern` gives each day's status by character (m met, x missed, _ unscheduled), day 9 = today.
    func walk(_ pattern: String, open: Bool = true) -> Int {
        let days = Array(pattern)
        return StreakWalk.count(today: Int64(days.count - 1), earliest: 0, todayStillOpen: open) { day in
            switch days[Int(day)] {
            case "m": .met
            case "x": .missed
            default: .unscheduled
            }
        }
    }

    @Test func unscheduledDaysAreSkippedAndTheFirstMissStops() {
        #expect(walk("mmxm_m_m") == 3)
        #expect(walk("mmmm") == 4)
        #expect(walk("xm__") == 1)
    }

    @Test func anOpenTodayDoesNotBreakButAClosedOneDoes() {
        #expect(walk("mmmx") == 3)
        #expect(walk("mmmx", open: false) == 0)
        #expect(walk("mmm_", open: false) == 3)
    }

    @Test func theWalkStopsAtTheEarliestDayAndNoDataIsZero() {
        #expect(walk("____") == 0)
        #expect(StreakWalk.count(today: 5, earliest: nil, todayStillOpen: true) { _ in .met } == 0)
        // Days before `earliest` are never asked for, so an always-met predicate still ends.
        #expect(StreakWalk.count(today: 5, earliest: 2, todayStillOpen: true) { _ in .met } == 4)
    }
}
