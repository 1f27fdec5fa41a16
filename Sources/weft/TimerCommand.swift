import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct TimerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer",
        abstract: "Count down: start, pause, resume and stop timers (a pomodoro, a tea timer).",
        discussion: """
            Timers are kept in the database like alarms; {{__timer_remaining}}, {{__timer_fraction}}, \
            {{__timer_label}} and {{__timer_state}} show the current one (the running timer that ends first) in a \
            bar or on the dashboard. Without a name, pause, resume and stop act on the current timer. A finished \
            timer stays (state `done`) until it is stopped or started again; at most \
            \(CountdownTimer.maximumCount) timers.

            Examples:
              weft timer start 25m --label Pomodoro --repeat 4
              weft timer start 3m --label Tea
              weft timer pause
              weft timer resume
              weft timer stop Tea
              weft timer list
            """,
        subcommands: [
            TimerStartCommand.self, TimerPauseCommand.self, TimerResumeCommand.self, TimerStopCommand.self,
            TimerListCommand.self,
        ])
}

/// The clock, the database and the timers instance every `weft timer` command works with.
struct TimerOptions: ParsableArguments {
    @OptionGroup var clock: ClockOptions
    @OptionGroup var locations: LocationOptions

    /// The edit of the timers instance: a configured `type = "timers"` file's, else `timers`.
    func edit() throws -> TimerEdit {
        let entry = try locations.configuredInstance(type: TimersKind.type, named: nil)
        return TimerEdit(
            cacheDirectory: locations.resolved.cacheDirectory, instance: entry?.config.instance ?? TimersKind.type,
            prefix: entry?.provider.prefix)
    }

    /// `Tea: 02:59 left (round 1/1), running`.
    func line(_ timer: CountdownTimer, at now: Date) -> String {
        let state = timer.state(at: now)
        var line = "\(timer.label) (\(timer.id)): \(CountdownTimer.clock(timer.remaining(at: now))) left"
        if timer.rounds > 1 { line += ", round \(timer.round(at: now))/\(timer.rounds)" }
        line += ", \(state.rawValue)"
        if let end = timer.roundEnd(at: now), let zone = try? clock.zone() {
            line += " until \(LocalText.time(end, in: zone))"
        }
        return line
    }
}

struct TimerStartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start a timer (1s to 24h), optionally for several rounds.",
        discussion: """
            A bar block starts one with a click: `on_click = ["weft", "timer", "start", "25m", "--label", \
            "Pomodoro"]` in bar.toml.

            Examples:
              weft timer start 25m
              weft timer start 3m --label Tea
              weft timer start 25m --label Pomodoro --repeat 4
            """)

    @Argument(help: ArgumentHelp("How long: 25m, 90s, 1h30m.", valueName: "duration"))
    var duration: String

    @Option(help: ArgumentHelp("What it says (default: 25m timer).", valueName: "text"))
    var label: String?

    @Option(name: .customLong("repeat"), help: ArgumentHelp("Rounds in all, 1 to 100 (default 1).", valueName: "N"))
    var rounds: Int = 1

    @OptionGroup var options: TimerOptions

    func validate() throws {
        _ = try AlarmText.seconds(duration, option: "the duration", range: CountdownTimer.durationRange)
        guard CountdownTimer.roundsRange.contains(Double(rounds)) else {
            throw ValidationError("--repeat \(rounds) is out of range: it must be \(CountdownTimer.roundsRange.meaning)")
        }
        if let label {
            guard !label.trimmingCharacters(in: .whitespaces).isEmpty, label.count <= Alarm.maximumLabel else {
                throw ValidationError("--label must have 1 to \(Alarm.maximumLabel) characters")
            }
        }
    }

    func run() throws {
        let now = try options.clock.instant()
        let seconds = try AlarmText.seconds(duration, option: "the duration", range: CountdownTimer.durationRange)
        let edit = try options.edit()
        let timer = try AlarmText.run { try edit.start(label: label, duration: seconds, rounds: rounds, at: now) }
        print(options.line(timer, at: now))
    }
}

/// A timer's label or id (default: the current timer), the clock and the database.
struct TimerNameOptions: ParsableArguments {
    @Argument(help: "The timer's label or id (default: the current timer).")
    var name: String?

    @OptionGroup var options: TimerOptions
}

struct TimerPauseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause a running timer.", discussion: "Examples:\n  weft timer pause\n  weft timer pause Tea")

    @OptionGroup var timer: TimerNameOptions

    func run() throws {
        let now = try timer.options.clock.instant()
        let edit = try timer.options.edit()
        let paused = try AlarmText.run { try edit.pause(timer.name, at: now) }
        print(timer.options.line(paused, at: now))
    }
}

struct TimerResumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Resume a paused timer.",
        discussion: "Examples:\n  weft timer resume\n  weft timer resume Tea")

    @OptionGroup var timer: TimerNameOptions

    func run() throws {
        let now = try timer.options.clock.instant()
        let edit = try timer.options.edit()
        let resumed = try AlarmText.run { try edit.resume(timer.name, at: now) }
        print(timer.options.line(resumed, at: now))
    }
}

struct TimerStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: "Stop a timer and take it away.",
        discussion: "Examples:\n  weft timer stop\n  weft timer stop Tea")

    @OptionGroup var timer: TimerNameOptions

    func run() throws {
        let now = try timer.options.clock.instant()
        let edit = try timer.options.edit()
        let stopped = try AlarmText.run { try edit.stop(timer.name, at: now) }
        print("\(stopped.label): stopped")
    }
}

struct TimerListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the timers with the time left.",
        discussion: "Examples:\n  weft timer list")

    @OptionGroup var options: TimerOptions

    func run() throws {
        let now = try options.clock.instant()
        let store = try options.locations.workspace.openCache()
        let timers = try TimerBook(records: try store.userRecords(kind: TimerBook.recordKind)).sorted
        guard !timers.isEmpty else {
            print("no timers; `weft timer start 25m` starts one")
            return
        }
        for timer in timers { print(options.line(timer, at: now)) }
    }
}
