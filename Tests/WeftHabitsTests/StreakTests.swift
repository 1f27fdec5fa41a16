import Foundation
import Testing
import WeftCore
import WeftTestSupport

@testable import WeftHabits

@Suite struct StreakTests {
    // 2024-10-14 is a Monday.
    @Test func unscheduledDaysAreSkippedWithoutBreakingIt() {
        let weekdays = habit("Work out", schedule: "12345", done: ["2024-10-10", "2024-10-11", "2024-10-14"])
        #expect(HabitStats.streak(weekdays, today: day("2024-10-14")) == 3)
        #expect(HabitStats.streak(weekdays, today: day("2024-10-13")) == 2, "on Sunday the weekend is skipped")
    }

    @Test func theFirstScheduledMissStopsIt() {
        let daily = habit("Read", done: ["2024-10-09", "2024-10-11", "2024-10-12", "2024-10-13"])
        #expect(HabitStats.streak(daily, today: day("2024-10-13")) == 3)
        #expect(HabitStats.streak(daily, today: day("2024-10-15")) == 0, "the 14th was missed")
    }

    @Test func todayScheduledAndNotYetDoneDoesNotBreakIt() {
        let daily = habit("Read", done: ["2024-10-12", "2024-10-13"])
        #expect(HabitStats.streak(daily, today: day("2024-10-14")) == 2)
        let doneToday = habit("Read", done: ["2024-10-12", "2024-10-13", "2024-10-14"])
        #expect(HabitStats.streak(doneToday, today: day("2024-10-14")) == 3)
    }

    @Test func completionsOnUnscheduledDaysNeitherCountNorBreak() {
        let mondays = habit("Call mum", schedule: "1", done: ["2024-10-07", "2024-10-12", "2024-10-14"])
        #expect(HabitStats.streak(mondays, today: day("2024-10-14")) == 2)
    }

    @Test func edges() {
        #expect(HabitStats.streak(habit("New", done: []), today: day("2024-10-14")) == 0)
        #expect(HabitStats.streak(habit("Once", done: ["2024-10-14"]), today: day("2024-10-14")) == 1)
        // A completion in the future (a wrong clock) neither counts nor hangs the walk.
        #expect(HabitStats.streak(habit("Ahead", done: ["2024-10-20"]), today: day("2024-10-14")) == 0)
        let never = HabitState(
            name: "Never", slug: "never", schedule: HabitSchedule(weekdays: []),
            completions: [HabitCompletion(day: day("2024-10-01"))])
        #expect(HabitStats.streak(never, today: day("2024-10-14")) == 0)
        #expect(HabitStats.rate(never, today: day("2024-10-14"), length: 7) == nil)
    }

    @Test func ratesCountScheduledDaysSinceTheFirstCompletion() {
        // Weekdays; done Mon 7, Tue 8, Thu 10, Mon 14 (today). Last 7 days: 8–14, scheduled 8,9,10,11,14: 3 of 5.
        let weekdays = habit(
            "Work out", schedule: "12345", done: ["2024-10-07", "2024-10-08", "2024-10-10", "2024-10-14"])
        #expect(HabitStats.rate(weekdays, today: day("2024-10-14"), length: 7) == 60)
        // 30 days reach back before the first completion, which is where counting starts: 4 of 6.
        #expect(HabitStats.rate(weekdays, today: day("2024-10-14"), length: 30) == 66)
        // Today not yet done is left out rather than counted as missed: 2 of 4 on Monday morning.
        let morning = habit("Work out", schedule: "12345", done: ["2024-10-07", "2024-10-08", "2024-10-10"])
        #expect(HabitStats.rate(morning, today: day("2024-10-14"), length: 7) == 50)
    }

    @Test func variablesPerHabitAndAcrossHabits() {
        let snapshot = HabitsSnapshot(habits: [
            habit("Exercise 30min", schedule: "135", done: ["2024-10-11", "2024-10-14"]),
            habit("Read", done: ["2024-10-12", "2024-10-13"]),
            habit("Floss", schedule: "246", done: ["2024-10-12"]),
        ])
        let values = HabitVariables.values(
            snapshot,
            context: VariableContext(
                now: instant("2024-10-14T18:00:00Z"), timeZone: zone("Europe/Berlin"),
                locale: Locale(identifier: "en_US")))
        #expect(values["__habits_exercise_30min_streak"] == "2")
        #expect(values["__habits_exercise_30min_done_today"] == "1")
        #expect(values["__habits_exercise_30min_scheduled_today"] == "1")
        #expect(values["__habits_exercise_30min_last_done_iso"] == "2024-10-13T22:00:00Z", "the day's local start")
        #expect(values["__habits_read_done_today"] == "0")
        #expect(values["__habits_read_streak"] == "2")
        #expect(values["__habits_read_rate_7"] == "100")
        #expect(values["__habits_floss_scheduled_today"] == "0")
        #expect(values["__habits_floss_identity"] == "")
        #expect(values["__habits_due_today"] == "2")
        #expect(values["__habits_done_today"] == "1")
        #expect(values["__habits_percent_today"] == "50")
        #expect(values["__habits_count"] == "3")

        let sunday = HabitVariables.values(
            HabitsSnapshot(habits: [habit("Work", schedule: "12345", done: ["2024-10-11"])]),
            context: VariableContext(
                now: instant("2024-10-13T12:00:00Z"), timeZone: zone("UTC"), locale: Locale(identifier: "en_US")),
            prefix: "__h_")
        #expect(sunday["__h_due_today"] == "0")
        #expect(sunday["__h_percent_today"] == "100", "nothing is due, so nothing is left to do")
        #expect(sunday["__h_work_streak"] == "1")
    }
}
