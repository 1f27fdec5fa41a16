import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct AlarmEnableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable", abstract: "Turn an alarm on (a skipped next time goes off again).",
        discussion: "Examples:\n  weft alarm enable Wake")

    @OptionGroup var alarm: AlarmNameOptions

    func run() throws {
        let now = try alarm.options.clock.instant()
        let edit = try alarm.options.edit()
        let changed = try AlarmText.run { try edit.setEnabled(alarm.name, true, at: now) }
        var line = "\(changed.label): on"
        if let next = changed.next(after: now) { line += ", next \(try alarm.options.when(next))" }
        print(line)
    }
}
