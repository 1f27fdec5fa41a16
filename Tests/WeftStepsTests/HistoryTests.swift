import Foundation
import Testing
import WeftCore
import WeftTestSupport

@testable import WeftSteps

@Suite struct HistoryTests {
    private let berlin = zone("Europe/Berlin")
    /// Tuesday 2026-03-10, 09:30 in Berlin.
    private let now = instant("2026-03-10T08:30:00Z")

    /// Mon 03-02 … Tue 03-10 (today, unfinished); 03-04 has no data; Sunday 03-08 is a rest day (goal 0).
    private func history(streak: StreakRule = .fair, average: AverageRule = .daysWithData, todaySteps: Int = 5000)
        -> StepHistory
    {
        let rows: [(String, Int, Int)] = [
            ("2026-03-02", 12000, 10000), ("2026-03-03", 4000, 10000), ("2026-03-05", 12000, 10000),
            ("2026-03-06", 10000, 10000), ("2026-03-07", 6500, 6000), ("2026-03-08", 3000, 0),
            ("2026-03-09", 10200, 10000), ("2026-03-10", todaySteps, 10000),
        ]
        return StepHistory(
            rows: rows.map { StepHistoryRow(day: stepDay($0.0), steps: $0.1, goal: $0.2) },
            goals: StepGoals(weekday: 10000, weekend: 6000), streakRule: streak, averageRule: average,
            updatedAt: instant("2026-03-10T08:00:00Z"))
    }

    private func variables(_ history: StepHistory, at date: Date? = nil, access: StepAccess = .authorised)
        -> [String: String]
    {
        StepVariables.values(
            history: history, access: access,
            context: VariableContext(now: date ?? now, timeZone: berlin, locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test func weekdayAndWeekendGoalsWithConfigurableWeekend() {
        let goals = StepGoals(weekday: 10000, weekend: 6000)
        #expect(goals.goal(for: stepDay("2026-03-07")) == 6000)  // Saturday
        #expect(goals.goal(for: stepDay("2026-03-08")) == 6000)  // Sunday
        #expect(goals.goal(for: stepDay("2026-03-06")) == 10000)  // Friday
        let fridaySaturday = StepGoals(weekday: 10000, weekend: 6000, weekendDays: [6, 7])
        #expect(fridaySaturday.goal(for: stepDay("2026-03-06")) == 6000)
        #expect(fridaySaturday.goal(for: stepDay("2026-03-08")) == 10000)
        #expect(StepGoals.weekdayNumber("Friday") == 6)
        #expect(StepGoals().weekend == 10000)
    }

    @Test func eachDayKeepsTheGoalThatAppliedWhenItWasRecorded() {
        var history = StepHistory()
        history.record(
            [stepDay("2026-03-08"): 3000, stepDay("2026-03-09"): 9000], goals: StepGoals(weekday: 10000, weekend: 6000),
            now: instant("2026-03-09T20:00:00Z"), timeZone: berlin)
        #expect(history.days[stepDay("2026-03-08")] == StepDayRecord(steps: 3000, goal: 6000))
        // The next day the goal is lowered; Monday keeps 10000 and so stays unmet.
        history.record(
            [stepDay("2026-03-09"): 9000, stepDay("2026-03-10"): 8500], goals: StepGoals(weekday: 8000, weekend: 5000),
            now: now, timeZone: berlin)
        #expect(history.days[stepDay("2026-03-09")] == StepDayRecord(steps: 9000, goal: 10000))
        #expect(history.days[stepDay("2026-03-10")] == StepDayRecord(steps: 8500, goal: 8000))
        #expect(history.days[stepDay("2026-03-08")]?.steps == 3000)  // days absent from an import are kept
        #expect(StepStats.streak(history, today: stepDay("2026-03-10"), rule: .fair) == 1)
        #expect(history.updatedAt == now)
    }

    @Test func fairStreakStartsYesterdayUntilTodayMeetsItsGoal() {
        let today = stepDay("2026-03-10")
        // 03-09, (rest day skipped), 03-07, 03-06, 03-05; the missing 03-04 ends it.
        #expect(StepStats.streak(history(), today: today, rule: .fair) == 4)
        #expect(StepStats.streak(history(todaySteps: 10000), today: today, rule: .fair) == 5)
    }

    @Test func strictStreakStartsTodaySoAnUnmetTodayGivesZero() {
        let today = stepDay("2026-03-10")
        #expect(StepStats.streak(history(), today: today, rule: .strict) == 0)
        #expect(StepStats.streak(history(todaySteps: 10000), today: today, rule: .strict) == 5)
        // A day under its goal ends the streak even when earlier days met theirs.
        #expect(StepStats.streak(history(todaySteps: 10000), today: stepDay("2026-03-03"), rule: .strict) == 0)
        #expect(StepStats.streak(history(), today: stepDay("2026-03-02"), rule: .strict) == 1)
    }

    @Test func averagesDivideByDaysWithDataOrCalendarDays() throws {
        let today = stepDay("2026-03-10")
        // Last 7 days, 03-04…03-10: six days with data, 46700 steps.
        let perDataDay = try #require(StepStats.average(history(), today: today, length: 7, rule: .daysWithData))
        #expect(abs(perDataDay - 46700.0 / 6) < 1e-9)
        let perCalendarDay = try #require(StepStats.average(history(), today: today, length: 7, rule: .calendarDays))
        #expect(abs(perCalendarDay - 46700.0 / 7) < 1e-9)
        #expect(StepStats.average(history(), today: stepDay("2027-01-01"), length: 7, rule: .daysWithData) == nil)
    }

    @Test func bestDayTiesGoToTheEarliestDay() throws {
        let best = try #require(StepStats.bestDay(history()))
        #expect(best.day == stepDay("2026-03-02"))
        #expect(best.steps == 12000)
    }

    @Test func variablesAtAPinnedNow() {
        let values = variables(history())
        let expected: [String: String] = [
            "__steps_access": "authorised", "__steps_today": "5000", "__steps_updated_iso": "2026-03-10T08:00:00Z",
            "__steps_goal_today": "10000", "__steps_goal_weekday": "10000", "__steps_goal_weekend": "6000",
            "__steps_today_fraction": "0.5", "__steps_today_percent": "50", "__steps_progress_today": "50",
            "__steps_goal_hit_today": "0", "__steps_streak": "4", "__steps_streak_rule": "fair",
            "__steps_avg_7": "7783", "__steps_avg_7_exact": "7783.3333", "__steps_avg_30": "7838",
            "__steps_avg_30_exact": "7837.5", "__steps_best_day": "12000", "__steps_best_day_date": "2026-03-02",
            "__steps_best_day_date_iso": "2026-03-01T23:00:00Z",
        ]
        #expect(values == expected)
        let calendar = variables(history(streak: .strict, average: .calendarDays))
        #expect(calendar["__steps_avg_7"] == "6671")
        #expect(calendar["__steps_avg_30"] == "2090")
        #expect(calendar["__steps_streak"] == "0")
        #expect(calendar["__steps_streak_rule"] == "strict")
    }

    @Test func overTheGoalIsCappedAndAGoalOfZeroGivesZero() {
        let values = variables(history(todaySteps: 12500))
        #expect(values["__steps_today_fraction"] == "1")
        #expect(values["__steps_today_percent"] == "100")
        #expect(values["__steps_goal_hit_today"] == "1")
        var rest = history()
        rest.days[stepDay("2026-03-10")]?.goal = 0
        let restValues = variables(rest)
        #expect(restValues["__steps_today_fraction"] == "0")
        #expect(restValues["__steps_today_percent"] == "0")
        #expect(restValues["__steps_goal_hit_today"] == "0")
        // 9999 of 10000 is not 100%.
        #expect(variables(history(todaySteps: 9999))["__steps_today_percent"] == "99")
    }

    @Test func aNewDayStartsAtLocalMidnightWithoutARefresh() {
        // 00:30 on Wednesday in Berlin, still Tuesday in UTC.
        let values = variables(history(), at: instant("2026-03-10T23:30:00Z"))
        #expect(values["__steps_today"] == "0")
        #expect(values["__steps_goal_today"] == "10000")
        #expect(values["__steps_streak"] == "0")  // yesterday (Tuesday) stayed under its goal
        #expect(values["__steps_best_day"] == "12000")
    }

    @Test func emptyHistoryGivesOnlyAccessAndSettings() {
        let values = variables(StepHistory(), access: .notDetermined)
        #expect(values["__steps_access"] == "notDetermined")
        #expect(values["__steps_today"] == nil)
        #expect(values["__steps_avg_7"] == nil)
        #expect(values["__steps_goal_today"] == "10000")
        #expect(variables(history(), access: .denied)["__steps_access"] == "denied")
    }

    @Test func historyRoundTripsAsASnapshotPayloadAndTableRows() throws {
        let original = history()
        let payload = try Snapshot.encode(original)
        #expect(try Snapshot.encode(original) == payload)
        #expect(String(decoding: payload, as: UTF8.self).contains("\"day\":\"2026-03-02\""))
        let snapshot = Snapshot(
            instance: "steps", kind: "steps", prefix: "__steps_", schemaVersion: 1, fetchedAt: now, validUntil: now,
            payload: payload)
        #expect(try snapshot.decode(StepHistory.self) == original)
        #expect(StepHistory(rows: original.rows, goals: original.goals, updatedAt: original.updatedAt) == original)
    }
}

@Suite struct StreakEdgeTests {
    @Test func aRestDayTodayWithoutDataDoesNotZeroTheStrictStreak() {
        // Sunday 2026-03-08 has goal 0 and no import yet; Friday and Saturday met their goals.
        let history = StepHistory(
            rows: [
                StepHistoryRow(day: stepDay("2026-03-06"), steps: 9000, goal: 8000),
                StepHistoryRow(day: stepDay("2026-03-07"), steps: 9000, goal: 8000),
            ], goals: StepGoals(weekday: 8000, weekend: 8000, weekendDays: [1]).withSundayOff())
        #expect(StepStats.streak(history, today: stepDay("2026-03-08"), rule: .strict) == 2)
        #expect(StepStats.streak(history, today: stepDay("2026-03-08"), rule: .fair) == 2)
        // On Monday Sunday is no longer today: it has no data, so it is a missing day and ends both streaks.
        #expect(StepStats.streak(history, today: stepDay("2026-03-09"), rule: .strict) == 0)
        #expect(StepStats.streak(history, today: stepDay("2026-03-09"), rule: .fair) == 0)
    }
}

extension StepGoals {
    fileprivate func withSundayOff() -> StepGoals {
        var goals = self
        goals.weekend = 0
        return goals
    }
}

/// The activity history in the snapshot payload, and payloads written before it existed.
@Suite struct ActivityHistoryTests {
    /// A payload exactly as the previous weft wrote it (`weft steps import export.xml` of the Apple fixture).
    static let previousPayload = #"""
        {"access":"authorised","activityDays":{"2024-03-09":{"distance":720,"energy":70,"flights":3}},"activityMetrics":["steps","distance","flights","energy"],"files":{},"history":{"averageRule":"days-with-data","days":[{"day":"2024-03-08","goal":10000,"steps":20},{"day":"2024-03-09","goal":10000,"steps":1020}],"goals":{"weekday":10000,"weekend":10000,"weekendDays":[1,7]},"streakRule":"fair","updatedAt":1710003600},"perSource":{"2024-03-08":{"Anna’s iPhone":20},"2024-03-09":{"Anna’s Apple Watch":700,"Anna’s iPhone":932}}}
        """#

    private func decode(_ json: Data) throws -> StepsSnapshot {
        let snapshot = Snapshot(
            instance: "steps", kind: "steps", prefix: "__steps_", schemaVersion: StepsSnapshot.schemaVersion,
            fetchedAt: Date(), validUntil: Date(), payload: json)
        return try snapshot.decode(StepsSnapshot.self)
    }

    @Test func aPreviousPayloadLoadsWithItsWeekOfActivity() throws {
        let snapshot = try decode(Data(Self.previousPayload.utf8))
        #expect(snapshot.activityHistoryMissing)
        #expect(snapshot.history.days[stepDay("2024-03-09")]?.steps == 1020)
        #expect(snapshot.history.activity[stepDay("2024-03-09")] == ActivityDay(distance: 720, flights: 3, energy: 70))
        #expect(snapshot.history.activity.count == 1)
        // Written again, it is in the new form and reads back the same, no longer marked.
        let again = try decode(try Snapshot.encode(snapshot))
        #expect(!again.activityHistoryMissing)
        #expect(again.history == snapshot.history)
        #expect(!String(decoding: try Snapshot.encode(snapshot), as: UTF8.self).contains("activityDays"))
    }

    @Test func importedActivityIsKeptPerDayAsStepsAre() {
        var history = StepHistory()
        history.recordActivity([.distance: [stepDay("2024-03-09"): 720], .flights: [stepDay("2024-03-09"): 3]])
        // A later import without 9 March (an export that starts later) keeps it; a new amount replaces the old.
        history.recordActivity([.distance: [stepDay("2024-03-10"): 10], .flights: [stepDay("2024-03-09"): 4]])
        #expect(history.activity[stepDay("2024-03-09")] == ActivityDay(distance: 720, flights: 4))
        #expect(history.activity[stepDay("2024-03-10")] == ActivityDay(distance: 10))
        #expect(history.rowsWithActivity.map(\.day) == [stepDay("2024-03-09"), stepDay("2024-03-10")])
        #expect(history.rowsWithActivity.allSatisfy { $0.steps == 0 })
    }
}
