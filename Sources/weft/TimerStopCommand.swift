import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct TimerStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stop", abstract: "Stop a timer and take it away.",
        discussion: "Examples:\n  weft timer stop\n  weft timer stop Tea")

    @OptionGroup var timer: TimerNameOptions

    func run() throws {
        try timer.options.changeTimer { edit, now in
            let label = try edit.stop(timer.name, at: now).label
            return ReaderLanguage.catalog.text("{label}: stopped", ["label": label])
        }
    }
}
