import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

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

    @OptionGroup var options: AlarmOptions

    func validate() throws {
        _ = try AlarmText.seconds(duration, option: "the duration", range: CountdownTimer.durationRange)
        guard CountdownTimer.roundsRange.contains(Double(rounds)) else {
            throw ValidationError("--repeat \(rounds) is out of range: it must be \(CountdownTimer.roundsRange.meaning)")
        }
        if let label, let problem = Alarm.labelProblem(label) { throw ValidationError(problem) }
    }

    func run() throws {
        let seconds = try AlarmText.seconds(duration, option: "the duration", range: CountdownTimer.durationRange)
        try options.changeTimer { edit, now in
            options.line(try edit.start(label: label, duration: seconds, rounds: rounds, at: now), at: now)
        }
    }
}
