import Foundation
import Testing
import WeftPrimitives
import WeftTestSupport

/// `weft alarm`, `weft timer` and their variables through the built binary, with no provider file written.
@Suite("alarms and timers")
struct AlarmCommandTests {
    /// Friday 27 November 2026, 13:00 in Berlin.
    static let now = "2026-11-27T12:00:00Z"
    static let clock = ["--now", now, "--tz", "Europe/Berlin"]

    static func at(_ instant: String) -> [String] { ["--now", instant, "--tz", "Europe/Berlin"] }

    @discardableResult
    func ok(_ box: Sandbox, _ arguments: [String], clock: [String] = Self.clock) async -> String {
        let result = await box.weft(arguments: arguments + clock)
        #expect(result.exitCode == 0, "\(arguments): \(result)")
        return result.stdout
    }

    func get(_ box: Sandbox, _ key: String, clock: [String] = Self.clock) async -> String {
        let result = await box.weft(arguments: ["get", key] + clock)
        #expect(result.exitCode == 0, "\(key): \(result)")
        return result.stdout.trimmingCharacters(in: .newlines)
    }

    @Test func addThenTheVariablesWithNoProviderFile() async throws {
        let box = try Sandbox()
        let added = await ok(box, ["alarm", "add", "07:00", "--days", "mon-fri", "--label", "Wake", "--pre-alert", "10m"])
        #expect(added == "Wake (wake): 07:00 Mon–Fri, next Mon 2026-11-30 07:00 (in 2d 18h)\n", "\(added)")
        #expect(await get(box, "__alarms_next_label") == "Wake")
        #expect(await get(box, "__alarms_next_iso") == "2026-11-30T06:00:00Z")
        #expect(await get(box, "__alarms_next_time") == "07:00")
        #expect(await get(box, "__alarms_next_minutes") == "3960")
        #expect(await get(box, "__alarms_next_countdown") == "2d 18h")
        #expect(await get(box, "__alarms_count_today") == "0")
        #expect(await get(box, "__alarms_stale") == "0")
        // Monday 06:55 local: the pre-alert minute; today has one alarm.
        let monday = Self.at("2026-11-30T05:55:00Z")
        #expect(await get(box, "__alarms_count_today", clock: monday) == "1")
        #expect(await get(box, "__alarms_next_countdown", clock: monday) == "5m")
    }

    @Test func listSkipEnableDisableRemove() async throws {
        let box = try Sandbox()
        await ok(box, ["alarm", "add", "07:00", "--days", "mon-fri", "--label", "Wake"])
        await ok(box, ["alarm", "add", "18:00", "--every", "2w", "--days", "tue", "--label", "Bins out"])
        await ok(box, ["alarm", "add", "09:30", "--on", "2026-12-24", "--label", "Presents"])
        let list = await ok(box, ["alarm", "list"])
        #expect(
            list == """
                wake  Wake  07:00  Mon–Fri  on  next Mon 2026-11-30 07:00  snooze 9m
                presents  Presents  09:30  once on 2026-12-24  on  next Thu 2026-12-24 09:30  snooze 9m
                binsout  Bins out  18:00  every 2 weeks on Tue from 2026-12-01  on  next Tue 2026-12-01 18:00  snooze 9m

                """, "\(list)")
        let skip = await ok(box, ["alarm", "skip-next", "wake"])
        #expect(skip == "Wake: skipping Mon 2026-11-30 07:00; next Tue 2026-12-01 07:00\n", "\(skip)")
        #expect(await get(box, "__alarms_next_iso") == "2026-12-01T06:00:00Z")
        let disabled = await ok(box, ["alarm", "disable", "Wake"])
        #expect(disabled == "Wake: off\n")
        #expect(await get(box, "__alarms_next_label") == "Bins out")
        #expect(await get(box, "__alarms_enabled_count") == "2")
        let enabled = await ok(box, ["alarm", "enable", "WAKE"])
        #expect(enabled == "Wake: on, next Mon 2026-11-30 07:00\n", "\(enabled)")
        let removed = await ok(box, ["alarm", "remove", "presents"])
        #expect(removed.contains("Presents: moved to the trash"), "\(removed)")
        #expect(await get(box, "__alarms_count") == "2")
        let trash = await box.weft(arguments: ["forget", "--list-trash"] + Self.clock)
        #expect(trash.stdout.contains("alarm Presents"), "\(trash)")
        let restored = await box.weft(arguments: ["forget", "--restore", "alarm Presents"] + Self.clock)
        #expect(restored.exitCode == 0, "\(restored)")
    }

    @Test func snoozeAndDismissWhileRinging() async throws {
        let box = try Sandbox()
        await ok(box, ["alarm", "add", "07:00", "--days", "mon-fri", "--label", "Wake", "--snooze", "5m"])
        // Monday 07:02 local: ringing.
        let ringing = Self.at("2026-11-30T06:02:00Z")
        #expect(await get(box, "__alarms_ringing", clock: ringing) == "1")
        #expect(await get(box, "__alarms_ringing_label", clock: ringing) == "Wake")
        let snoozed = await ok(box, ["alarm", "snooze"], clock: ringing)
        #expect(snoozed == "Wake: snoozed until 07:07\n", "\(snoozed)")
        let later = Self.at("2026-11-30T06:03:00Z")
        #expect(await get(box, "__alarms_snoozed", clock: later) == "1")
        #expect(await get(box, "__alarms_snoozed_until_time", clock: later) == "07:07")
        #expect(await get(box, "__alarms_next_time", clock: later) == "07:07")
        // The list shows the snooze's end in local time, as every other time on its line.
        let listed = await ok(box, ["alarm", "list"], clock: later)
        #expect(listed.contains("snoozed until Mon 2026-11-30 07:07"), "\(listed)")
        // 07:08: the snooze is over and it rings again, until dismissed.
        let again = Self.at("2026-11-30T06:08:00Z")
        #expect(await get(box, "__alarms_ringing", clock: again) == "1")
        let dismissed = await ok(box, ["alarm", "dismiss"], clock: again)
        #expect(dismissed == "Wake: dismissed; next Tue 2026-12-01 07:00\n", "\(dismissed)")
        #expect(await get(box, "__alarms_ringing", clock: again) == "0")
        // Nothing rings now: a clear error, exit 1.
        let nothing = await box.weft(arguments: ["alarm", "snooze"] + again)
        #expect(nothing.exitCode == 1, "\(nothing)")
        #expect(nothing.stderr.contains("there is no alarm ringing to snooze"), "\(nothing)")
    }

    @Test func unknownNamesOfferTheClosest() async throws {
        let box = try Sandbox()
        await ok(box, ["alarm", "add", "07:00", "--days", "mon-fri", "--label", "Wake"])
        let typo = await box.weft(arguments: ["alarm", "skip-next", "wkae"] + Self.clock)
        #expect(typo.exitCode == 1, "\(typo)")
        #expect(typo.stderr.contains("no alarm \"wkae\"; did you mean \"Wake\"?"), "\(typo)")
        #expect(!typo.stderr.contains("AlarmError"), "\(typo)")
    }

    @Test(arguments: [
        (["alarm", "add", "25:00"], "\"25:00\" is not a time of day like 07:00"),
        (["alarm", "add", "7pm"], "\"7pm\" is not a time of day"),
        (["alarm", "add", "07:00", "--days", "funday"], "\"funday\" is not a weekday"),
        (["alarm", "add", "07:00", "--snooze=-3m"], "--snooze \"-3m\" is not a duration"),
        (["alarm", "add", "07:00", "--snooze", "2h"], "--snooze \"2h\" is out of range: it must be a snooze of 1 to 60"),
        (["alarm", "add", "07:00", "--pre-alert", "99999999h"], "--pre-alert \"99999999h\" is not a duration"),
        (["alarm", "add", "07:00", "--pre-alert", "3d"], "out of range: it must be a pre-alert of 1 minute to 24 hours"),
        (["alarm", "add", "07:00", "--every", "0w"], "--every \"0w\" is not a number of days"),
        (["alarm", "add", "07:00", "--every", "99999999999w"], "--every \"99999999999w\" is not a number"),
        (["alarm", "add", "07:00", "--on", "2026-02-30"], "--on \"2026-02-30\" is not a date"),
        (["alarm", "add", "07:00", "--on", "2026-11-01"], "2026-11-01 07:00 (Europe/Berlin) is in the past"),
        (["alarm", "add", "07:00", "--label", "Wake\u{1B}]0;pwned\u{07}"], "--label must be one line of text without control"),
        (["timer", "start", "5m", "--label", "Tea\nTime"], "--label must be one line of text without control characters"),
        (["timer", "start", "0s"], "out of range: it must be a duration of 1 second to 24 hours"),
        (["timer", "start", "25h"], "out of range: it must be a duration of 1 second to 24 hours"),
        (["timer", "start", "tea"], "the duration \"tea\" is not a duration"),
        (["timer", "start", "25m", "--repeat", "0"], "--repeat 0 is out of range"),
        (["timer", "start", "25m", "--repeat", "99999999999999999999"], "--repeat"),
        (["timer", "pause"], "there is no timer; start one"),
    ])
    func badInputIsAClearErrorAndNonZeroExit(arguments: [String], message: String) async throws {
        let box = try Sandbox()
        let result = await box.weft(arguments: arguments + Self.clock)
        #expect(result.exitCode != 0, "\(result)")
        #expect(result.stderr.contains(message), "\(result)")
    }

    @Test func theNumberOfAlarmsIsBounded() async throws {
        let box = try Sandbox()
        for index in 0..<100 {
            await ok(box, ["alarm", "add", "07:00", "--days", "mon", "--label", "A\(index)"])
        }
        let over = await box.weft(arguments: ["alarm", "add", "07:00", "--label", "one more"] + Self.clock)
        #expect(over.exitCode == 1, "\(over)")
        #expect(over.stderr.contains("there are already 100 alarms, the most weft keeps"), "\(over)")
    }

    @Test func timerStartPauseResumeStop() async throws {
        let box = try Sandbox()
        let started = await ok(box, ["timer", "start", "25m", "--label", "Tea"])
        #expect(started == "Tea (tea): 25:00 left, running until 13:25\n", "\(started)")
        #expect(await get(box, "__timer_state") == "running")
        #expect(await get(box, "__timer_label") == "Tea")
        let five = Self.at("2026-11-27T12:05:00Z")
        #expect(await get(box, "__timer_remaining", clock: five) == "20:00")
        #expect(await get(box, "__timer_fraction", clock: five) == "0.200")
        await ok(box, ["timer", "pause"], clock: five)
        // Paused for ten minutes: nothing runs down.
        let fifteen = Self.at("2026-11-27T12:15:00Z")
        #expect(await get(box, "__timer_state", clock: fifteen) == "paused")
        #expect(await get(box, "__timer_remaining", clock: fifteen) == "20:00")
        let resumed = await ok(box, ["timer", "resume", "tea"], clock: fifteen)
        #expect(resumed == "Tea (tea): 20:00 left, running until 13:35\n", "\(resumed)")
        #expect(await get(box, "__timer_remaining", clock: Self.at("2026-11-27T12:34:30Z")) == "00:30")
        let done = Self.at("2026-11-27T12:40:00Z")
        #expect(await get(box, "__timer_state", clock: done) == "done")
        #expect(await get(box, "__timer_remaining", clock: done) == "00:00")
        let list = await ok(box, ["timer", "list"], clock: done)
        #expect(list == "Tea (tea): 00:00 left, done\n", "\(list)")
        #expect(await ok(box, ["timer", "stop"], clock: done) == "Tea: stopped\n")
        #expect(await get(box, "__timer_state", clock: done) == "idle")
        #expect(await get(box, "__timer_count", clock: done) == "0")
    }

    @Test func repeatedTimerCountsRounds() async throws {
        let box = try Sandbox()
        await ok(box, ["timer", "start", "25m", "--label", "Pomodoro", "--repeat", "4"])
        let second = Self.at("2026-11-27T12:30:00Z")
        #expect(await get(box, "__timer_round", clock: second) == "2/4")
        #expect(await get(box, "__timer_remaining", clock: second) == "20:00")
    }

    @Test func backupAndRestoreCarryAlarmsAndTimers() async throws {
        let box = try Sandbox()
        await ok(box, ["alarm", "add", "07:00", "--days", "mon-fri", "--label", "Wake", "--pre-alert", "10m"])
        await ok(box, ["timer", "start", "25m", "--label", "Tea"])
        let backup = await box.weft(arguments: ["backup", box.path("backup.json")] + Self.clock)
        #expect(backup.exitCode == 0, "\(backup)")
        let other = try Sandbox()
        let restore = await other.weft(arguments: ["restore", box.path("backup.json")] + Self.clock)
        #expect(restore.exitCode == 0, "\(restore)")
        #expect(await get(other, "__alarms_next_label") == "Wake")
        #expect(await get(other, "__timer_label") == "Tea")
        let list = await ok(other, ["alarm", "list"])
        #expect(list.contains("wake  Wake  07:00  Mon–Fri  on  next Mon 2026-11-30 07:00  pre-alert 10m"), "\(list)")
    }
}

/// `weft bar`'s click actions drive timers: the same edit as `weft timer start`, and the block shows it at once.
@Suite struct TimerBarClickTests {
    @Test func aBarClickStartsAndStopsATimer() async throws {
        let box = try Sandbox()
        try box.write(
            "bar.toml",
            """
            [[block]]
            name = "timer"
            template = "{{__timer_state|idle}} {{__timer_label|}} {{__timer_round|}}"
            on_click = ["weft", "timer", "start", "25m", "--label", "Pomodoro", "--repeat", "4"]
            on_right_click = ["weft", "timer", "stop"]
            """)
        let client = FixtureFiles.path("bar", "timer-click-client.py")
        let run = await WeftProcess.run(
            ["python3", client, WeftProcess.binary, box.path("bar.toml")] + box.locations, timeout: .seconds(60))
        #expect(run.exitCode == 0 && run.stdout == "ok\n", "\(run)")
        #expect(await box.weft("timer", "list").stdout == "no timers; `weft timer start 25m` starts one\n")
    }

    /// The README's alarm block: a left click snoozes the alarm ringing, a right click dismisses it, and the block
    /// shows each at once. The bar and its clicks run on the real clock, so the alarm is set for this minute.
    @Test func aBarClickSnoozesAndDismissesTheRingingAlarm() async throws {
        let box = try Sandbox()
        let utc = TimeZone(identifier: "UTC") ?? .gmt
        let minute = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60)
        let parts = LocalTime.components(of: minute, in: utc)
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        // Set a minute before it goes off; it rings from then for ten minutes, much longer than the test.
        let added = await box.weft(
            "alarm", "add", "\(pad(parts.hour)):\(pad(parts.minute))", "--on", LocalDay.iso(of: minute, in: utc),
            "--label", "Now", "--now", ISOInstant.format(minute.addingTimeInterval(-60)), "--tz", "UTC")
        #expect(added.exitCode == 0, "\(added)")
        try box.write(
            "bar.toml",
            """
            [[block]]
            name = "alarm"
            template = "{{__alarms_ringing|0}}{{__alarms_snoozed|0}}"
            urgent = "{{__alarms_ringing|0}}"
            on_click = ["weft", "alarm", "snooze"]
            on_right_click = ["weft", "alarm", "dismiss"]
            """)
        let client = FixtureFiles.path("bar", "alarm-click-client.py")
        let run = await WeftProcess.run(
            ["python3", client, WeftProcess.binary, box.path("bar.toml")] + box.locations, timeout: .seconds(60))
        #expect(run.exitCode == 0 && run.stdout == "ok\n", "\(run)")
        #expect(await box.weft("get", "__alarms_ringing").stdout == "0\n")
    }
}
