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
        try alarm.options.change { edit, now in
            let (changed, skipped) = try edit.skipNext(alarm.name, at: now)
            return try alarm.options.line(
                ReaderLanguage.catalog.text(
                    "{label}: skipping {time}",
                    ["label": changed.label, "time": try alarm.options.when(skipped, ReaderLanguage.catalog)]),
                next: changed, after: now)
        }
    }
}
