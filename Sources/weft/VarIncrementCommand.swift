import ArgumentParser
import Foundation
import WeftCore
import WeftEdits

struct VarIncrementCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "incr", abstract: "Apply a counter's step (or --by N) and print the new value.",
        discussion: """
            The step is a signed amount: a count-down counter made with --step -1 goes down on `incr` (and up on \
            `weft var decr`). The result stops at --min and --max when they are set. An unset variable starts from \
            its reset value (0). Concurrent changes all count: each one is a single read-and-write transaction.

            Examples:
              weft var incr pushups --by 10
              weft var incr water --goal 8 --reset daily --min 0 --max 12
              weft var incr credits --by -1
            """)

    @OptionGroup var target: VarTarget
    @Option(parsing: .unconditional, help: "The signed amount to apply (default: the counter's step, else 1).")
    var by: Double?
    @OptionGroup var counter: CounterOptions

    func run() throws {
        print(try Self.apply(.incr, by: by, target: target, counter: counter).value)
    }

    /// The one way the command line changes a counter: ``VariableEdit``, which the dashboard's buttons call too.
    static func apply(
        _ change: CounterChange, by: Double?, target: VarTarget, counter: CounterOptions
    ) throws -> StoredVariable {
        let key = try target.canonicalKey
        let now = try target.instant()
        let zone = try target.zone()
        return try target.edit.step(
            key, change: change, by: by, at: now, timeZone: zone
        ) { counter.rule(over: $0) }
    }
}
