import Foundation
import Testing
import WeftPrimitives

@Suite struct ISOInstantTests {
    @Test func formatsLikeFoundationAcrossEras() {
        let reference = ISO8601DateFormatter()
        reference.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        // Leap days, century years, before 1970 and milliseconds just under a second.
        let samples: [TimeInterval] = [
            0, -1, -0.001, 951_782_399.999, 951_825_600, 4_107_542_400, -2_208_988_800.5, 1_773_135_000.25,
            253_402_300_799,
        ]
        for seconds in samples {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISOInstant.format(date, milliseconds: true) == reference.string(from: date), "\(seconds)")
        }
        #expect(ISOInstant.format(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59Z")
    }

    @Test func farOffInstantsClampInsteadOfTrapping() {
        #expect(ISOInstant.format(Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59Z")
        #expect(ISOInstant.format(Date(timeIntervalSince1970: 1e300), milliseconds: true) == "9999-12-31T23:59:59.000Z")
        #expect(ISOInstant.format(Date(timeIntervalSince1970: -1e300)) == "0001-01-01T00:00:00Z")
        #expect(ISOInstant.format(Date(timeIntervalSince1970: .nan)) == "0001-01-01T00:00:00Z")
        #expect(Instant.wholeSeconds(Date(timeIntervalSince1970: .infinity)) == Instant.latestSeconds)
    }

    @Test(arguments: [
        ("2026-03-10T09:30:00Z", 1_773_135_000.0), ("2026-03-10T09:30:00.25Z", 1_773_135_000.25),
        ("2026-03-10T10:30:00+01:00", 1_773_135_000), ("2026-03-10T10:30:00+0100", 1_773_135_000),
        ("2026-03-10T04:00:00-05:30", 1_773_135_000), ("2026-03-10t09:30:00z", 1_773_135_000),
        (" 2026-03-10T09:30:00Z ", 1_773_135_000), ("2026-03-10T09:30:00.123456Z", 1_773_135_000.123456),
        ("1969-12-31T23:59:59Z", -1),
    ])
    func parsesInternetDateTimes(_ text: String, _ seconds: Double) throws {
        let date = try #require(ISOInstant.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    @Test(arguments: [
        "2026-03-10T09:30:00", "2026-03-10", "2026-03-10 09:30", "2026-02-30T09:30:00Z", "2026-03-10T24:00:00Z",
        "2026-03-10T09:30:00+25:00", "soon", "", "2026-03-10T09:30:00Zjunk",
    ])
    func refusesTimesWithoutAZoneAndImpossibleDates(_ text: String) {
        #expect(ISOInstant.parse(text) == nil)
    }

    @Test(arguments: [
        ("2026-03-10T10:30:00+01", 1_773_135_000.0), ("2026-03-10T09:30:00-00:00", 1_773_135_000),
        ("2026-03-10T09:30:00.123+05:30", 1_773_115_200.123),
    ])
    func offsetsInEveryFormFoundationReadToo(_ text: String, _ seconds: Double) throws {
        let date = try #require(ISOInstant.parse(text))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6)
    }

    /// Foundation's ISO8601DateFormatter (weft's parser before) rolled these over or ignored the rest; they are
    /// refused now rather than read as some other instant.
    @Test(arguments: [
        "2026-02-30T09:30:00Z", "2026-03-10T09:30:00Zjunk", "12026-03-10T09:30:00Z", "2026-3-10T09:30:00Z",
        "2026-03-10T9:30:00Z", "2026-03-10T09:30:00+1", "2026-03-10T09:30:60Z",
    ])
    func refusesWhatFoundationRolledOverOrIgnored(_ text: String) {
        #expect(ISOInstant.parse(text) == nil)
    }
}
