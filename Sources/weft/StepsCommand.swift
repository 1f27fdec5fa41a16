import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftSteps

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

extension StepsKind: CommandKind {
    static func settings(of instance: StepsProvider?) -> StepSettings { instance?.settings ?? StepSettings() }
    static func missingSnapshot(_ catalog: Catalog, instance: String, cache: String) -> String {
        catalog.text(
            "no step history for \"{instance}\" in {cache}; run `weft steps import FILE…` first",
            ["instance": instance, "cache": cache])
    }
}

/// Which steps instance a command works on, and its settings.
typealias StepsInstanceOptions = InstanceOptions<StepsKind>
