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
        try alarm.options.change { edit, now in
            let changed = try edit.setEnabled(alarm.name, true, at: now)
            return try alarm.options.line(
                ReaderLanguage.catalog.text("{label}: on", ["label": changed.label]), next: changed, after: now,
                joiner: ", ")
        }
    }
}
