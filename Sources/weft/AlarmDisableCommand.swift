import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct AlarmDisableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: "Turn an alarm off (it stops ringing; `enable` turns it back on).",
        discussion: "Examples:\n  weft alarm disable Wake")

    @OptionGroup var alarm: AlarmNameOptions

    func run() throws {
        try alarm.options.change { edit, now in
            ReaderLanguage.catalog.text(
                "{label}: off", ["label": try edit.setEnabled(alarm.name, false, at: now).label])
        }
    }
}
