import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct AlarmDismissCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dismiss", abstract: "Stop the ringing or snoozed alarm (in its pre-alert: the time to come).",
        discussion: """
            Examples:
              weft alarm dismiss
              weft alarm dismiss Wake
            """)

    @OptionGroup var alarm: AlarmSoundingOptions

    func run() throws {
        let now = try alarm.options.clock.instant()
        let edit = try alarm.options.edit()
        let changed = try AlarmText.run { try edit.dismiss(alarm.name, at: now) }
        var line = "\(changed.label): dismissed"
        if let next = changed.next(after: now) { line += "; next \(try alarm.options.when(next))" }
        print(line)
    }
}
