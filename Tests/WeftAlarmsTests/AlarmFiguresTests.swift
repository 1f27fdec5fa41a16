import Foundation
import Testing
import WeftCore
import WeftPrimitives

@testable import WeftAlarms

/// What the dashboard's Alarms and Timers cards get through the registry: the same texts the `__alarms_*` and
/// `__timer_*` variables carry, so the bar and the board show one countdown.
@Suite struct AlarmFiguresTests {
    let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current

    func date(_ text: String) -> Date { ISOInstant.parse(text) ?? .distantPast }

    func context(_ now: String) -> VariableContext {
        VariableContext(now: date(now), timeZone: berlin, locale: Locale(identifier: "en_US"))
    }

    /// Wake on weekdays at 07:00 Berlin with a 10-minute pre-alert, and Gym on Saturdays, made on Friday 27 Nov.
    func book() throws -> AlarmBook {
        var book = AlarmBook()
        let made = date("2026-11-27T12:00:00Z")
        for (label, days, lead) in [("Wake", Set(1...5), 600), ("Gym", [6], nil)] as [(String, Set<Int>, Int?)] {
            let schedule = try AlarmSchedule.make(
                hour: 7, minute: 0, zone: berlin, days: days, every: nil, on: nil, now: made)
            _ = try book.add(label: label, schedule: schedule, preAlert: lead, snooze: 540, at: made)
        }
        return book
    }

    func figures(_ book: AlarmBook, at now: String) throws -> [AlarmFigure] {
        let snapshot = try AlarmsKind.snapshot(book, instance: "alarms", prefix: "__alarms_", at: date(now))
        return try #require(try AlarmsKind.figures(of: snapshot, context: context(now))?.alarms)
    }

    @Test func theNextAlarmCarriesTheVariablesCountdown() throws {
        let book = try book()
        let now = "2026-11-27T12:00:00Z"
        let shown = try figures(book, at: now)
        #expect(AlarmsKind.card == .alarms && TimersKind.card == .timers)
        #expect(shown.map(\.label) == ["Gym", "Wake"])
        let next = try #require(shown.first { $0.isNext })
        let variables = AlarmVariables.values(AlarmsSnapshot(book), context: context(now))
        #expect(next.label == variables["__alarms_next_label"] && next.label == "Gym")
        #expect(next.countdown == variables["__alarms_next_countdown"] && next.countdown == "18h 00m")
        #expect(next.nextTime == "07:00" && next.schedule == "Sat at 07:00")
        #expect(shown.allSatisfy { $0.state == .idle && $0.enabled })
    }

    @Test func ringingSnoozedAndPreAlertAreTheStatesTheButtonsNeed() throws {
        var book = try book()
        // Monday 30 Nov: 05:55Z is 06:55 in Berlin, five minutes into Wake's pre-alert.
        #expect(try figures(book, at: "2026-11-30T05:55:00Z").first { $0.id == "wake" }?.state == .preAlert)
        // Dismissed during its pre-alert, that time is out: Wake is next on Tuesday.
        var early = book
        _ = try early.dismiss(nil, at: date("2026-11-30T05:55:00Z"))
        let dismissed = try #require(try figures(early, at: "2026-11-30T05:55:00Z").first { $0.id == "wake" })
        #expect(dismissed.state == .idle && dismissed.next == date("2026-12-01T06:00:00Z"))
        #expect(try figures(book, at: "2026-11-30T05:49:00Z").first { $0.id == "wake" }?.state == .idle)
        #expect(try figures(book, at: "2026-11-30T06:02:00Z").first { $0.id == "wake" }?.state
            == .ringing(since: date("2026-11-30T06:00:00Z")))
        _ = try book.snooze("wake", at: date("2026-11-30T06:02:00Z"))
        let snoozed = try #require(try figures(book, at: "2026-11-30T06:03:00Z").first { $0.id == "wake" })
        #expect(snoozed.state == .snoozed(until: date("2026-11-30T06:11:00Z")))
        #expect(snoozed.isNext && snoozed.countdown == "8m" && snoozed.nextTime == "07:11")
        _ = try book.setEnabled("gym", false, at: date("2026-11-30T06:03:00Z"))
        let off = try #require(try figures(book, at: "2026-11-30T06:03:00Z").first { $0.id == "gym" })
        #expect(!off.enabled && off.next == nil && !off.isNext)
    }

    @Test func timersCarryTheBarsRemainingAndFractionCurrentFirst() throws {
        var book = TimerBook()
        let start = date("2026-11-27T12:00:00Z")
        _ = try book.start(label: "Tea", duration: 300, rounds: 1, at: start)
        _ = try book.start(label: "Focus", duration: 1500, rounds: 2, at: start.addingTimeInterval(10))
        _ = try book.pause("tea", at: start.addingTimeInterval(60))
        let now = "2026-11-27T12:04:05Z"
        let snapshot = try TimersKind.snapshot(book, instance: "timers", prefix: "__timer_", at: start)
        let shown = try #require(try TimersKind.figures(of: snapshot, context: context(now))?.timers)
        let variables = TimerVariables.values(TimersSnapshot(book), context: context(now))
        #expect(shown.map(\.id) == ["focus", "tea"], "the running one, the bar's, first")
        #expect(shown[0].remaining == variables["__timer_remaining"] && shown[0].remaining == "21:05")
        #expect(NumberText.fixed(shown[0].fraction, places: 3) == variables["__timer_fraction"])
        #expect(shown[0].state == .running && shown[0].round == 1 && shown[0].rounds == 2)
        #expect(shown[0].endsTime == "13:25")
        #expect(shown[1].state == .paused && shown[1].remaining == "04:00" && shown[1].endsTime == nil)
    }
}
