import Foundation
import Testing
import WeftPrimitives
import WeftRecurrence

@testable import WeftCalendar

/// Rules that made libical's iterator run for minutes or crash (issues 17 and 20) return after bounded work.
/// The bound is asserted as steps and instances, not wall time; README's engine section gives measured times.
@Suite struct PathologicalRuleTests {
    static let rules = [
        "FREQ=MINUTELY;BYDAY=1TU,-1TH", "FREQ=SECONDLY;BYYEARDAY=-1,-366", "FREQ=SECONDLY;BYYEARDAY=-1;BYMONTH=1",
        "FREQ=SECONDLY;BYYEARDAY=-366;BYMONTH=12", "FREQ=DAILY;COUNT=2147483647;INTERVAL=32767",
        "FREQ=WEEKLY;COUNT=2147483647;INTERVAL=32767", "FREQ=MONTHLY;COUNT=2147483647;INTERVAL=32767",
        "FREQ=YEARLY;COUNT=2147483647;INTERVAL=32767", "FREQ=SECONDLY;COUNT=2147483647;INTERVAL=32767",
        "FREQ=SECONDLY;COUNT=2147483647", "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6",
        "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2,4,6,9,11", "FREQ=HOURLY;INTERVAL=2;BYHOUR=2,4,6",
        "FREQ=SECONDLY;INTERVAL=60;BYSECOND=30", "FREQ=YEARLY;INTERVAL=1000000", "FREQ=MINUTELY;BYSETPOS=-1,366",
        "FREQ=YEARLY;BYDAY=53MO;BYSETPOS=-1", "FREQ=YEARLY;INTERVAL=4;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO",
        "FREQ=SECONDLY;BYMINUTE=59;BYSECOND=59;BYHOUR=23;BYMONTH=12;BYMONTHDAY=31;BYDAY=SU",
        "FREQ=MINUTELY;COUNT=100000000;BYDAY=MO;BYHOUR=9",
    ]

    @Test("the engine's work on a pathological rule is bounded by its budget", arguments: rules)
    func engineWorkIsBounded(rule: String) throws {
        let parsed = try RecurrenceRule.parse(rule)
        let start = CivilDate.daysFromCivil(year: 2000, month: 1, day: 4) * 86_400 + 9 * 3600
        let engine = RecurrenceEngine(rule: parsed, start: start, isDate: false)
        let from = CivilDate.daysFromCivil(year: 2026, month: 3, day: 10) * 86_400
        let budget = 50_000
        for span: Int64 in [86_400, 400 * 86_400, 8000 * 366 * 86_400] {
            let found = engine.instances(from: from, through: from + span, budget: budget)
            // One period more than the budget at most, and that period holds at most a day of seconds.
            #expect(found.steps <= budget + 86_401, "\(rule)")
            #expect(found.instances.count <= budget, "\(rule)")
            #expect(found.instances == found.instances.sorted(), "\(rule)")
        }
    }

    @Test("a calendar of pathological rules loads, answers next-up and lists a year with a bounded result")
    func calendarStaysBounded() throws {
        let events = Self.rules.enumerated().map { index, rule in
            ICS.event("UID:p\(index)", "SUMMARY:P\(index)", "DTSTART:20000104T090000Z", "RRULE:\(rule)")
        }
        let calendar = try ICS.parse(ICS.calendar(events.joined()), zone: "UTC")
        _ = calendar.nextTwo(now: When.utc(2026, 3, 10))
        let year = calendar.occurrences(overlapping: When.utc(2026, 3, 10), When.utc(2027, 3, 10))
        // At most the per-series budget of instances each (plus DTSTART), whatever the rules.
        #expect(year.count <= Self.rules.count * (CalendarOptions(timeZone: .gmt).maxIterationsPerSeries + 1))
        let kinds = Set(calendar.warnings.map(\.kind))
        #expect(kinds.contains(.unusableRecurrenceRule))
        #expect(kinds.contains(.forbiddenRecurrenceRule))
    }

    @Test(
        "rules that can produce nothing are recognised before iterating",
        arguments: [
            "FREQ=SECONDLY;BYYEARDAY=-1;BYMONTH=1", "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30",
            "FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6", "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2,4,6,9,11",
            "FREQ=HOURLY;INTERVAL=2;BYHOUR=2,4,6", "FREQ=SECONDLY;INTERVAL=60;BYSECOND=30", "FREQ=DAILY;BYSECOND=60",
        ])
    func emptyRulesAreRecognised(rule: String) throws {
        // DTSTART 09:00:00: an even hour, second 0.
        let start = CivilDate.daysFromCivil(year: 2000, month: 1, day: 4) * 86_400 + 9 * 3600
        let engine = RecurrenceEngine(rule: try RecurrenceRule.parse(rule), start: start, isDate: false)
        #expect(!engine.canMatch)
        #expect(engine.reasonItIsEmpty != nil)
        let found = engine.instances(from: start, through: RecurrenceEngine.lastWall, budget: 10)
        #expect(found.steps == 0 && found.instances.isEmpty)
    }

    @Test("rules that are rare but possible are not taken for empty")
    func rareRulesAreNotEmpty() throws {
        let start = CivilDate.daysFromCivil(year: 2001, month: 1, day: 1) * 86_400
        for rule in [
            "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=MO", "FREQ=SECONDLY;BYYEARDAY=366", "FREQ=YEARLY;BYWEEKNO=53",
            "FREQ=HOURLY;INTERVAL=2;BYHOUR=2,4",
        ] {
            let engine = RecurrenceEngine(rule: try RecurrenceRule.parse(rule), start: start, isDate: false)
            #expect(engine.canMatch, "\(rule)")
        }
    }

    @Test("spaces around a rule's names, values and list items are ignored, and only those")
    func spacesAroundPartsAreTrimmed() throws {
        let spaced = try RecurrenceRule.parse("  FREQ = WEEKLY ; BYDAY = MO , 2TU ;INTERVAL=  2 ;COUNT= 10")
        #expect(spaced == (try RecurrenceRule.parse("FREQ=WEEKLY;BYDAY=MO,2TU;INTERVAL=2;COUNT=10")))
        #expect(spaced.interval == 2 && spaced.count == 10)
        #expect(throws: RecurrenceRuleError.self) { try RecurrenceRule.parse("FREQ=WEEKLY;BYDAY=M O") }
    }
}
