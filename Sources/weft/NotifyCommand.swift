import ArgumentParser
import Foundation

/// `weft notify` is the `weft-notify` program: its arguments (`--help` too) are handed over unread, so the notifier
/// runs without the async runtime (see `weft-notify`).
struct NotifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Deliver alarms, timers, reminders, rain alerts and your rules as desktop notifications.",
        discussion: "Run `weft notify --help` for notify.toml, --dry-run and --missed.")

    @Argument(parsing: .captureForPassthrough, help: "Options for the notifier; see `weft notify --help`.")
    var arguments: [String] = []

    func run() throws { try Self.execute(arguments) }

    /// Replaces this process with `weft-notify ARGUMENTS`.
    static func execute(_ arguments: [String]) throws -> Never {
        try ServeCommand.execute(program: "weft-notify", command: "weft notify", arguments)
    }
}
