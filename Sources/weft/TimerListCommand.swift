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

    @OptionGroup var options: AlarmOptions

    func run() throws {
        let now = try options.clock.instant()
        let timers = try options.book(TimersKind.self).sorted
        guard !timers.isEmpty else {
            Stdout.line(ReaderLanguage.catalog.text("no timers; `weft timer start 25m` starts one"))
            return
        }
        for timer in timers { Stdout.line(options.line(timer, at: now)) }
    }
}
