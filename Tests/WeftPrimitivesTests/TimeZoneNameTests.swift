import Foundation
import Testing
import WeftTestSupport

@testable import WeftPrimitives

@Suite struct TimeZoneNameTests {
    /// Fixed "now" so the year the rules are matched over does not depend on the day the tests run.
    let now = instant("2026-03-10T09:30:00Z")

    func offsets(_ zone: TimeZone, _ instants: [String]) -> [Int] {
        instants.map { zone.secondsFromGMT(for: instant($0)) }
    }

    @Test(arguments: ["Europe/Berlin", "America/New_York", "Asia/Kolkata", "Etc/GMT-3"])
    func ianaNames(_ name: String) throws {
        #expect(try TimeZoneName.zone(name, now: now).identifier == name)
        #expect(try TimeZoneName.zone(":" + name, now: now).identifier == name, "glibc's leading colon")
    }

    @Test func aliasesKeepWorking() throws {
        let pacific = try TimeZoneName.zone("US/Pacific", now: now)
        #expect(offsets(pacific, ["2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z"]) == [-8 * 3600, -7 * 3600])
        #expect(
            try TimeZoneName.zone("EST5EDT", now: now).secondsFromGMT(for: instant("2026-07-01T00:00:00Z")) == -4 * 3600
        )
    }

    @Test func zoneinfoPathsAndSymlinksName() throws {
        #expect(try TimeZoneName.zone("/usr/share/zoneinfo/Europe/Berlin", now: now).identifier == "Europe/Berlin")
        #expect(try TimeZoneName.zone(":/usr/share/zoneinfo/Asia/Tokyo", now: now).identifier == "Asia/Tokyo")
        #expect(try TimeZoneName.zone("/usr/share/zoneinfo/posix/Europe/Paris", now: now).identifier == "Europe/Paris")
        // A symbolic link anywhere that points into zoneinfo names the zone it points at.
        let home = try TemporaryHome("tz")
        let dir = home.root
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/localtime", withDestinationPath: "/usr/share/zoneinfo/America/Sao_Paulo")
        #expect(try TimeZoneName.zone(":" + dir + "/localtime", now: now).identifier == "America/Sao_Paulo")
        // A link to a link (US/Pacific → ../America/Los_Angeles) stops at the first name that is a zone.
        try FileManager.default.createSymbolicLink(
            atPath: dir + "/pacific", withDestinationPath: "/usr/share/zoneinfo/US/Pacific")
        let pacific = try TimeZoneName.zone(dir + "/pacific", now: now)
        #expect(pacific.secondsFromGMT(for: instant("2026-01-15T12:00:00Z")) == -8 * 3600)
    }

    @Test func etcLocaltimeIsTheSystemZone() throws {
        let zone = try TimeZoneName.zone(":/etc/localtime", now: now)
        // This machine's /etc/localtime: whatever it names, weft reads the same zone.
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/etc/localtime"),
            let range = target.range(of: "/zoneinfo/")
        {
            let named = try #require(TimeZone(identifier: String(target[range.upperBound...])))
            #expect(zone.secondsFromGMT(for: now) == named.secondsFromGMT(for: now))
        }
    }

    @Test func aFileThatNamesNoZoneIsRefused() {
        #expect(throws: TimeZoneName.Unknown.self) { try TimeZoneName.zone("/etc/hostname", now: now) }
        #expect(throws: TimeZoneName.Unknown.self) { try TimeZoneName.zone(":/nonexistent/zone", now: now) }
    }

    @Test(arguments: [
        ("UTC0", 0), ("GMT0", 0), ("UTC", 0), ("<+0530>-5:30", 19_800), ("JST-9", 32_400), ("EST5", -18_000),
        ("<-03>3", -10_800), ("XYZ+1:30:15", -5415), ("<UTC+2>-2", 7200),
    ])
    func standardOnlyStringsAreFixedZonesWithTheOppositeSign(_ text: String, _ offset: Int) throws {
        let zone = try TimeZoneName.zone(text, now: now)
        #expect(offsets(zone, ["2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z"]) == [offset, offset])
    }

    @Test func utcZeroIsTheUTCZone() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(try TimeZoneName.zone("UTC0", now: now) == utc)
        #expect(try TimeZoneName.zone("UTC", now: now) == utc)
        #expect(try TimeZoneName.zone(":UTC", now: now) == utc)
    }

    @Test func daylightRulesBecomeTheZoneThatFollowsThem() throws {
        let central = try TimeZoneName.zone("CET-1CEST,M3.5.0,M10.5.0/3", now: now)
        #expect(
            offsets(
                central,
                [
                    "2026-03-29T00:59:59Z", "2026-03-29T01:00:00Z", "2026-10-25T00:59:59Z", "2026-10-25T01:00:00Z",
                ]) == [3600, 7200, 7200, 3600])
        let eastern = try TimeZoneName.zone("EST5EDT,M3.2.0,M11.1.0", now: now)
        #expect(
            offsets(eastern, ["2026-03-08T06:59:59Z", "2026-03-08T07:00:00Z", "2026-11-01T06:00:00Z"])
                == [-18_000, -14_400, -18_000])
        // The southern hemisphere: daylight time spans the new year.
        let sydney = try TimeZoneName.zone("AEST-10AEDT,M10.1.0,M4.1.0/3", now: now)
        #expect(offsets(sydney, ["2026-01-15T00:00:00Z", "2026-07-15T00:00:00Z"]) == [39_600, 36_000])
        // Quoted names and explicit daylight offsets and times.
        let london = try TimeZoneName.zone("GMT0BST-1,M3.5.0/1:00:00,M10.5.0/2", now: now)
        #expect(offsets(london, ["2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z"]) == [0, 3600])
        let chatham = try TimeZoneName.zone("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", now: now)
        #expect(offsets(chatham, ["2026-01-15T00:00:00Z", "2026-07-15T00:00:00Z"]) == [49_500, 45_900])
    }

    @Test func abbreviationsPickAmongZonesWithTheSameOffsets() throws {
        // Canary (WET/WEST), Dublin and London all keep 0 in winter and +1 in summer on these days; the names
        // GMT/BST pick a zone whose tzdata rule is exactly this one.
        let text = "GMT0BST,M3.5.0/1,M10.5.0"
        let zone = try TimeZoneName.zone(text, now: now)
        #expect(TimeZoneName.tzdataRule(zone.identifier) == PosixTZ.parse(text), "\(zone.identifier)")
        // The legacy zone named like the rule comes first.
        #expect(try TimeZoneName.zone("EST5EDT,M3.2.0,M11.1.0", now: now).identifier == "EST5EDT")
        #expect(try TimeZoneName.zone("CET-1CEST,M3.5.0,M10.5.0/3", now: now).identifier == "CET")
        // Names no zone uses still find a zone whose offsets follow the rule.
        let unnamed = try TimeZoneName.zone("XST-1XDT,M3.5.0,M10.5.0/3", now: now)
        #expect(offsets(unnamed, ["2026-01-15T12:00:00Z", "2026-07-15T12:00:00Z"]) == [3600, 7200])
    }

    @Test func posixRulesParse() throws {
        let chatham = try #require(PosixTZ.parse("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45"))
        #expect(chatham.standardName == "+1245" && chatham.standardOffset == 45_900)
        #expect(chatham.daylight?.name == "+1345" && chatham.daylight?.offset == 49_500)
        let julian = try #require(PosixTZ.parse("ABC3DEF,J60/-1,300/26"))
        #expect(julian.daylight?.offset == -7200, "daylight defaults to an hour ahead of standard")
        // J60 is 1 March in every year; 300 counts 29 February.
        #expect(julian.daylight?.start.dayNumber(in: 2024) == day("2024-03-01"))
        #expect(julian.daylight?.start.dayNumber(in: 2023) == day("2023-03-01"))
        #expect(julian.daylight?.end.dayNumber(in: 2024) == day("2024-10-27"))
        #expect(julian.daylight?.start.seconds == -3600 && julian.daylight?.end.seconds == 26 * 3600)
        // M3.5.0 is the last Sunday of March; M2.5.0 in a leap year falls on the 29th when it is a Sunday.
        let rule = PosixTZ.Rule(day: .monthWeekDay(month: 3, week: 5, weekday: 0), seconds: 7200)
        #expect(rule.dayNumber(in: 2026) == day("2026-03-29"))
        let leap = PosixTZ.Rule(day: .monthWeekDay(month: 2, week: 5, weekday: 4), seconds: 0)
        #expect(leap.dayNumber(in: 2024) == day("2024-02-29"))
        for bad in ["", "AB", "ABC", "ABC-", "ABC1DEF,", "ABC1DEF,M3.6.0,M10.1.0", "ABC1DEF,J0,J1", "<AB>1", "ABC25"] {
            #expect(PosixTZ.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func rulesNoZoneFollowsAreAnErrorNotAFixedOffset() {
        #expect {
            try TimeZoneName.zone("ABC-1DEF,M2.1.0,M5.1.0", now: now)
        } throws: { error in
            let text = "\(error)"
            return text.contains("ABC-1DEF,M2.1.0,M5.1.0") && text.contains("daylight-saving")
                && text.contains("Europe/Berlin") && text.contains("UTC0")
        }
    }

    @Test(arguments: ["Nowhere/Special", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "AB0", "UTC+", ":", "GMT+5x"])
    func malformedNamesAreRefusedWithTheFormsThatWork(_ text: String) {
        #expect {
            try TimeZoneName.zone(text, now: now)
        } throws: { error in
            "\(error)".hasPrefix("unknown time zone \"\(text)\"") && "\(error)".contains(":/etc/localtime")
        }
    }

    @Test func customGMTOffsetsAreReadTheIANAWay() throws {
        // ICU would read GMT+5 as five hours east; in POSIX and IANA (Etc/GMT+5) it is five hours west.
        let zone = try TimeZoneName.zone("Etc/GMT+5", now: now)
        #expect(zone.secondsFromGMT(for: now) == -18_000)
        let posix = try TimeZoneName.zone("GMT+5", now: now)
        #expect(posix.secondsFromGMT(for: now) == -18_000)
    }

    @Test func theRuleTakesTheProviderThenTheFlagThenTZThenTheSystem() throws {
        let berlin = zone("Europe/Berlin")
        let rule = try ZoneRule(tz: "Asia/Tokyo", environment: ["TZ": "UTC0"], now: now)
        #expect(rule.general.identifier == "Asia/Tokyo" && rule.warning == nil)
        #expect(rule.zone(provider: berlin) == berlin, "a provider's timezone wins over --tz")
        #expect(rule.zone(recorded: "Europe/Berlin") == berlin)
        #expect(rule.zone(recorded: nil) == rule.general)
        #expect(
            try ZoneRule(tz: nil, environment: ["TZ": ":Europe/Berlin"], now: now).general.identifier
                == "Europe/Berlin")
        #expect(try ZoneRule(tz: nil, environment: ["TZ": ""], now: now).general == zone("UTC"), "empty TZ is UTC")
        #expect(try ZoneRule(tz: nil, environment: [:], now: now).general == .current)
        #expect(throws: TimeZoneName.Unknown.self, "a --tz the user typed is an error") {
            try ZoneRule(tz: "Mars/Olympus", environment: [:])
        }
    }

    @Test func anUnknownTZIsUTCWithOneWarning() throws {
        let rule = try ZoneRule(tz: nil, environment: ["TZ": "Foo/Bar"], now: now)
        #expect(rule.general == zone("UTC"))
        #expect(rule.warning?.contains("\"Foo/Bar\"") == true, "\(rule.warning ?? "no warning")")
        #expect(ZoneRule.environmentWarning(["TZ": "Foo/Bar"]) == rule.warning)
        #expect(ZoneRule.environmentWarning(["TZ": "Europe/Berlin"]) == nil)
        #expect(ZoneRule.environmentWarning([:]) == nil)
    }
}
