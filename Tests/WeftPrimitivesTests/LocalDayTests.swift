import Foundation
import Testing
import WeftPrimitives
import WeftTestSupport

@Suite struct CivilDateTests {
    @Test func civilDatesRoundTripAcrossCenturiesAndLeapDays() {
        for number in stride(from: Int64(-800_000), through: 800_000, by: 997) {
            let parts = CivilDate.civil(fromDays: number)
            #expect(CivilDate.daysFromCivil(year: parts.year, month: parts.month, day: parts.day) == number)
        }
        #expect(CivilDate.daysFromCivil(year: 1970, month: 1, day: 1) == 0)
        #expect(
            CivilDate.daysFromCivil(year: 2024, month: 3, day: 1)
                - CivilDate.daysFromCivil(year: 2024, month: 2, day: 28) == 2)
        #expect(CivilDate.daysInMonth(year: 1900, month: 2) == 28)
        #expect(CivilDate.daysInMonth(year: 2000, month: 2) == 29)
        #expect(CivilDate.isValid(year: 2024, month: 2, day: 29))
        #expect(!CivilDate.isValid(year: 2023, month: 2, day: 29))
        #expect(!CivilDate.isValid(year: 2024, month: 13, day: 1))
        #expect(!CivilDate.isValid(year: 2024, month: 1, day: 0))
    }

    @Test func floorDivisionRoundsTowardsNegativeInfinity() {
        #expect(Int64(7).floorDiv(2) == 3)
        #expect(Int64(-7).floorDiv(2) == -4)
        #expect(Int64(-86_400).floorDiv(86_400) == -1)
        #expect(Int64(-86_401).floorDiv(86_400) == -2)
        #expect(Int64(7).floorDiv(-2) == -4)
        #expect(Int64(-1).floorMod(7) == 6)
        #expect(Int64(13).floorMod(7) == 6)
        #expect(Int64(-14).floorMod(7) == 0)
    }
}

@Suite struct LocalDayTests {
    @Test func weekdaysAreISOMondayOneToSundaySeven() {
        #expect(LocalDay.weekday(day("2026-03-09")) == 1)  // Monday
        #expect(LocalDay.weekday(day("2026-03-10")) == 2)  // Tuesday
        #expect(LocalDay.weekday(day("1970-01-01")) == 4)  // Thursday
        #expect(LocalDay.weekday(day("1969-12-28")) == 7)  // Sunday, before the epoch
        #expect(LocalDay.weekday(day("2024-10-13")) == 7)  // Sunday
        #expect(LocalDay.weekStart(day("2024-10-13")) == day("2024-10-07"))
        #expect(LocalDay.weekStart(day("2024-10-14")) == day("2024-10-14"))
        #expect(LocalDay.weekStart(day("1970-01-01")) == day("1969-12-29"))
    }

    @Test func isoTextRoundTripsAndParsingIsStrict() {
        #expect(LocalDay.iso(0) == "1970-01-01")
        #expect(LocalDay.iso(day("2024-02-29")) == "2024-02-29")
        #expect(LocalDay.iso(CivilDate.daysFromCivil(year: 999, month: 1, day: 5)) == "0999-01-05")
        for text in [
            "2024-02-30", "2023-02-29", "2024-3-05", "24-03-05", "2024-13-01", "2024-00-10", "+024-01-01",
            "2024/03/05", "2024-03-05 ", "", "２０２４-03-05",
        ] {
            #expect(LocalDay.parse(text) == nil, "\(text)")
        }
    }

    @Test func theDayContainingAnInstantFollowsTheZoneAcrossClockChanges() {
        let berlin = zone("Europe/Berlin")
        #expect(LocalDay.containing(instant("2024-10-09T21:59:59Z"), in: berlin) == day("2024-10-09"))
        #expect(LocalDay.containing(instant("2024-10-09T22:00:00Z"), in: berlin) == day("2024-10-10"))
        #expect(LocalDay.containing(instant("2024-03-30T23:00:00Z"), in: berlin) == day("2024-03-31"))
        #expect(LocalDay.containing(instant("2024-03-31T22:00:00Z"), in: berlin) == day("2024-04-01"))
        #expect(LocalDay.containing(instant("1969-12-31T23:59:59Z"), in: zone("UTC")) == -1)
        #expect(LocalDay.containing(instant("2024-10-10T03:30:00Z"), in: zone("America/New_York")) == day("2024-10-09"))
        #expect(LocalDay.iso(of: instant("2026-03-10T23:30:00Z"), in: zone("Pacific/Auckland")) == "2026-03-11")
    }

    @Test func dayStartsAndWallClockTimesFollowRFC5545() {
        let berlin = zone("Europe/Berlin")
        #expect(LocalDay.start(of: day("2024-03-31"), in: berlin) == instant("2024-03-30T23:00:00Z"))
        #expect(LocalDay.start(of: day("2024-04-01"), in: berlin) == instant("2024-03-31T22:00:00Z"))
        #expect(LocalDay.start(of: day("2024-10-28"), in: berlin) == instant("2024-10-27T23:00:00Z"))
        // 02:30 on the spring day does not exist: read with the winter offset, it is 03:30 CEST.
        #expect(
            LocalDay.instant(day: day("2024-03-31"), secondsIntoDay: 9000, in: berlin)
                == instant("2024-03-31T01:30:00Z"))
        // 02:30 on the autumn day happens twice: the first, still summer time.
        #expect(
            LocalDay.instant(day: day("2024-10-27"), secondsIntoDay: 9000, in: berlin)
                == instant("2024-10-27T00:30:00Z"))
        #expect(
            LocalDay.instant(day: day("2024-10-27"), secondsIntoDay: 4 * 3600, in: berlin)
                == instant("2024-10-27T03:00:00Z"))
        // A zone whose midnight does not exist (Santiago springs forward at 24:00): the day starts at 01:00.
        let santiago = zone("America/Santiago")
        #expect(LocalDay.start(of: day("2024-09-08"), in: santiago) == instant("2024-09-08T04:00:00Z"))
    }

    @Test func localTimePartsUseTheSameDayAndWeekday() {
        let parts = LocalTime.components(of: instant("2026-03-10T23:30:15Z"), in: zone("Pacific/Auckland"))
        #expect(parts.year == 2026 && parts.month == 3 && parts.day == 11)
        #expect(parts.hour == 12 && parts.minute == 30 && parts.second == 15)
        #expect(parts.weekday == 3)  // Wednesday
        let before = LocalTime.components(of: Date(timeIntervalSince1970: -0.5), in: zone("UTC"))
        #expect(before.year == 1969 && before.hour == 23 && before.second == 59)
        let far = LocalTime.components(of: Date(timeIntervalSince1970: 1e300), in: zone("UTC"))
        #expect(far.year == 9999, "far-off instants clamp instead of trapping")
    }
}
