import Foundation
import Testing
import WeftCore
import WeftPrimitives
import WeftTestSupport

@testable import WeftHabits

/// `[habits]` occasions: a habit scheduled on a day and not done by `at` (20:00 in the habits' zone by default).
@Suite struct HabitOccasionTests {
    /// Thursday 2024-10-10. Read is done today; Exercise is for Monday, Wednesday and Friday; Journal (Monday to
    /// Saturday) is not done. The habits count their days in Berlin (the render's zone is UTC).
    func snapshot() throws -> Snapshot {
        let habits = HabitsSnapshot(
            habits: [
                habit("Read", done: ["2024-10-09", "2024-10-10"]),
                habit("Exercise 30min", schedule: "135", done: ["2024-10-09"]),
                habit("Journal", schedule: "123456", done: ["2024-10-08"]),
            ], timeZone: "Europe/Berlin")
        let made = instant("2024-10-10T09:00:00Z")
        return Snapshot(
            instance: "habits", kind: "habits", prefix: "__habits_", schemaVersion: HabitsSnapshot.schemaVersion,
            fetchedAt: made, validUntil: made, payload: try Snapshot.encode(habits))
    }

    func occasions(now: String, until: String, options: [String: String] = [:]) throws -> [Occasion] {
        try HabitsKind.occasions(
            of: snapshot(),
            query: OccasionQuery(
                context: VariableContext(now: instant(now), timeZone: zone("UTC"), locale: Locale(identifier: "en")),
                until: instant(until), options: options))
    }

    @Test func aScheduledHabitNotDoneRemindsAtEightInItsZone() throws {
        let found = try occasions(now: "2024-10-10T12:00:00Z", until: "2024-10-11T12:00:00Z")
        #expect(found.map(\.key) == ["habit:journal:2024-10-10"])
        let journal = try #require(found.first)
        #expect(journal.at == instant("2024-10-10T18:00:00Z"))
        #expect(journal.expires == instant("2024-10-10T22:00:00Z"))
        #expect(journal.kind == .habit && journal.title == "Journal")
        #expect(journal.actions.map(\.id) == ["done"])
        #expect(journal.fields["habit"] == "journal" && journal.fields["instance"] == "habits")
    }

    @Test func theTimeIsAnOptionAndTheNextDayCountsItsOwnSchedule() throws {
        let later = try occasions(now: "2024-10-10T12:00:00Z", until: "2024-10-11T12:00:00Z", options: ["at": "21:30"])
        #expect(later.map(\.at) == [instant("2024-10-10T19:30:00Z")])
        let sectioned = try occasions(
            now: "2024-10-10T12:00:00Z", until: "2024-10-11T12:00:00Z", options: ["habits.at": "21:30", "at": "07:00"])
        #expect(sectioned.map(\.at) == [instant("2024-10-10T19:30:00Z")])
        // Still due late in the evening; gone at midnight in Berlin; on Friday all three are due.
        #expect(try occasions(now: "2024-10-10T21:59:00Z", until: "2024-10-10T23:00:00Z").count == 1)
        let friday = try occasions(now: "2024-10-10T22:00:00Z", until: "2024-10-12T00:00:00Z")
        #expect(
            friday.map(\.key).sorted() == [
                "habit:exercise_30min:2024-10-11", "habit:journal:2024-10-11", "habit:read:2024-10-11",
            ])
        #expect(friday.allSatisfy { $0.at == instant("2024-10-11T18:00:00Z") })
    }

    /// On the Sunday Berlin leaves summer time, 20:00 is 19:00 UTC (it was 18:00 UTC the day before).
    @Test func eightInTheEveningFollowsTheZonesChange() throws {
        let found = try occasions(now: "2024-10-26T12:00:00Z", until: "2024-10-28T00:00:00Z")
        let read = found.filter { $0.fields["habit"] == "read" }
        #expect(read.map(\.at) == [instant("2024-10-26T18:00:00Z"), instant("2024-10-27T19:00:00Z")])
        #expect(read.map(\.expires) == [instant("2024-10-26T22:00:00Z"), instant("2024-10-27T23:00:00Z")])
    }

    @Test func aTimeThatIsNoTimeIsAnError() {
        #expect(throws: OccasionOptionError.self) {
            try occasions(now: "2024-10-10T12:00:00Z", until: "2024-10-11T12:00:00Z", options: ["at": "25:00"])
        }
    }
}
