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
        let now = try timer.options.clock.instant()
        let edit = try timer.options.edit()
        let resumed = try AlarmText.run { try edit.resume(timer.name, at: now) }
        print(timer.options.line(resumed, at: now))
    }
}
