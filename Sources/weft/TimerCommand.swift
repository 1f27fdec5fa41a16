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

/// A timer's label or id (default: the current timer), the clock and the database.
struct TimerNameOptions: ParsableArguments {
    @Argument(help: "The timer's label or id (default: the current timer).")
    var name: String?

    @OptionGroup var options: AlarmOptions
}
