import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives
import WeftStore
import WeftTemplate

/// The key argument, locations and zone every `weft var` subcommand shares.
struct VarTarget: ParsableArguments {
    @Argument(
        help: "The variable key (canonicalised like template keys: trimmed, lower-cased).",
        completion: Completions.storedKeys)
    var key: String

    @OptionGroup var clock: ClockOptions
    @OptionGroup var locations: LocationOptions

    var canonicalKey: String {
        get throws {
            let canonical = TemplateKey.canonical(key)
            guard !canonical.isEmpty else { throw ValidationError("the key is empty") }
            return canonical
        }
    }

    func instant() throws -> Date { try clock.instant() }

    func zone() throws -> TimeZone { try clock.zone() }

    /// Where every change of a stored variable goes.
    var edit: VariableEdit { VariableEdit(cacheDirectory: locations.resolved.cacheDirectory) }

    func readableStore() throws -> CacheStore {
        try locations.workspace.openCache()
    }
}

/// Options that make a stored variable a counter.
struct CounterOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help: "The signed amount `incr` applies and `decr` takes back (-1 counts down; makes the variable a counter).")
    var step: Double?

    @Option(parsing: .unconditional, help: "The counter's goal.")
    var goal: Double?

    @Option(help: ArgumentHelp("Start over every day, week or month.", valueName: "daily|weekly|monthly"))
    var reset: ResetPeriodArgument?

    @Option(parsing: .unconditional, help: "The value a reset starts over at (default 0).")
    var resetValue: Double?

    @Option(help: ArgumentHelp("First day of the week for weekly resets (default monday).", valueName: "day"))
    var weekStart: Weekday?

    @Option(
        name: .customLong("min"), parsing: .unconditional,
        help: ArgumentHelp("The floor: a change stops there (`none` removes it).", valueName: "n|none"))
    var minimum: CounterLimit?

    @Option(
        name: .customLong("max"), parsing: .unconditional,
        help: ArgumentHelp("The ceiling: a change stops there (`none` removes it).", valueName: "n|none"))
    var maximum: CounterLimit?

    var isEmpty: Bool {
        step == nil && goal == nil && reset == nil && resetValue == nil && weekStart == nil && minimum == nil
            && maximum == nil
    }

    /// The rule these options describe, on top of an existing one (the store refuses one whose limits contradict
    /// themselves).
    func rule(over existing: CounterRule?) -> CounterRule? {
        guard !isEmpty || existing != nil else { return nil }
        var rule = existing ?? CounterRule()
        if let step { rule.step = step }
        if let goal { rule.goal = goal }
        if let reset { rule.reset = reset.period }
        if let resetValue { rule.resetValue = resetValue }
        if let weekStart { rule.weekStart = weekStart.foundationWeekday }
        if let minimum { rule.minimum = minimum.value }
        if let maximum { rule.maximum = maximum.value }
        return rule
    }
}

/// A counter's floor or ceiling as given on the command line: a finite number, or `none` for no limit.
struct CounterLimit: ExpressibleByArgument, Equatable {
    var value: Double?

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        if text.lowercased() == "none" {
            value = nil
        } else if let number = Double(text), ValueRange.counterStep.contains(number) {
            value = number
        } else {
            return nil
        }
    }
}

enum ResetPeriodArgument: String, ExpressibleByArgument, CaseIterable {
    case daily, weekly, monthly
    var period: ResetPeriod { ResetPeriod(rawValue: rawValue) ?? .daily }
}

enum Weekday: String, ExpressibleByArgument, CaseIterable {
    case sunday, monday, tuesday, wednesday, thursday, friday, saturday
    var foundationWeekday: Int { (Self.allCases.firstIndex(of: self) ?? 1) + 1 }
}
