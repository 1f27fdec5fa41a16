import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct AlarmSkipNextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip-next", abstract: "Skip an alarm's next time only (a holiday); `enable` undoes it.",
        discussion: "Examples:\n  weft alarm skip-next Wake")

    @OptionGroup var alarm: AlarmNameOptions

    func run() throws {
        let now = try alarm.options.clock.instant()
        let edit = try alarm.options.edit()
        let (changed, skipped) = try AlarmText.run { try edit.skipNext(alarm.name, at: now) }
        var line = "\(changed.label): skipping \(try alarm.options.when(skipped))"
        if let next = changed.next(after: now) { line += "; next \(try alarm.options.when(next))" }
        print(line)
    }
}
