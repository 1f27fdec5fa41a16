import Foundation
import Testing
import WeftAlarms
import WeftCore
import WeftEdits
import WeftPrimitives
import WeftStore
import WeftTestSupport

/// The notifier's buttons go through the same edits as `weft alarm` and `weft timer`, found by the occasion's fields.
@Suite struct OccasionActionTests {
    let berlin = TimeZone(identifier: "Europe/Berlin") ?? .current
    func date(_ text: String) -> Date { ISOInstant.parse(text) ?? .distantPast }

    @Test func snoozeDismissStopAndRestartFromAnOccasionsFields() throws {
        let home = try TemporaryHome()
        let now = date("2026-11-27T12:00:00Z")
        let schedule = try AlarmSchedule.make(
            hour: 7, minute: 0, zone: berlin, days: Set(1...5), every: nil, on: nil, now: now)
        _ = try AlarmEdit(cacheDirectory: home.cache).add(
            label: "Wake", schedule: schedule, preAlert: nil, snooze: 540, at: now)
        let ringing = date("2026-11-30T06:01:00Z")
        let snapshot = try #require(try CacheStore.openForReading(directory: home.cache).snapshot("alarms"))
        let query = OccasionQuery(
            context: VariableContext(now: date("2026-11-30T05:00:00Z"), timeZone: berlin, locale: Locale(identifier: "en_US")),
            until: date("2026-11-30T07:00:00Z"))
        let occasion = try #require(try AlarmsKind.occasions(of: snapshot, query: query).first)
        #expect(occasion.key == "alarm:wake:2026-11-30T06:00:00Z")
        let actions = OccasionAction(cacheDirectory: home.cache)
        #expect(
            try actions.perform("snooze", fields: occasion.fields, at: ringing)
                == .snoozed(label: "Wake", until: date("2026-11-30T06:10:00Z")))
        #expect(try actions.perform("dismiss", fields: occasion.fields, at: ringing) == .dismissed(label: "Wake"))
        #expect(throws: AlarmError.self) { try actions.perform("dismiss", fields: occasion.fields, at: ringing) }
        #expect(try actions.perform("open", fields: occasion.fields, at: ringing) == .notMine)

        _ = try TimerEdit(cacheDirectory: home.cache).start(label: "Tea", duration: 180, rounds: 1, at: now)
        let fields = ["instance": "timers", "timer": "tea"]
        let later = now.addingTimeInterval(600)
        #expect(
            try actions.perform("restart", fields: fields, at: later)
                == .restarted(label: "Tea", endsAt: later.addingTimeInterval(180)))
        #expect(try actions.perform("stop", fields: fields, at: later) == .stopped(label: "Tea"))
    }
}
