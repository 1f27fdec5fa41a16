import ArgumentParser
import Foundation

/// `weft notify` is the `weft-notify` program (``ProgramCommand``), so the notifier runs without the async runtime
/// (see `weft-notify`).
struct NotifyCommand: ProgramCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Deliver alarms, timers, reminders, rain and weather alerts and your rules as desktop notifications.",
        discussion: "Run `weft notify --help` for notify.toml, --dry-run and --missed.")

    @Argument(parsing: .captureForPassthrough, help: "Options for the notifier; see `weft notify --help`.")
    var arguments: [String] = []

    static let program = "weft-notify"
}
