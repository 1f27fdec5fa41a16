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
        try alarm.options.change { edit, now in
            let changed = try edit.dismiss(alarm.name, at: now)
            return try alarm.options.line(
                ReaderLanguage.catalog.text("{label}: dismissed", ["label": changed.label]), next: changed, after: now)
        }
    }
}
