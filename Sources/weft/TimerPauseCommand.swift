import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct TimerPauseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause", abstract: "Pause a running timer.", discussion: "Examples:\n  weft timer pause\n  weft timer pause Tea")

    @OptionGroup var timer: TimerNameOptions

    func run() throws {
        try timer.options.changeTimer { edit, now in timer.options.line(try edit.pause(timer.name, at: now), at: now) }
    }
}
