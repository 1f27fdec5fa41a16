import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftSteps
import WeftStore

struct StepsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steps",
        abstract: "Import step-count CSV exports and look at the daily history, streak and averages.",
        discussion: """
            Exports from Apple Health converters, Health Auto Export, QS Access, Google Fit Takeout, Fitbit, Samsung \
            Health and Gadgetbridge are recognised by their header; re-importing a file or an overlapping export \
            never counts a step twice. The history lives in the cache, so {{__steps_today}} renders without \
            reading any CSV. A provider file with type = "steps" and files = ["~/exports/*.csv"] re-imports \
            changed files on `weft refresh`.

            Examples:
              weft steps import ~/Downloads/StepCount.csv --tz Europe/Berlin
              weft steps days --from 2026-03-01 --json
              weft steps stats
              weft steps history --month 2026-02
            """,
        subcommands: [
            StepsImportCommand.self, StepsDaysCommand.self, StepsStatsCommand.self, StepsHistoryCommand.self,
        ])
}

/// Which steps instance a command works on, and its settings.
struct StepsInstanceOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("The steps instance (default: the only one configured, else \"steps\").", valueName: "name"))
    var instance: String?

    @OptionGroup var locations: LocationOptions

    /// The instance, its prefix and settings: from its provider file when there is one, else the defaults.
    func resolve() throws -> (instance: String, prefix: String, settings: StepSettings) {
        let chosen = try locations.configuredInstance(type: StepsKind.type, named: instance)
        guard let chosen, let provider = chosen.provider as? StepsProvider else {
            let name = instance ?? "steps"
            return (name, StepsKind.defaultPrefix(instance: name), StepSettings())
        }
        return (chosen.config.instance, provider.prefix, provider.settings)
    }

    /// The instance's snapshot, or an error that says how to make one.
    func snapshot(_ instance: String) throws -> StepsSnapshot {
        let cache = locations.resolved.cacheDirectory
        let store = try CacheStore.openForReading(directory: cache)
        guard let snapshot = try store.snapshot(instance) else {
            throw CLIError("no step history for \"\(instance)\" in \(cache); run `weft steps import FILE…` first")
        }
        return try snapshot.decode(StepsSnapshot.self)
    }
}
