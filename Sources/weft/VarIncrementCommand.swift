import ArgumentParser
import Foundation
import WeftCore
import WeftPrimitives
import WeftStore

struct VarIncrementCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "incr", abstract: "Add to a counter (its step, or --by) and print the new value.",
        discussion: """
            An unset variable starts from its reset value (0). Concurrent increments all count: each one is a \
            single read-and-write transaction.

            Examples:
              weft var incr pushups --by 10
              weft var incr water --goal 8 --reset daily
              weft var incr credits --by -1
            """)

    @OptionGroup var target: VarTarget
    @Option(parsing: .unconditional, help: "The amount to add (default: the counter's step, else 1).")
    var by: Double?
    @OptionGroup var counter: CounterOptions

    func run() throws {
        let key = try target.canonicalKey
        let now = try target.instant()
        let zone = try target.zone()
        let counter = self.counter
        let updated = try target.writableStore().increment(
            key, by: by, rule: { counter.rule(over: $0) }, now: now, timeZone: zone)
        print(updated.value)
    }
}
