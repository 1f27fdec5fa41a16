import Foundation
import Testing
import WeftTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `weft notify` against a real private session bus (`dbus-daemon`) and a notification server that records every
/// Notify: alarms and timers made with the CLI, the notifier run on a clock that jumps (`--simulate-until`), so a
/// day passes in a second.
@Suite struct NotifyBusTests {
    static let zone = ["--tz", "Europe/Berlin"]

    /// What the notifier decided, from its log lines: `INSTANT KEY: STATE`.
    static func decisions(_ result: ProcessResult) -> [String] {
        result.stderr.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("weft: 20"), line.hasSuffix(": delivered") || line.hasSuffix(": missed") else {
                return nil
            }
            return String(line.dropFirst("weft: ".count))
        }
    }

    /// An alarm with a pre-alert fires both at the right instants across the end of summer time (Berlin, 25 Oct
    /// 2026: 07:00 is 05:00Z before and 06:00Z after), the alarm replacing its pre-alert in place.
    @Test func anAlarmAndItsPreAlertFireAtTheirInstantsAcrossADSTChange() async throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let box = try Sandbox()
        let add = await box.weft(
            arguments: [
                "alarm", "add", "07:00", "--days", "daily", "--label", "Wake", "--pre-alert", "10m", "--now",
                "2026-10-24T00:00:00Z",
            ] + Self.zone)
        #expect(add.exitCode == 0, "\(add)")
        let run = await box.weft(
            arguments: ["notify", "--now", "2026-10-24T00:00:00Z", "--simulate-until", "2026-10-26T00:00:00Z"]
                + Self.zone, environment: bus.environment)
        #expect(run.exitCode == 0, "\(run)")
        let id24 = "2026-10-24T05:00:00Z"
        let id25 = "2026-10-25T06:00:00Z"
        let decided = Self.decisions(run).filter { $0.contains(":") }
        #expect(
            decided.contains { $0.hasPrefix("2026-10-24T04:50:00Z pre-alert:") && $0.contains(id24) }, "\(run)")
        #expect(decided.contains { $0.hasPrefix("2026-10-24T05:00:00Z alarm:") && $0.contains(id24) }, "\(run)")
        #expect(
            decided.contains { $0.hasPrefix("2026-10-25T05:50:00Z pre-alert:") && $0.contains(id25) }, "\(run)")
        #expect(decided.contains { $0.hasPrefix("2026-10-25T06:00:00Z alarm:") && $0.contains(id25) }, "\(run)")
        #expect(decided.count == 4, "\(decided)")
        let calls = try server.calls(atLeast: 4).filter { $0.method == "Notify" }
        #expect(calls.map(\.summary) == ["Wake in 10m", "Wake", "Wake in 10m", "Wake"], "\(calls)")
        // Each alarm replaces its own pre-alert, never the day before's.
        #expect(calls.count == 4 && calls[1].replacesID == calls[0].id && calls[3].replacesID == calls[2].id)
        #expect(calls.count == 4 && calls[2].replacesID == 0)
        #expect(calls.first?.appName == "weft")
    }

    /// Snooze (the alarm edit a button runs) makes the alarm go off again after the snooze time, in place.
    @Test func aSnoozedAlarmFiresAgainAfterTheSnoozeTime() async throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let box = try Sandbox()
        let start = "2026-11-27T05:00:00Z"
        #expect(
            await box.weft(
                arguments: ["alarm", "add", "07:00", "--label", "Wake", "--snooze", "9m", "--now", start] + Self.zone
            ).exitCode == 0)
        let first = await box.weft(
            arguments: ["notify", "--now", start, "--simulate-until", "2026-11-27T06:01:00Z"] + Self.zone,
            environment: bus.environment)
        #expect(Self.decisions(first).count == 1, "\(first)")
        let snooze = await box.weft(
            arguments: ["alarm", "snooze", "Wake", "--now", "2026-11-27T06:01:00Z"] + Self.zone)
        #expect(snooze.exitCode == 0, "\(snooze)")
        let second = await box.weft(
            arguments: ["notify", "--now", "2026-11-27T06:01:00Z", "--simulate-until", "2026-11-27T07:00:00Z"]
                + Self.zone, environment: bus.environment)
        #expect(
            Self.decisions(second) == [
                "2026-11-27T06:10:00Z alarm:\(Self.alarmID(first)):2026-11-27T06:00:00Z:snooze:2026-11-27T06:10:00Z: delivered"
            ], "\(second)")
        let calls = try server.calls(atLeast: 2).filter { $0.method == "Notify" }
        #expect(calls.count == 2 && calls[1].replacesID == calls[0].id, "\(calls)")
        #expect(calls.last?.body?.contains("snoozed 1×") == true, "\(calls)")
        #expect(calls.first?.actions == ["snooze", "Snooze 9 min", "dismiss", "Dismiss"], "\(calls)")
    }

    /// The alarm's id, from the key in the first decision (`alarm:<id>:<occurrence>`).
    static func alarmID(_ result: ProcessResult) -> String {
        guard let line = decisions(result).first, let key = line.split(separator: " ").dropFirst().first else {
            return "?"
        }
        return String(key.split(separator: ":")[1])
    }

    /// A timer started from the CLI notifies at zero, once, whatever the runs.
    @Test func aTimerStartedFromTheCommandLineNotifiesAtZero() async throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let box = try Sandbox()
        let start = "2026-11-27T10:00:00Z"
        let started = await box.weft(
            arguments: ["timer", "start", "25m", "--label", "Tea", "--now", start] + Self.zone)
        #expect(started.exitCode == 0, "\(started)")
        for until in ["2026-11-27T10:20:00Z", "2026-11-27T10:40:00Z", "2026-11-27T11:00:00Z"] {
            let run = await box.weft(
                arguments: ["notify", "--now", start, "--simulate-until", until] + Self.zone,
                environment: bus.environment)
            #expect(run.exitCode == 0, "\(run)")
        }
        let calls = try server.calls(atLeast: 1).filter { $0.method == "Notify" }
        #expect(calls.map(\.summary) == ["Tea"], "\(calls)")
        #expect(calls.first?.hints?["urgency"] == .byte(2), "\(calls)")
    }

    /// The whole way from a bar click to the notification: `weft bar`'s click action starts a timer (`weft timer
    /// start`, as the README's pomodoro block does), the block counts it down, and the `weft notify` already running
    /// (asleep until the cache changes) delivers it over the bus once, at zero. On the wall clock (a 4 s timer); the
    /// waits are for a line or a call, never a fixed time.
    @Test func aTimerStartedByABarClickCountsDownInTheBarAndNotifiesAtZero() async throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let box = try Sandbox()
        // Debug logs say when the notifier has looked once and sleeps.
        let notify = try StreamingChild(
            [
                "/usr/bin/env", "DBUS_SESSION_BUS_ADDRESS=\(bus.address)", "WEFT_LOG=debug", "/bin/sh", "-c",
                "exec \"$0\" \"$@\" 2>&1", WeftProcess.binary, "notify",
            ] + Self.zone + box.locations)
        defer {
            notify.send(SIGTERM)
            _ = notify.ending(within: .seconds(10))
        }
        var lines: [String] = []
        while !lines.contains(where: { $0.contains("tick 1:") }), let line = await notify.line(within: .seconds(60)) {
            lines.append(line)
        }
        #expect(lines.contains { $0.contains("tick 1:") }, "\(lines)")
        try box.write(
            "bar.toml",
            """
            [[block]]
            name = "timer"
            template = "{{__timer_state|idle}} {{__timer_label|}} {{__timer_remaining|}}"
            interval = "1s"
            on_click = ["weft", "timer", "start", "4s", "--label", "Tea"]
            """)
        let client = FixtureFiles.path("bar", "timer-zero-client.py")
        let bar = await WeftProcess.run(
            ["python3", client, WeftProcess.binary, box.path("bar.toml")] + box.locations, timeout: .seconds(120))
        #expect(bar.exitCode == 0 && bar.stdout.hasSuffix("ok\n"), "\(bar)")
        // The block counted down: running with a remaining time that only falls, then done at 00:00.
        let shown = bar.stdout.split(separator: "\n").dropLast().map(String.init)
        let running = shown.filter { $0.hasPrefix("running Tea 00:0") }
        #expect(!running.isEmpty, "\(shown)")
        #expect(running == running.sorted(by: >), "\(shown)")
        #expect(shown.last == "done Tea 00:00", "\(shown)")

        while !lines.contains(where: { $0.hasSuffix(": delivered") }), let line = await notify.line(within: .seconds(60)) {
            lines.append(line)
        }
        let delivered = lines.filter { $0.hasSuffix(": delivered") }
        #expect(delivered.count == 1, "\(lines)")
        // `weft: DECIDED timer:tea:ENDS:1: delivered`: decided at zero or after, never before.
        let fields = try #require(delivered.first?.split(separator: " "), "\(lines)")
        try #require(fields.count == 4, "\(fields)")
        let key = fields[2].split(separator: ":", maxSplits: 2)
        try #require(key.count == 3 && key[0] == "timer" && key[1] == "tea", "\(fields)")
        let decidedAt = try #require(ISO8601DateFormatter().date(from: String(fields[1])), "\(fields)")
        let endsAt = try #require(ISO8601DateFormatter().date(from: String(key[2].prefix(20))), "\(fields)")
        #expect(decidedAt >= endsAt, "\(fields)")
        let calls = try server.calls(atLeast: 1).filter { $0.method == "Notify" }
        #expect(calls.map(\.summary) == ["Tea"], "\(calls) \(lines)")
    }

    /// A notification server that appears after the notifier started (the session starts weft notify before the
    /// desktop's server) is found when something is due: the timer at zero goes over the bus, not only to its command.
    /// On the wall clock (a 2 s timer): the server must come up while the notifier waits.
    @Test func aServerThatAppearsLaterIsFoundWhenSomethingIsDue() async throws {
        let bus = try TestSessionBus()
        let box = try Sandbox()
        let notify = try StreamingChild(
            [
                "/usr/bin/env", "DBUS_SESSION_BUS_ADDRESS=\(bus.address)", "/bin/sh", "-c", "exec \"$0\" \"$@\" 2>&1",
                WeftProcess.binary, "notify",
            ] + Self.zone + box.locations)
        defer {
            notify.send(SIGTERM)
            _ = notify.ending(within: .seconds(10))
        }
        #expect(await notify.line(within: .seconds(20))?.contains("no notification server on the session bus") == true)
        let server = try TestNotificationServer(on: bus)
        let started = await box.weft(arguments: ["timer", "start", "2s", "--label", "Tea"] + Self.zone)
        #expect(started.exitCode == 0, "\(started)")
        var lines: [String] = []
        while !(lines.contains { $0.hasSuffix(": delivered") } && lines.contains { $0.contains("found the") }),
            let line = await notify.line(within: .seconds(20))
        {
            lines.append(line)
        }
        #expect(lines.contains { $0.contains("found the notification server") }, "\(lines)")
        #expect(!lines.contains { $0.contains("only the sections' commands run") }, "\(lines)")
        let calls = try server.calls(atLeast: 1).filter { $0.method == "Notify" }
        #expect(calls.map(\.summary) == ["Tea"], "\(calls) \(lines)")
    }

    /// The habit reminder's Done button marks the day the reminder was about, not the day of the click (a click after
    /// midnight, here weeks later on the wall clock, when a second notifier sees it).
    @Test func theHabitDoneButtonMarksTheRemindersDay() async throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let box = try Sandbox()
        let created = await box.weft(
            arguments: ["habit", "done", "Read", "--create", "--date", "2026-01-13", "--now", "2026-01-13T12:00:00Z"]
                + Self.zone)
        #expect(created.exitCode == 0, "\(created)")
        try box.write("notify.toml", "[habits]\nat = \"20:00\"\n")
        let run = await box.weft(
            arguments: ["notify", "--now", "2026-01-14T18:00:00Z", "--simulate-until", "2026-01-14T19:30:00Z"]
                + Self.zone, environment: bus.environment)
        #expect(Self.decisions(run) == ["2026-01-14T19:00:00Z habit:read:2026-01-14: delivered"], "\(run)")
        let shown = try server.calls(atLeast: 1).filter { $0.method == "Notify" }
        #expect(shown.first?.actions?.first == "done", "\(shown)")
        let id = try #require(shown.first?.id)

        let notify = try StreamingChild(
            ["/usr/bin/env", "DBUS_SESSION_BUS_ADDRESS=\(bus.address)", WeftProcess.binary, "notify"] + Self.zone
                + box.locations)
        defer {
            notify.send(SIGTERM)
            _ = notify.ending(within: .seconds(10))
        }
        func doneOn14th() async -> Bool {
            await box.weft(
                arguments: ["resolve", "{{__habits_read_done_today}}", "--now", "2026-01-14T22:00:00Z"] + Self.zone
            ).stdout == "1\n"
        }
        #expect(await !doneOn14th())
        // The click is a signal: sent until the notifier (subscribing as it starts) has acted on it; Done is idempotent.
        let marked = await Poll.until(within: .seconds(20), every: .milliseconds(500)) {
            try? server.invokeAction(id: id, key: "done")
            return await doneOn14th()
        }
        #expect(marked, "the click did not mark 2026-01-14 done")
    }

    /// Body markup: a server that takes it gets the body escaped, so a value never becomes a tag or a link.
    @Test func aBodyIsEscapedForAServerWithMarkup() async throws {
        let bus = try TestSessionBus()
        let server = try TestNotificationServer(on: bus)
        let box = try Sandbox()
        #expect(await box.weft("var", "set", "note", "<a href='x'>win</a> & more").exitCode == 0)
        try box.write("notify.toml", "[[rule]]\nwhen = \"{{note}}\"\ntitle = \"Note\"\nbody = \"{{note}}\"\n")
        let run = await box.weft(
            arguments: ["notify", "--now", "2026-11-27T10:00:00Z", "--simulate-until", "+1m"] + Self.zone,
            environment: bus.environment)
        #expect(run.exitCode == 0, "\(run)")
        let calls = try server.calls(atLeast: 1)
        #expect(calls.first?.body == "&lt;a href='x'&gt;win&lt;/a&gt; &amp; more", "\(calls)")
    }
}
