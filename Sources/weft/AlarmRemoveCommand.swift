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
        try alarm.options.change { edit, now in
            let label = try edit.remove(alarm.name, at: now).label
            return ReaderLanguage.catalog.text(
                "{label}: moved to the trash (`weft forget --restore \"alarm {label}\"` brings it back)",
                ["label": label])
        }
    }
}
