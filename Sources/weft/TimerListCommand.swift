import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct TimerListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the timers with the time left.",
        discussion: "Examples:\n  weft timer list")

    @OptionGroup var options: TimerOptions

    func run() throws {
        let now = try options.clock.instant()
        let store = try options.locations.workspace.openCache()
        let timers = try TimerBook(records: try store.userRecords(kind: TimerBook.recordKind)).sorted
        guard !timers.isEmpty else {
            print("no timers; `weft timer start 25m` starts one")
            return
        }
        for timer in timers { print(options.line(timer, at: now)) }
    }
}
