import Foundation
import Logging
import Testing
import WeftCore
import WeftTestSupport

@testable import WeftSteps

/// The `[goals]` occasion of a steps snapshot: today's goal met, once per day.
@Suite struct StepOccasionTests {
    /// applehealth2csv's sample (iPhone and Apple Watch on the evening of 2020-12-31 in New York), imported at 23:30
    /// that evening with `goal`.
    func snapshot(goal: Int) async throws -> Snapshot {
        let export = Fixture.path("apple_health/applehealth2csv_README_StepCount.csv")
        let config = try ProviderConfig(
            text: "type = \"steps\"\nfiles = [\"\(export)\"]\ntimezone = \"America/New_York\"\n"
                + "goal_weekday = \(goal)\ngoal_weekend = \(goal)\n",
            file: "/p/walk.toml")
        let outcome = try await StepsKind.make(config).refresh(
            RefreshContext(
                now: instant("2021-01-01T04:30:00Z"), previous: nil, timeZone: zone("UTC"),
                logger: Logger(label: "test"), data: MemoryProviderData()))
        guard case .updated(let snapshot) = outcome.change else { throw Failure() }
        return snapshot
    }

    struct Failure: Error {}

    func occasions(_ snapshot: Snapshot, now: String, until: String) throws -> [Occasion] {
        try StepsKind.occasions(
            of: snapshot,
            query: OccasionQuery(
                context: VariableContext(now: instant(now), timeZone: zone("UTC"), locale: Locale(identifier: "en")),
                until: instant(until)))
    }

    @Test func aGoalMetIsToldOnceThatDay() async throws {
        let met = try await snapshot(goal: 100)
        let steps = try #require(
            StepsKind.variables(
                of: met,
                context: VariableContext(
                    now: instant("2021-01-01T04:40:00Z"), timeZone: zone("UTC"), locale: Locale(identifier: "en")))[
                    "__steps_today"])
        #expect((Int(steps) ?? 0) >= 100)
        // Asked after the import that showed it: due now, until midnight in New York.
        let found = try occasions(met, now: "2021-01-01T04:40:00Z", until: "2021-01-01T05:40:00Z")
        #expect(found.map(\.key) == ["goal:steps:walk:2020-12-31"])
        let goal = try #require(found.first)
        #expect(goal.kind == .goal && goal.at == instant("2021-01-01T04:40:00Z"))
        #expect(goal.expires == instant("2021-01-01T05:00:00Z"))
        #expect(goal.body == "\(steps) of 100 steps today")
        #expect(goal.fields["date"] == "2020-12-31")
        // Asked before the import: due when the import showed it.
        let early = try occasions(met, now: "2021-01-01T04:00:00Z", until: "2021-01-01T05:00:00Z")
        #expect(early.map(\.at) == [instant("2021-01-01T04:30:00Z")])
        // The next day (in New York) has no steps yet.
        #expect(try occasions(met, now: "2021-01-01T05:00:00Z", until: "2021-01-01T06:00:00Z").isEmpty)
    }

    @Test func aGoalNotMetIsNothing() async throws {
        let short = try await snapshot(goal: 1_000_000)
        #expect(try occasions(short, now: "2021-01-01T04:40:00Z", until: "2021-01-01T05:40:00Z").isEmpty)
    }
}
