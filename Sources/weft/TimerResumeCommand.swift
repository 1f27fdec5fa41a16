import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct TimerResumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume", abstract: "Resume a paused timer.",
        discussion: "Examples:\n  weft timer resume\n  weft timer resume Tea")

    @OptionGroup var timer: TimerNameOptions

    func run() throws {
        try timer.options.changeTimer { edit, now in timer.options.line(try edit.resume(timer.name, at: now), at: now) }
    }
}
