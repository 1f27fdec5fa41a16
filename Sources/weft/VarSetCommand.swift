import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftEdits

struct VarSetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Set a stored variable.",
        discussion: """
            A counter keeps its step, goal, limits and reset when set again; counter options change them. A value \
            outside the counter's --min/--max is refused.

            Examples:
              weft var set mood happy
              weft var set water 0 --goal 8 --reset daily --min 0
            """)

    @OptionGroup var target: VarTarget
    // Collected rather than taken as one plain argument, so that a value such as `-5` is not read as an option.
    @Argument(parsing: .allUnrecognized, help: "The value.")
    var values: [String] = []
    @OptionGroup var counter: CounterOptions

    func run() throws {
        // `.allUnrecognized` keeps a `--` terminator among the values; it only marks the end of options.
        let values = self.values.filter { $0 != "--" }
        guard values.count == 1, let value = values.first else {
            throw ValidationError(
                values.isEmpty
                    ? "missing the value to set" : "expected one value, got: \(values.joined(separator: " "))")
        }
        let key = try target.canonicalKey
        let now = try target.instant()
        let counter = self.counter
        if !counter.isEmpty, Double(value.trimmingCharacters(in: .whitespaces)) == nil {
            throw ValidationError("a counter's value must be a number, not \"\(value)\"")
        }
        try target.edit.set(key, to: value, at: now) {
            counter.rule(over: $0)
        }
    }
}

struct VarGetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "Print a stored variable (after any due counter reset); exit 1 when unset.")

    @OptionGroup var target: VarTarget

    func run() throws {
        guard let variable = try target.readableStore().variable(try target.canonicalKey) else { throw ExitCode(1) }
        print(variable.value(at: try target.instant(), timeZone: try target.zone()))
    }
}

struct VarRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm", abstract: "Remove a stored variable; exit 1 when it was not set.")

    @OptionGroup var target: VarTarget

    func run() throws {
        guard try target.edit.remove(try target.canonicalKey) else {
            Stderr.line("weft: no stored variable \"\(try target.canonicalKey)\"")
            throw ExitCode(1)
        }
    }
}
