import Foundation
import Testing
import WeftCore
import WeftPrimitives
import WeftTestSupport

@testable import WeftHabits

@Suite struct TimeTests {
    func localDay(_ text: String, _ tz: String) -> String? {
        HabitCompletion.parse(text, zone: zone(tz)).map { LocalDay.iso($0.day) }
    }

    @Test func completionsNearMidnightCountForTheLocalDay() {
        #expect(localDay("2024-10-09T23:30:00Z", "Europe/Berlin") == "2024-10-10")
        #expect(localDay("2024-10-09T23:30:00Z", "UTC") == "2024-10-09")
        #expect(localDay("2024-10-09T23:30:00Z", "America/New_York") == "2024-10-09")
        #expect(localDay("2024-10-10T03:30:00Z", "America/New_York") == "2024-10-09")
        #expect(localDay("2024-10-09T21:59:59Z", "Europe/Berlin") == "2024-10-09")
        #expect(localDay("2024-10-09T22:00:00Z", "Europe/Berlin") == "2024-10-10")
        #expect(localDay("2024-10-09T23:30:00+02:00", "UTC") == "2024-10-09")
        #expect(localDay("2024-10-10T00:30:00.250+0200", "UTC") == "2024-10-09")
        #expect(localDay("2024-10-09", "Pacific/Kiritimati") == "2024-10-09", "a plain date is never shifted")
    }

    @Test func daylightSavingTransitions() {
        // Spring forward in Berlin, 31 March 2024: midnight is +01:00, the next midnight +02:00.
        #expect(localDay("2024-03-30T22:59:59Z", "Europe/Berlin") == "2024-03-30")
        #expect(localDay("2024-03-30T23:00:00Z", "Europe/Berlin") == "2024-03-31")
        #expect(localDay("2024-03-31T21:59:59Z", "Europe/Berlin") == "2024-03-31")
        #expect(localDay("2024-03-31T22:00:00Z", "Europe/Berlin") == "2024-04-01")
        // Fall back, 27 October 2024: the day is 25 hours long.
        #expect(localDay("2024-10-26T22:00:00Z", "Europe/Berlin") == "2024-10-27")
        #expect(localDay("2024-10-27T22:59:59Z", "Europe/Berlin") == "2024-10-27")
        #expect(localDay("2024-10-27T23:00:00Z", "Europe/Berlin") == "2024-10-28")
        // Wall-clock times in the gap and in the repeated hour still land on their day.
        let gap = HabitCompletion.parse("2024-03-31 02:30", zone: zone("Europe/Berlin"))
        #expect(gap?.day == day("2024-03-31"))
        #expect(gap?.at == instant("2024-03-31T01:30:00Z"), "02:30 does not exist; read with the winter offset")
        let repeated = HabitCompletion.parse("2024-10-27 02:30", zone: zone("Europe/Berlin"))
        #expect(repeated?.at == instant("2024-10-27T00:30:00Z"), "the first 02:30, still summer time")
        #expect(LocalDay.start(of: day("2024-10-28"), in: zone("Europe/Berlin")) == instant("2024-10-27T23:00:00Z"))
    }

    @Test func aRenderAfterMidnightAcrossTheClockChangeSeesANewDay() throws {
        var archive = HabitArchive()
        archive.merge(
            try importCSV(
                identitybuilderHeader + "Read,,,1234560,2024-03-29T20:00:00Z\nRead,,,1234560,2024-03-30T20:00:00Z\n"
                    + "Read,,,1234560,2024-03-31T21:30:00Z\n"))
        let snapshot = HabitsSnapshot(habits: archive.states(), timeZone: "Europe/Berlin")
        func values(at now: String) -> [String: String] {
            HabitVariables.values(
                snapshot,
                context: VariableContext(now: instant(now), timeZone: zone("UTC"), locale: Locale(identifier: "en_US")))
        }
        // 23:45 CEST on the 31st: done today, three days in a row.
        let late = values(at: "2024-03-31T21:45:00Z")
        #expect(late["__habits_read_done_today"] == "1")
        #expect(late["__habits_read_streak"] == "3")
        // 00:15 CEST on 1 April (22:15 UTC on the 31st): a new day, not done yet, the streak holds.
        let after = values(at: "2024-03-31T22:15:00Z")
        #expect(after["__habits_read_done_today"] == "0")
        #expect(after["__habits_read_streak"] == "3")
        #expect(after["__habits_read_last_done_iso"] == "2024-03-31T21:30:00Z")
        // The configured zone wins over the render's UTC, where it would still be the 31st.
        #expect(after["__habits_percent_today"] == "0")
    }
}
