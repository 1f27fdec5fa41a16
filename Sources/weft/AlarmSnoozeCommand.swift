import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct AlarmSnoozeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snooze", abstract: "Snooze the ringing alarm for its snooze time.",
        discussion: """
            Without a name, the alarm that is ringing (what a bar click runs: `on_click = ["weft", "alarm", \
            "snooze"]`). It goes off again after its snooze time (`--snooze` when added, default 9m).

            Examples:
              weft alarm snooze
              weft alarm snooze Wake
            """)

    @OptionGroup var alarm: AlarmSoundingOptions

    func run() throws {
        try alarm.options.change { edit, now in
            let changed = try edit.snooze(alarm.name, at: now)
            let zone = try alarm.options.clock.zone()
            let catalog = ReaderLanguage.catalog
            guard let snoozed = changed.snoozed else {
                return catalog.text("{label}: snoozed", ["label": changed.label])
            }
            return catalog.text(
                "{label}: snoozed until {time}",
                ["label": changed.label, "time": LocalText.time(snoozed.until, in: zone)])
        }
    }
}
