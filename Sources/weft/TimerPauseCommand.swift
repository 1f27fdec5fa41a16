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
        let now = try timer.options.clock.instant()
        let edit = try timer.options.edit()
        let paused = try AlarmText.run { try edit.pause(timer.name, at: now) }
        print(timer.options.line(paused, at: now))
    }
}
