import Foundation
import Testing
import WeftCore
import WeftPrimitives
import WeftTestSupport

@testable import WeftAlarms

@Suite struct AlarmScheduleTests {
    let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current

    func date(_ text: String) -> Date { ISOInstant.parse(text) ?? .distantPast }
    func day(_ text: String) -> Int64 { LocalDay.parse(text) ?? 0 }

    func schedule(_ days: Set<Int>?, every: (Int, Bool)? = nil, on: String? = nil, now: String) throws -> AlarmSchedule
    {
        try AlarmSchedule.make(
            hour: 7, minute: 0, zone: berlin, days: days, every: every.map { (count: $0.0, weekly: $0.1) },
            on: on.map(day), now: date(now))
    }

    @Test func sevenStaysSevenAcrossTheAutumnClockChange() throws {
        // Berlin leaves summer time on Sunday 25 October 2026: 07:00 is 05:00Z before, 06:00Z after.
        let daily = try schedule(Set(1...7), now: "2026-10-22T12:00:00Z")
        let found = daily.occurrences(from: date("2026-10-23T00:00:00Z"), through: date("2026-10-27T23:00:00Z"))
        #expect(
            found.map { ISOInstant.format($0) } == [
                "2026-10-23T05:00:00Z", "2026-10-24T05:00:00Z", "2026-10-25T06:00:00Z", "2026-10-26T06:00:00Z",
                "2026-10-27T06:00:00Z",
            ])
        #expect(found.allSatisfy { LocalText.time($0, in: berlin) == "07:00" })
    }

    @Test func sevenStaysSevenAcrossTheSpringClockChange() throws {
        let weekdays = try schedule(Set(1...5), now: "2026-03-25T12:00:00Z")
        let found = weekdays.occurrences(from: date("2026-03-26T00:00:00Z"), through: date("2026-03-31T00:00:00Z"))
        #expect(found.map { ISOInstant.format($0) } == ["2026-03-26T06:00:00Z", "2026-03-27T06:00:00Z", "2026-03-30T05:00:00Z"])
    }

    @Test func everyOtherTuesdayStartsWithTheNextTuesday() throws {
        // Friday 27 November 2026.
        let bins = try schedule([2], every: (2, true), now: "2026-11-27T12:00:00Z")
        #expect(bins.rule == "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU")
        let found = bins.occurrences(from: date("2026-11-27T00:00:00Z"), through: date("2027-01-01T00:00:00Z"))
        #expect(found.map { LocalDay.iso(of: $0, in: berlin) } == ["2026-12-01", "2026-12-15", "2026-12-29"])
    }

    @Test func oneTimeGoesOffOnce() throws {
        let once = try schedule(nil, on: "2026-12-24", now: "2026-11-27T12:00:00Z")
        #expect(once.rule == nil)
        #expect(
            once.occurrences(from: date("2026-01-01T00:00:00Z"), through: date("2027-12-31T00:00:00Z"))
                == [date("2026-12-24T06:00:00Z")])
        // Without --on: the next 07:00, tomorrow since today's has passed.
        let next = try schedule(nil, now: "2026-11-27T12:00:00Z")
        #expect(LocalDay.iso(next.startDay) == "2026-11-28")
        #expect(throws: AlarmError.self) { try schedule(nil, on: "2026-11-01", now: "2026-11-27T12:00:00Z") }
    }

    @Test func daysAreReadLikeClocksWriteThem() throws {
        #expect(try AlarmSchedule.days("mon-fri").get() == Set(1...5))
        #expect(try AlarmSchedule.days("fri-mon").get() == [5, 6, 7, 1])
        #expect(try AlarmSchedule.days("Tue,THU").get() == [2, 4])
        #expect(try AlarmSchedule.days("weekends").get() == [6, 7])
        #expect(AlarmSchedule.days("funday") == .failure(.init(word: "funday")))
        #expect(AlarmSchedule.time("25:00") == nil)
        #expect(AlarmSchedule.time("7:05")?.minute == 5)
    }

    func book(_ now: String) throws -> AlarmBook {
        var book = AlarmBook()
        _ = try book.add(
            label: "Wake", schedule: try schedule(Set(1...5), now: now), preAlert: 600, snooze: 540, at: date(now))
        return book
    }

    @Test func skipNextTakesOutOneOccurrence() throws {
        var book = try book("2026-11-27T12:00:00Z")
        let (alarm, skipped) = try book.skipNext("wake", at: date("2026-11-27T12:00:00Z"))
        #expect(skipped == date("2026-11-30T06:00:00Z"))
        #expect(alarm.next(after: date("2026-11-27T12:00:00Z")) == date("2026-12-01T06:00:00Z"))
    }

    @Test func snoozeReFiresWithANewKeyInTheSameThread() throws {
        var book = try book("2026-11-27T12:00:00Z")
        let ringing = date("2026-11-30T06:02:00Z")
        let alarm = try book.snooze(nil, at: ringing)
        #expect(alarm.snoozed?.until == date("2026-11-30T06:11:00Z"))
        let query = OccasionQuery(
            context: VariableContext(now: date("2026-11-30T05:00:00Z"), timeZone: berlin, locale: Locale(identifier: "en_US")),
            until: date("2026-11-30T07:00:00Z"))
        let occasions = AlarmOccasions.alarms(AlarmsSnapshot(book), instance: "alarms", query: query)
        #expect(
            occasions.map(\.key) == [
                "pre-alert:wake:2026-11-30T06:00:00Z", "alarm:wake:2026-11-30T06:00:00Z",
                "alarm:wake:2026-11-30T06:00:00Z:snooze:2026-11-30T06:11:00Z",
            ])
        #expect(Set(occasions.compactMap(\.thread)) == ["alarm:wake:2026-11-30T06:00:00Z"])
        #expect(occasions.map(\.kind) == [.preAlert, .alarm, .alarm])
        #expect(occasions[0].at == date("2026-11-30T05:50:00Z"))
        #expect(occasions[0].expires == date("2026-11-30T06:00:00Z"))
        #expect(occasions[1].urgency == .critical)
        #expect(occasions[1].actions.map(\.id) == ["snooze", "dismiss"])
        // Dismissed: the re-fire is gone.
        _ = try book.dismiss(nil, at: date("2026-11-30T06:05:00Z"))
        let after = AlarmOccasions.alarms(AlarmsSnapshot(book), instance: "alarms", query: query)
        #expect(!after.contains { $0.key.contains(":snooze:") })
    }

    @Test func disabledAndSkippedHaveNoOccasions() throws {
        var book = try book("2026-11-27T12:00:00Z")
        let now = date("2026-11-27T12:00:00Z")
        let query = OccasionQuery(
            context: VariableContext(now: now, timeZone: berlin, locale: Locale(identifier: "en_US")),
            until: date("2026-12-01T12:00:00Z"))
        _ = try book.skipNext("Wake", at: now)
        let skipped = AlarmOccasions.alarms(AlarmsSnapshot(book), instance: "alarms", query: query)
        #expect(skipped.map(\.key) == ["pre-alert:wake:2026-12-01T06:00:00Z", "alarm:wake:2026-12-01T06:00:00Z"])
        _ = try book.setEnabled("wake", false, at: now)
        #expect(AlarmOccasions.alarms(AlarmsSnapshot(book), instance: "alarms", query: query).isEmpty)
    }

    @Test func timerPauseAndResumeArithmetic() throws {
        var book = TimerBook()
        let start = date("2026-11-27T12:00:00Z")
        _ = try book.start(label: "Tea", duration: 300, rounds: 2, at: start)
        _ = try book.pause(nil, at: start.addingTimeInterval(60))
        let paused = try book.find("tea", at: start)
        #expect(paused.remaining(at: start.addingTimeInterval(1000)) == 240)
        _ = try book.resume("Tea", at: start.addingTimeInterval(160))
        let timer = try book.find(nil, at: start)
        #expect(timer.remaining(at: start.addingTimeInterval(200)) == 200)
        #expect(timer.roundEnds.map(\.at) == [start.addingTimeInterval(400), start.addingTimeInterval(700)])
        #expect(timer.round(at: start.addingTimeInterval(450)) == 2)
        #expect(timer.state(at: start.addingTimeInterval(700)) == .done)
        let query = OccasionQuery(
            context: VariableContext(now: start, timeZone: berlin, locale: Locale(identifier: "en_US")),
            until: start.addingTimeInterval(3600))
        let occasions = AlarmOccasions.timers(TimersSnapshot(book), instance: "timers", query: query)
        #expect(occasions.map(\.key) == ["timer:tea:2026-11-27T12:00:00Z:1", "timer:tea:2026-11-27T12:00:00Z:2"])
        #expect(occasions.first?.actions.map(\.id) == ["stop", "restart"])
        #expect(CountdownTimer.clock(3725) == "1:02:05")
        #expect(CountdownTimer.clock(59.2) == "01:00")
    }

    @Test func variablesMatchTheirKeyTables() throws {
        let now = date("2026-11-30T06:02:00Z")
        var book = try book("2026-11-27T12:00:00Z")
        _ = try book.add(
            label: "Other", schedule: try schedule([6], now: "2026-11-27T12:00:00Z"), preAlert: nil, snooze: 540,
            at: date("2026-11-27T12:00:00Z"))
        _ = try book.snooze("wake", at: now)
        let context = VariableContext(
            now: now.addingTimeInterval(60), timeZone: berlin, locale: Locale(identifier: "en_US"))
        var derived = AlarmVariables.values(AlarmsSnapshot(book), context: context)
        // Ringing needs another alarm going off at the same moment as the snoozed one.
        derived["__alarms_ringing_label"] = "x"
        for key in ["updated_iso", "age_min", "stale", "error"] { derived["__alarms_" + key] = "x" }
        #expect(try WeftTestSupport.KeyTable(sourceFile: "AlarmVariables.swift").mismatches(
            derived: derived.keys, prefix: "__alarms_", placeholders: [:]) == [])
        var timers = TimerBook()
        _ = try timers.start(label: "Tea", duration: 300, rounds: 1, at: now)
        var timerKeys = TimerVariables.values(TimersSnapshot(timers), context: context)
        for key in ["updated_iso", "age_min", "stale", "error"] { timerKeys["__timer_" + key] = "x" }
        #expect(try WeftTestSupport.KeyTable(sourceFile: "TimerVariables.swift").mismatches(
            derived: timerKeys.keys, prefix: "__timer_", placeholders: [:]) == [])
    }
}

@Suite struct AlarmFarAheadTests {
    @Test func anAlarmYearsAheadHasANextTime() throws {
        let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current
        let now = ISOInstant.parse("2026-11-27T12:00:00Z") ?? .distantPast
        for days: Set<Int>? in [nil, [1]] {
            let schedule = try AlarmSchedule.make(
                hour: 7, minute: 0, zone: berlin, days: days, every: nil, on: LocalDay.parse("2031-06-02"), now: now)
            var book = AlarmBook()
            let alarm = try book.add(label: "Far", schedule: schedule, preAlert: nil, snooze: 540, at: now)
            #expect(alarm.next(after: now).map { LocalDay.iso(of: $0, in: berlin) } == "2031-06-02")
        }
    }
}
