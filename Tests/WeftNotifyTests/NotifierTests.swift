import Foundation
import Testing
import WeftCore
import WeftStore

@testable import WeftNotify

/// The notifier's guarantees, with a clock the tests move (no test waits) and the zone pinned to Europe/Berlin.
@Suite struct NotifierTests {
    static let wake = Occasion(
        kind: .alarm, key: "alarm:wake:2026-11-28T06:00:00Z", at: instant("2026-11-28T06:00:00Z"), title: "Wake",
        actions: [.init(id: "snooze", label: "Snooze")], fields: ["alarm": "wake"])
    static let standup = Occasion(
        kind: .reminder, key: "reminder:standup:2026-11-28T08:50:00Z", at: instant("2026-11-28T08:50:00Z"),
        title: "Standup in 10 min", link: "https://user:secret@example.org/meet")

    /// A crash between deciding and delivering (the server refuses, the process ends) neither repeats nor drops: the
    /// next start delivers it, once.
    @Test func aRestartBetweenDecidingAndDeliveringNeitherRepeatsNorDrops() throws {
        let bench = try NotifierBench()
        try bench.script([Self.wake])
        let refused = RecordingDelivery()
        refused.refuse = true
        let first = try bench.notifier(delivery: refused)
        first.tick(now: instant("2026-11-28T05:00:00Z"))
        first.tick(now: instant("2026-11-28T06:00:00Z"))
        #expect(refused.shown.isEmpty)
        #expect(try bench.store.notification(Self.wake.key)?.state == .fired, "decided, not delivered")

        let delivery = RecordingDelivery()
        let second = try bench.notifier(delivery: delivery)
        second.tick(now: instant("2026-11-28T06:00:30Z"))
        second.tick(now: instant("2026-11-28T06:01:00Z"))
        let third = try bench.notifier(delivery: delivery)
        third.tick(now: instant("2026-11-28T06:02:00Z"))
        #expect(delivery.shown.map(\.key) == [Self.wake.key])
        #expect(try bench.store.notification(Self.wake.key)?.state == .delivered)
    }

    /// A broken connection is made again at once when something is shown, then after a growing wait; with no server
    /// at the start, attempts come every few minutes and when something is due, never each second.
    @Test func aLostConnectionIsMadeAgainAndAMissingServerLookedForSparingly() throws {
        let bench = try NotifierBench()
        let late = Occasion(
            kind: .alarm, key: "alarm:late:2026-11-28T06:30:00Z", at: instant("2026-11-28T06:30:00Z"), title: "Late")
        try bench.script([Self.wake, late])
        var attempts: [Bool] = []
        var serverUp = false
        let replacement = RecordingDelivery()
        let broken = RecordingDelivery()
        let notifier = try bench.notifier(
            delivery: broken,
            connect: {
                attempts.append(serverUp)
                guard serverUp else { throw RecordingDelivery.Refused() }
                return replacement
            })
        var said: [String] = []
        notifier.report = { said.append($0) }
        broken.isConnected = false
        serverUp = true
        notifier.tick(now: instant("2026-11-28T06:00:00Z"))
        #expect(replacement.shown.map(\.key) == [Self.wake.key], "shown over the new connection at once")
        #expect(attempts == [true])
        #expect(said.contains { $0.contains("found the notification server") }, "\(said)")
        #expect(said.filter { $0.contains("lost the notification server") }.count == 1, "\(said)")

        // Gone again, and no server: tried at once, then not again within the same second, then after the wait.
        replacement.isConnected = false
        serverUp = false
        let next = notifier.tick(now: instant("2026-11-28T06:10:00Z"))
        #expect(attempts.count == 2)
        #expect(next == instant("2026-11-28T06:10:02Z"), "the next attempt, after a short wait")
        notifier.tick(now: instant("2026-11-28T06:10:00Z").addingTimeInterval(0.5))
        #expect(attempts.count == 2)
        notifier.tick(now: instant("2026-11-28T06:10:02Z"))
        #expect(attempts.count == 3)
        #expect(said.filter { $0.contains("lost the notification server") }.count == 2, "once a loss: \(said)")

        // Started without a server: the next attempt is minutes away, but a due occasion tries at once.
        let fresh = try bench.notifier(
            delivery: nil,
            connect: {
                attempts.append(serverUp)
                guard serverUp else { throw RecordingDelivery.Refused() }
                return replacement
            })
        fresh.startedWithoutServer(now: instant("2026-11-28T06:20:00Z"))
        let waitUntil = fresh.tick(now: instant("2026-11-28T06:20:00Z"))
        #expect(attempts.count == 3 && waitUntil == instant("2026-11-28T06:23:00Z"), "\(waitUntil)")
        serverUp = true
        replacement.isConnected = true
        fresh.tick(now: instant("2026-11-28T06:30:00Z"))
        #expect(attempts.count == 4)
        #expect(replacement.shown.map(\.key).last == late.key)
    }

    /// Two notifiers on one database (the lock kept out): the ledger's key decides which one delivers.
    @Test func twoNotifiersDeliverOnce() throws {
        let bench = try NotifierBench()
        try bench.script([Self.wake])
        let one = RecordingDelivery()
        let two = RecordingDelivery()
        let first = try bench.notifier(delivery: one)
        let second = try bench.notifier(delivery: two)
        first.tick(now: instant("2026-11-28T06:00:00Z"))
        second.tick(now: instant("2026-11-28T06:00:00Z"))
        #expect(one.shown.count + two.shown.count == 1)
    }

    @Test func aSecondNotifierOnTheSameDatabaseIsRefused() throws {
        let bench = try NotifierBench()
        var lock: NotifierLock? = try NotifierLock(cacheDirectory: bench.home.cache)
        #expect(lock != nil)
        #expect(throws: NotifierError.self) { try NotifierLock(cacheDirectory: bench.home.cache) }
        do {
            _ = try NotifierLock(cacheDirectory: bench.home.cache)
        } catch {
            #expect("\(error)".contains("another weft notify (pid \(getpid())) already runs on this database"))
        }
        lock = nil
        _ = try NotifierLock(cacheDirectory: bench.home.cache)
    }

    /// Quiet hours hold back a reminder (recorded, never shown later) but not an alarm.
    @Test func quietHoursHoldBackAllButAlarms() throws {
        let bench = try NotifierBench()
        var early = Self.standup
        early.key = "reminder:early"
        early.at = instant("2026-11-28T05:30:00Z")  // 06:30 in Berlin
        try bench.script([Self.wake, early])
        let delivery = RecordingDelivery()
        let notifier = try bench.notifier("quiet = \"22:00-07:30\"\n", delivery: delivery)
        notifier.tick(now: instant("2026-11-28T05:00:00Z"))
        notifier.tick(now: instant("2026-11-28T05:30:00Z"))
        notifier.tick(now: instant("2026-11-28T06:00:00Z"))
        notifier.tick(now: instant("2026-11-28T07:00:00Z"))
        #expect(delivery.shown.map(\.key) == [Self.wake.key])
        #expect(try bench.store.notification("reminder:early")?.state == .quiet)
    }

    /// A severe weather alert (critical) comes through quiet hours; a moderate one is held back like a reminder.
    @Test func quietHoursLetSevereWeatherAlertsThrough() throws {
        let bench = try NotifierBench()
        let at = instant("2026-11-28T05:30:00Z")  // 06:30 in Berlin
        let severe = Occasion(
            kind: .alerts, key: "alert:home:storm", at: at, title: "Severe: Storm", urgency: .critical)
        let moderate = Occasion(kind: .alerts, key: "alert:home:gale", at: at, title: "Moderate: Gale")
        try bench.script([severe, moderate])
        let delivery = RecordingDelivery()
        let notifier = try bench.notifier("quiet = \"22:00-07:30\"\n", delivery: delivery)
        notifier.tick(now: at)
        #expect(delivery.shown.map(\.key) == [severe.key])
        #expect(try bench.store.notification(moderate.key)?.state == .quiet)
    }

    /// Missed while the notifier was down: within the late window it fires late and says so; beyond, it is recorded
    /// missed and shown once in a summary.
    @Test func aMissedOccasionFiresLateWithinItsWindowAndIsListedBeyond() throws {
        let bench = try NotifierBench()
        try bench.script([Self.wake, Self.standup])
        let delivery = RecordingDelivery()
        let before = try bench.notifier(delivery: delivery)
        before.tick(now: instant("2026-11-28T05:00:00Z"))
        // Down from 05:00 until 06:07 (the alarm is 7 min late), then until 09:30 (the reminder 40 min late).
        let after = try bench.notifier(delivery: delivery)
        after.tick(now: instant("2026-11-28T06:07:00Z"))
        #expect(delivery.shown.map(\.body) == ["(7 min late)"])
        after.tick(now: instant("2026-11-28T09:30:00Z"))
        #expect(try bench.store.notification(Self.standup.key)?.state == .shown)
        #expect(delivery.shown.count == 2)
        #expect(delivery.shown.last?.title == "1 missed notification")
        #expect(delivery.shown.last?.body.contains("09:50 Standup in 10 min") == true, "\(delivery.shown)")
        after.tick(now: instant("2026-11-28T09:31:00Z"))
        #expect(delivery.shown.count == 2, "the summary is shown once")
        #expect(try bench.store.notifications(in: [.missed, .shown]).map(\.key) == [Self.standup.key])
    }

    /// Data past its validity is never delivered, however late the notifier wakes.
    @Test func anOccasionPastItsExpiryIsNotDelivered() throws {
        let bench = try NotifierBench()
        var rain = Occasion(
            kind: .rain, key: "rain:spell:1:start", at: instant("2026-11-28T10:00:00Z"), thread: "rain:spell:1",
            title: "Rain in 8 min", expires: instant("2026-11-28T10:02:00Z"))
        try bench.script([rain])
        let delivery = RecordingDelivery()
        let notifier = try bench.notifier("[rain]\n", delivery: delivery)
        notifier.tick(now: instant("2026-11-28T09:00:00Z"))
        notifier.tick(now: instant("2026-11-28T10:03:00Z"))
        #expect(delivery.shown.isEmpty)
        #expect(try bench.store.notification(rain.key)?.state == .expired)
        // The next update of the spell replaces nothing delivered; one after a delivered one replaces it.
        rain.key = "rain:spell:1:4"
        rain.at = instant("2026-11-28T10:04:00Z")
        rain.expires = nil
        var next = rain
        next.key = "rain:spell:1:2"
        next.at = instant("2026-11-28T10:06:00Z")
        try bench.script([rain, next])
        notifier.tick(now: instant("2026-11-28T10:04:00Z"))
        notifier.tick(now: instant("2026-11-28T10:06:00Z"))
        #expect(delivery.shown.map(\.replaces) == [nil, 1], "the spell updates one notification in place")
    }

    /// A rule fires once per distinct rendering of its key; its text is rendered through the session.
    @Test func aRuleFiresOncePerKey() throws {
        let bench = try NotifierBench()
        let store = try bench.store
        try store.setVariable(StoredVariable(key: "cups", value: "3", updatedAt: instant("2026-11-28T08:00:00Z")))
        let delivery = RecordingDelivery()
        let toml = """
            [[rule]]
            name = "cups"
            when = "{{cups|0}} >= 3"
            title = "{{cups}} cups"
            key = "{{cups}}"
            """
        let notifier = try bench.notifier(toml, delivery: delivery)
        notifier.tick(now: instant("2026-11-28T09:00:00Z"))
        notifier.tick(now: instant("2026-11-28T09:01:00Z"))
        try store.setVariable(StoredVariable(key: "cups", value: "4", updatedAt: instant("2026-11-28T09:02:00Z")))
        notifier.tick(now: instant("2026-11-28T09:02:00Z"))
        notifier.tick(now: instant("2026-11-28T09:03:00Z"))
        try store.setVariable(StoredVariable(key: "cups", value: "1", updatedAt: instant("2026-11-28T09:04:00Z")))
        notifier.tick(now: instant("2026-11-28T09:04:00Z"))
        #expect(delivery.shown.map(\.title) == ["3 cups", "4 cups"])
        #expect(delivery.shown.map(\.key) == ["rule:cups:3", "rule:cups:4"])
    }

    /// A counter reaching its goal tells once per reset period.
    @Test func aCounterGoalFiresOncePerPeriod() throws {
        let bench = try NotifierBench()
        let store = try bench.store
        let delivery = RecordingDelivery()
        let notifier = try bench.notifier("[goals]\n", delivery: delivery)
        notifier.tick(now: instant("2026-11-28T08:00:00Z"))
        for (value, time) in [("7", "09:00"), ("8", "10:00"), ("9", "11:00")] {
            try store.setVariable(
                StoredVariable(
                    key: "water", value: value, updatedAt: instant("2026-11-28T\(time):00Z"),
                    counter: CounterRule(goal: 8, reset: .daily)))
            notifier.tick(now: instant("2026-11-28T\(time):00Z"))
        }
        #expect(delivery.shown.map(\.key) == ["goal:water:2026-11-28"])
        #expect(delivery.shown.first?.body == "8 of 8")
    }

    /// A rate limit holds back what goes over it.
    @Test func aRateLimitHoldsBackTheRest() throws {
        let bench = try NotifierBench()
        let reminders = (0..<4).map { index in
            Occasion(
                kind: .reminder, key: "reminder:\(index)", at: instant("2026-11-28T10:0\(index):00Z"),
                title: "Event \(index)")
        }
        try bench.script(reminders)
        let delivery = RecordingDelivery()
        let notifier = try bench.notifier("[reminders]\nrate = \"2/1h\"\n", delivery: delivery)
        notifier.tick(now: instant("2026-11-28T09:00:00Z"))
        for minute in 0..<4 { notifier.tick(now: instant("2026-11-28T10:0\(minute):00Z")) }
        #expect(delivery.shown.map(\.key) == ["reminder:0", "reminder:1"])
        #expect(try bench.store.notification("reminder:3")?.state == .limited)
    }

    /// The loop sleeps until the next due occasion: a day with two occasions is a handful of wake-ups, not one a
    /// second or a minute.
    @Test func theLoopSleepsUntilTheNextOccasion() throws {
        let bench = try NotifierBench()
        try bench.script([Self.wake, Self.standup])
        let delivery = RecordingDelivery()
        let notifier = try bench.notifier(delivery: delivery)
        let clock = JumpingClock(start: instant("2026-11-28T00:00:00Z"))
        let loop = NotifierLoop(notifier: notifier, clock: clock, cacheDirectory: bench.home.cache)
        loop.run(until: instant("2026-11-29T00:00:00Z"))
        #expect(delivery.shown.map(\.key) == [Self.wake.key, Self.standup.key])
        #expect(loop.wakeUps <= 4, "\(loop.wakeUps) wake-ups")
        #expect(delivery.shown.last?.link == "https://example.org/meet", "no credentials in a link")
    }

    /// Open and Done map the notification back to their occasion's program (no shell, the occasion's fields).
    @Test func openAndDoneRunTheirPrograms() {
        #expect(Notifier.command(for: "open", occasion: Self.standup) == ["xdg-open", "https://example.org/meet"])
        var habit = Self.standup
        habit.fields = ["habit": "read", "instance": "habits"]
        #expect(
            Notifier.command(for: "done", occasion: habit) == ["weft", "habit", "done", "read", "--instance", "habits"])
        #expect(Notifier.command(for: "done", occasion: Self.wake) == nil)
    }
}
