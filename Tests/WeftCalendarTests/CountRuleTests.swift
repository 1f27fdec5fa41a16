import Foundation
import Testing
import WeftPrimitives

@testable import WeftCalendar
import WeftRecurrence

/// COUNT rules whose periods all hold the same number of instances are expanded by skipping whole periods up to
/// the window; every such shape must give exactly what stepping the engine from DTSTART gives.
@Suite struct CountRuleTests {
    /// `yyyyMMdd'T'HHmm` wall-clock starts of every instance, stepping the engine from DTSTART without skipping.
    private func stepped(_ rule: String, dtstart: String, zone: String?) throws -> [String] {
        let parsed = try RecurrenceRule.parse(rule)
        let digits = dtstart.filter(\.isNumber).map { Int(String($0)) ?? 0 }
        func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
        let day = CivilDate.daysFromCivil(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        let isDate = digits.count == 8
        let start = day * 86_400 + (isDate ? 0 : Int64(number(8..<10) * 3600 + number(10..<12) * 60))
        let engine = RecurrenceEngine(rule: parsed, start: start, isDate: isDate)
        let walls = engine.instances(from: start, through: RecurrenceEngine.lastWall, budget: 1_000_000).instances
        return walls.prefix(10_000).map { wall in
            let date = CivilDate.civil(fromDays: wall.floorDiv(86_400))
            let rest = wall.floorMod(86_400)
            return String(format: "%04d%02d%02dT%02d%02d", date.year, date.month, date.day, rest / 3600, rest / 60 % 60)
        }
    }

    /// Where wall-clock starts land when shown in `zone`: a start in a DST gap moves on by the gap (RFC 5545 §3.3.5).
    private func shown(_ walls: [String], _ zone: String) throws -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        return try walls.map { text in
            let digits = text.filter(\.isNumber).map { Int(String($0)) ?? 0 }
            func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
            let components = DateComponents(
                year: number(0..<4), month: number(4..<6), day: number(6..<8), hour: number(8..<10),
                minute: number(10..<12))
            return wall(try #require(calendar.date(from: components)), zone)
        }
    }

    private func wall(_ date: Date, _ zone: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyyMMdd'T'HHmm"
        return formatter.string(from: date)
    }

    static let rules = [
        "FREQ=DAILY;COUNT=40", "FREQ=DAILY;INTERVAL=3;COUNT=25", "FREQ=WEEKLY;COUNT=30",
        "FREQ=WEEKLY;INTERVAL=2;COUNT=20", "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=31", "FREQ=WEEKLY;BYDAY=SA,MO;COUNT=9",
        "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU;COUNT=17", "FREQ=WEEKLY;INTERVAL=3;BYDAY=MO;COUNT=12",
        "FREQ=WEEKLY;BYDAY=MO,TH;WKST=SU;COUNT=15", "FREQ=MONTHLY;COUNT=14", "FREQ=MONTHLY;INTERVAL=5;COUNT=9",
        "FREQ=MONTHLY;BYMONTHDAY=3;COUNT=13", "FREQ=YEARLY;COUNT=6", "FREQ=YEARLY;INTERVAL=4;COUNT=3",
        "FREQ=YEARLY;COUNT=30", "FREQ=MONTHLY;COUNT=200",
        "FREQ=DAILY;COUNT=1",
    ]

    @Test("COUNT rules of uniform shape give the stepped instances in every window", arguments: rules)
    func matchesSteppedIteration(rule: String) throws {
        // 2025-03-03 is a Monday; 09:30 in Berlin crosses both DST changes within the ranges above.
        for (dtstart, zone) in [("20250303T093000", "Europe/Berlin"), ("20250303T023000", "America/New_York")] {
            let expected = try shown(try stepped(rule, dtstart: dtstart, zone: zone), zone)
            let calendar = try ICS.parse(
                ICS.calendar(
                    ICS.event(
                        "UID:r", "SUMMARY:R", "DTSTART;TZID=\(zone):\(dtstart)", "DURATION:PT30M", "RRULE:\(rule)")),
                zone: "UTC")
            #expect(calendar.series.first?.recurring?.rules.first?.engine.instancesPerPeriod != nil, "\(rule)")
            let all = calendar.occurrences(overlapping: When.utc(2024, 1, 1), When.utc(2060, 1, 1))
            #expect(all.map { wall($0.start, zone) } == expected, "\(rule) from \(dtstart) \(zone)")
            // Windows late in the series, where the iterator skips ahead instead of counting from DTSTART.
            for index in Set([expected.count / 2, expected.count - 1]) where index > 0 {
                let from = all[index - 1].end
                let found = calendar.occurrences(overlapping: from, all[index].start.addingTimeInterval(60))
                #expect(found.map { wall($0.start, zone) } == [expected[index]], "\(rule) instance \(index)")
            }
            let after = calendar.occurrences(
                overlapping: try #require(all.last).end, try #require(all.last).end.addingTimeInterval(5 * 366 * 86_400)
            )
            #expect(after.isEmpty, "\(rule): nothing after the last instance")
        }
    }

    @Test("all-day and floating COUNT rules too")
    func dateAndFloating() throws {
        for (dtstart, prefix) in [("20250303", "DTSTART;VALUE=DATE:"), ("20250303T093000", "DTSTART:")] {
            let rule = "FREQ=WEEKLY;BYDAY=MO,FR;COUNT=11"
            let calendar = try ICS.parse(
                ICS.calendar(ICS.event("UID:d", "SUMMARY:D", prefix + dtstart, "RRULE:\(rule)")), zone: "Europe/Berlin")
            let found = calendar.occurrences(overlapping: When.utc(2025, 1, 1), When.utc(2026, 1, 1))
            let days = found.map { String(wall($0.start, "Europe/Berlin").prefix(8)) }
            let expected = try stepped(rule, dtstart: dtstart, zone: nil).map { String($0.prefix(8)) }
            #expect(days == expected)
            #expect(days.last == "20250407")
        }
    }

    @Test(
        "other shapes step from DTSTART, and DTSTART is an instance whether or not the rule matches it",
        arguments: [
            "FREQ=WEEKLY;BYDAY=TU;COUNT=5", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE;COUNT=6",
            "FREQ=MONTHLY;BYDAY=2MO;COUNT=4",
            "FREQ=MONTHLY;BYMONTHDAY=10,20;COUNT=4", "FREQ=DAILY;BYDAY=MO;COUNT=3", "FREQ=DAILY;BYHOUR=9,17;COUNT=4",
        ])
    func otherShapesAreNotResolved(rule: String) throws {
        let calendar = try ICS.parse(
            ICS.calendar(ICS.event("UID:o", "DTSTART;TZID=Europe/Berlin:20250303T093000", "RRULE:\(rule)")))
        // DTSTART is always an instance (RFC 5545), also where the rule itself does not match it.
        let stepped = try stepped(rule, dtstart: "20250303T093000", zone: "Europe/Berlin")
        let expected = stepped.first == "20250303T0930" ? stepped : ["20250303T0930"] + stepped
        let found = calendar.occurrences(overlapping: When.utc(2025, 1, 1), When.utc(2027, 1, 1))
        #expect(found.map { wall($0.start, "Europe/Berlin") } == expected)
    }
}
