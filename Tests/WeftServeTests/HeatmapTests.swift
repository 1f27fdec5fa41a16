import Foundation
import Testing
import WeftPrimitives

@testable import WeftServe
@testable import WeftSteps

/// The Steps History's layout and its SVG.
@Suite("steps heatmap")
struct HeatmapTests {
    static func history(_ days: [(String, Int, Int)]) -> StepHistory {
        var records: [StepDay: StepDayRecord] = [:]
        for (iso, steps, goal) in days {
            if let day = StepDay(iso: iso) { records[day] = StepDayRecord(steps: steps, goal: goal) }
        }
        return StepHistory(days: records)
    }

    @Test func aYearHasADayCellPerDayInMondayFirstWeeks() {
        let history = Self.history([("2026-03-10", 12000, 10000), ("2026-03-09", 3000, 10000)])
        let today = StepDay(year: 2026, month: 3, day: 10)
        let grid = StepCalendarGrid.year(2026, history: history, today: today)
        #expect(grid.cells.count == 365)
        #expect(grid.columns == 53)
        // 2026-01-01 is a Thursday: row 3 of the first column.
        #expect(grid.cells[0].column == 0 && grid.cells[0].row == 3)
        let leap = StepCalendarGrid.year(2028, history: history, today: today)
        #expect(leap.cells.count == 366)
        let tenth = grid.cells.first { $0.day == today }
        #expect(tenth?.level == .met && tenth?.row == 1)
        #expect(grid.cells.first { $0.day.iso == "2026-03-09" }?.level == .some)
        #expect(grid.cells.first { $0.day.iso == "2026-03-08" }?.level == .noData)
        #expect(grid.cells.first { $0.day.iso == "2026-03-11" }?.level == .future)
    }

    @Test func thePastYearEndsTodayInTheLastColumn() {
        let today = StepDay(year: 2023, month: 1, day: 24)
        let grid = StepCalendarGrid.pastYear(history: StepHistory(), today: today)
        #expect(grid.cells.count == 365)
        #expect(grid.cells.first?.day.iso == "2022-01-25" && grid.cells.last?.day == today)
        #expect(grid.cells.last?.column == grid.columns - 1)
        #expect(grid.cells.allSatisfy { $0.level == .noData })
        let leapDay = StepCalendarGrid.pastYear(history: StepHistory(), today: StepDay(year: 2024, month: 2, day: 29))
        #expect(leapDay.cells.count == 366 && leapDay.cells.first?.day.iso == "2023-03-01")
    }

    @Test func monthNamesNeverCrowdEachOther() {
        // From 2022-01-25 (a Tuesday): January has one column before February starts, so it goes unnamed.
        let grid = StepCalendarGrid.pastYear(history: StepHistory(), today: StepDay(year: 2023, month: 1, day: 24))
        let labels = grid.monthLabels()
        #expect(labels.first?.month == 2 && labels.first?.column == 1)
        #expect(labels.count == 12)
        #expect(zip(labels, labels.dropFirst()).allSatisfy { $1.column - $0.column >= 3 })
        let year = StepCalendarGrid.year(2026, history: StepHistory(), today: StepDay(year: 2026, month: 3, day: 10))
        #expect(year.monthLabels().map(\.month) == Array(1...12))
    }

    @Test func aLeapYearStartingOnSundayNeeds54Weeks() {
        // 2040-01-01 is a Sunday.
        let grid = StepCalendarGrid.year(2040, history: StepHistory(), today: StepDay(year: 2040, month: 1, day: 1))
        #expect(grid.cells.count == 366 && grid.columns == 54)
    }

    @Test func levelsFollowEachDaysOwnGoal() {
        typealias Level = StepCalendarGrid.Level
        #expect(Level.of(steps: 0, goal: 10000) == .low)
        #expect(Level.of(steps: 2500, goal: 10000) == .some)
        #expect(Level.of(steps: 5000, goal: 10000) == .most)
        #expect(Level.of(steps: 6000, goal: 6000) == .met)
        #expect(Level.of(steps: 1, goal: 0) == .met)
        #expect(Level.of(steps: 0, goal: 0) == .low)
    }

    @Test func aMonthIsAMondayFirstCalendar() {
        let grid = StepCalendarGrid.month(
            year: 2026, month: 3, history: StepHistory(), today: StepDay(year: 2026, month: 3, day: 10))
        #expect(grid.cells.count == 31)
        // 2026-03-01 is a Sunday: the last row of the first week; 31 days then span 6 weeks.
        #expect(grid.cells[0].row == 6 && grid.columns == 6)
    }

    @Test func theSVGHasOneCellPerDayWithItsDateAndCountOnHover() {
        let history = Self.history([("2026-03-10", 12345, 10000)])
        let today = StepDay(year: 2026, month: 3, day: 10)
        let grid = StepCalendarGrid.year(2026, history: history, today: today).dayGrid
        let svg = HeatmapSVG(grid: grid, today: today.dayNumber).year()
        #expect(svg.components(separatedBy: "<rect class=\"day ").count - 1 == 365)
        #expect(svg.contains("<title>Tue 10 Mar 2026 · 12,345 steps of 10,000</title>"))
        #expect(svg.contains("<title>Mon 9 Mar 2026 · no data</title>"))
        #expect(svg.contains("class=\"day l4 today\""))
    }

    @Test func aDaysActivityIsInItsTip() {
        var history = Self.history([("2026-03-10", 12345, 10000)])
        history.activity[StepDay(year: 2026, month: 3, day: 10)] = ActivityDay(
            distance: 8_512, flights: 7, energy: 1_412.4)
        history.activity[StepDay(year: 2026, month: 3, day: 9)] = ActivityDay(distance: 420)
        let today = StepDay(year: 2026, month: 3, day: 10)
        let svg = HeatmapSVG(
            grid: StepCalendarGrid.month(year: 2026, month: 3, history: history, today: today).dayGrid,
            today: today.dayNumber
        ).month()
        #expect(
            svg.contains("<title>Tue 10 Mar 2026 · 12,345 steps of 10,000 · 8.5 km · 7 flights · 1,412 kcal</title>"))
        #expect(svg.contains("<title>Mon 9 Mar 2026 · 420 m</title>"))
        #expect(svg.contains("<title>Sun 8 Mar 2026 · no data</title>"))
    }
}
