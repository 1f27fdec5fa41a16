import Foundation
import Testing
import WeftCore
import WeftPrimitives

@testable import WeftWeather

/// Rain occasions from recorded nowcasts: MET Norway's Trondheim nowcast (rain from 19:00) and the WeatherKit
/// next hour derived to rain now and end after 35 minutes.
@Suite struct RainOccasionTests {
    let fetched = Pinned.date("2023-08-14T18:16:07Z")

    func trondheim() throws -> WeatherSnapshot {
        let api = METNorwayAPI(settings: .test("Trondheim", 63.4308, 10.4034, zone: "Europe/Oslo"))
        return try api.parse(
            nowcast: Fixture.data("met-nowcast-complete-trondheim-2023-rain.json"), forecast: nil, now: fetched)
    }

    func snapshot(_ weather: WeatherSnapshot, fetchedAt: Date, validUntil: Date) throws -> Snapshot {
        Snapshot(
            instance: "home", kind: "met-norway", prefix: "__weather_", schemaVersion: WeatherSnapshot.schemaVersion,
            fetchedAt: fetchedAt, validUntil: validUntil, payload: try Snapshot.encode(weather))
    }

    func occasions(
        _ snapshot: Snapshot, now: String, until: String, options: [String: String] = [:]
    ) throws -> [Occasion] {
        try METNorwayKind.occasions(
            of: snapshot,
            query: OccasionQuery(
                context: Pinned.context(now, zone: "Europe/Oslo"), until: Pinned.date(until), options: options))
    }

    /// `key → (at, title)`.
    func schedule(_ occasions: [Occasion]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: occasions.map { ($0.key, "\(ISOInstant.format($0.at)) \($0.title)") })
    }

    let spell = "rain:home:2023-08-14T19:00:00Z"

    @Test func aSpellIsToldAtItsLeadThenCountsDownInOneThread() throws {
        let valid = fetched.addingTimeInterval(3600)
        let found = try occasions(
            try snapshot(trondheim(), fetchedAt: fetched, validUntil: valid), now: "2023-08-14T18:16:07Z",
            until: "2023-08-14T19:30:00Z")
        // 0.2 → 0.7 mm/h over the series' hour: light rain.
        #expect(
            schedule(found) == [
                "\(spell):lead": "2023-08-14T18:45:00Z Rain in 15 min · light rain",
                "\(spell):10": "2023-08-14T18:50:00Z Rain in 10 min · light rain",
                "\(spell):5": "2023-08-14T18:55:00Z Rain in 5 min · light rain",
            ])
        #expect(found.allSatisfy { $0.thread == spell && $0.expires == valid && $0.kind == .rain })
        #expect(found.allSatisfy { $0.body == "Trondheim" && $0.fields["start"] == "2023-08-14T19:00:00Z" })

        let short = try occasions(
            try snapshot(trondheim(), fetchedAt: fetched, validUntil: valid), now: "2023-08-14T18:16:07Z",
            until: "2023-08-14T19:30:00Z", options: ["lead": "5m", "pre-alerts.lead": "30m", "colour": "blue"])
        #expect(schedule(short) == ["\(spell):lead": "2023-08-14T18:55:00Z Rain in 5 min · light rain"])
        // As the notifier passes every section's options: `[rain] lead` wins over a bare `lead` of another section.
        let sectioned = try occasions(
            try snapshot(trondheim(), fetchedAt: fetched, validUntil: valid), now: "2023-08-14T18:16:07Z",
            until: "2023-08-14T19:30:00Z", options: ["rain.lead": "5m", "lead": "30m", "pre-alerts.lead": "30m"])
        #expect(schedule(sectioned) == schedule(short))
    }

    /// A later refresh whose series starts a quarter of an hour later sees the same spell: the same keys.
    @Test func aLaterRefreshOfTheSameSpellKeepsItsKeys() throws {
        var later = try trondheim()
        let start = Pinned.date("2023-08-14T18:30:00Z")
        later.minutes?.forecastStart = start
        later.minutes?.points.removeAll { $0.date < start }
        let refreshed = Pinned.date("2023-08-14T18:31:00Z")
        let found = try occasions(
            try snapshot(later, fetchedAt: refreshed, validUntil: refreshed.addingTimeInterval(1800)),
            now: "2023-08-14T18:31:00Z", until: "2023-08-14T19:30:00Z")
        // The spell's peak in the hour this series covers (18:30 to 19:30) is 1.6 mm/h: moderate rain.
        #expect(
            schedule(found) == [
                "\(spell):lead": "2023-08-14T18:45:00Z Rain in 15 min · moderate rain",
                "\(spell):10": "2023-08-14T18:50:00Z Rain in 10 min · moderate rain",
                "\(spell):5": "2023-08-14T18:55:00Z Rain in 5 min · moderate rain",
            ])
    }

    /// First seen within its lead, a spell is told from the refresh that found it; of the steps already due when
    /// the window starts only the latest is given (they update one notification).
    @Test func aSpellFoundLateAndAWindowStartingLate() throws {
        let seen = Pinned.date("2023-08-14T18:47:30Z")
        let found = try occasions(
            try snapshot(trondheim(), fetchedAt: seen, validUntil: seen.addingTimeInterval(900)),
            now: "2023-08-14T18:47:30Z", until: "2023-08-14T19:30:00Z")
        #expect(
            schedule(found) == [
                "\(spell):lead": "2023-08-14T18:48:00Z Rain in 12 min · light rain",
                "\(spell):10": "2023-08-14T18:50:00Z Rain in 10 min · light rain",
                "\(spell):5": "2023-08-14T18:55:00Z Rain in 5 min · light rain",
            ])
        let late = try occasions(
            try snapshot(trondheim(), fetchedAt: fetched, validUntil: fetched.addingTimeInterval(3600)),
            now: "2023-08-14T18:52:00Z", until: "2023-08-14T19:30:00Z")
        #expect(late.map(\.key).sorted() == ["\(spell):10", "\(spell):5"])
    }

    /// A refresh landing on a countdown step (seen from 18:50, the 10-minute step) does not swallow it: the lead
    /// (told already from the earlier refresh, or told now) and the step are both given, each by its own key.
    @Test func aRefreshLandingOnAStepStillGivesTheStep() throws {
        for refreshed in ["2023-08-14T18:49:30Z", "2023-08-14T18:50:00Z"] {
            let at = Pinned.date(refreshed)
            let snapshot = try snapshot(trondheim(), fetchedAt: at, validUntil: at.addingTimeInterval(900))
            for now in [refreshed, "2023-08-14T18:50:00Z"] {
                let found = try occasions(snapshot, now: now, until: "2023-08-14T19:30:00Z")
                #expect(
                    schedule(found) == [
                        "\(spell):lead": "2023-08-14T18:50:00Z Rain in 10 min · light rain",
                        "\(spell):10": "2023-08-14T18:50:00Z Rain in 10 min · light rain",
                        "\(spell):5": "2023-08-14T18:55:00Z Rain in 5 min · light rain",
                    ], "refreshed \(refreshed), now \(now)")
            }
        }
    }

    /// Never from stale data: nothing once the snapshot is past its validity, nothing due after it.
    @Test func aStaleSnapshotGivesNothing() throws {
        let valid = Pinned.date("2023-08-14T18:52:00Z")
        let snapshot = try snapshot(trondheim(), fetchedAt: fetched, validUntil: valid)
        let found = try occasions(snapshot, now: "2023-08-14T18:16:07Z", until: "2023-08-14T19:30:00Z")
        #expect(found.map(\.key).sorted() == ["\(spell):10", "\(spell):lead"])
        #expect(try occasions(snapshot, now: "2023-08-14T18:52:00Z", until: "2023-08-14T19:30:00Z").isEmpty)
    }

    @Test func rainNowStoppingIsToldFiveMinutesBeforeItsEnd() throws {
        let api = WeatherKitAPI(settings: .test("New York", 40.713, -74.006, zone: "America/New_York"), signer: nil)
        let now = Pinned.date("2022-07-05T18:22:00Z")
        let weather = try api.parse(Fixture.data("weatherkit-nexthour-derived-rain-now-ends-34m.json"), now: now)
        let snapshot = Snapshot(
            instance: "nyc", kind: "weatherkit", prefix: "__weather_", schemaVersion: 1, fetchedAt: now,
            validUntil: now.addingTimeInterval(3600), payload: try Snapshot.encode(weather))
        let found = try WeatherKitKind.occasions(
            of: snapshot,
            query: OccasionQuery(context: Pinned.context("2022-07-05T18:22:00Z", zone: "UTC"), until: now + 3600))
        #expect(
            schedule(found) == ["rain:nyc:2022-07-05T18:57:00Z:stop": "2022-07-05T18:52:00Z Rain stopping in 5 min"])
        #expect(found.first?.thread == "rain:nyc:until:2022-07-05T18:57:00Z")
    }

    @Test func aLeadThatIsNoDurationIsAnError() throws {
        let snapshot = try snapshot(trondheim(), fetchedAt: fetched, validUntil: fetched.addingTimeInterval(3600))
        #expect(
            throws: OccasionOptionError(
                section: "rain", option: "lead", value: "soon", expected: "a duration such as \"15m\" or \"1h\"")
        ) {
            try occasions(
                snapshot, now: "2023-08-14T18:16:07Z", until: "2023-08-14T19:30:00Z", options: ["lead": "soon"])
        }
    }
}
