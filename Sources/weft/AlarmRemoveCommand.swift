import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct AlarmRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Move an alarm to the trash.",
        discussion: """
            The trash keeps it 30 days: `weft forget --restore "alarm LABEL"` brings it back.

            Examples:
              weft alarm remove Wake
            """)

    @OptionGroup var alarm: AlarmNameOptions

    func run() throws {
        let now = try alarm.options.clock.instant()
        let edit = try alarm.options.edit()
        let removed = try AlarmText.run { try edit.remove(alarm.name, at: now) }
        print("\(removed.label): moved to the trash (`weft forget --restore \"alarm \(removed.label)\"` brings it back)")
    }
}
