import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftStore
import WeftWeather

struct WeatherNowcastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nowcast",
        abstract: "Show the next 60 minutes of rain from the cache, as a chart or JSON.",
        discussion: """
            The chart has one column per minute from now, scaled to the peak expected intensity (intensity × \
            chance); `·` marks minutes the provider said nothing about. Nothing is fetched: run `weft refresh`.

            Examples:
              weft weather nowcast
              weft weather nowcast --instance home --json
            """)

    @Option(
        help: ArgumentHelp("The weather instance (default: the only one in the cache).", valueName: "name"),
        completion: Completions.instances())
    var instance: String?

    @Flag(help: "Print JSON: forecast_start, now, headline, secondary and 60 minutes of {intensity, chance, expected}.")
    var json = false

    @OptionGroup var clock: ClockOptions
    @OptionGroup var locations: LocationOptions

    func run() throws {
        let now = try clock.instant()
        let workspace = locations.workspace
        let cache = workspace.locations.cacheDirectory
        let store = try workspace.openCache()
        let weather = try store.allSnapshots().filter { SavedResponse.types.contains($0.kind) }
        let chosen: Snapshot
        if let instance {
            guard let match = weather.first(where: { $0.instance == instance }) else {
                let place = ["instance": instance, "cache": cache, "names": Self.names(weather)]
                throw weather.isEmpty
                    ? CLIError { catalog in
                        catalog.text(
                            "no weather snapshot for \"{instance}\" in {cache}; run `weft refresh {instance}`", place)
                    }
                    : CLIError { catalog in
                        catalog.text("no weather snapshot for \"{instance}\" in {cache} (there is: {names})", place)
                    }
            }
            chosen = match
        } else {
            guard let only = weather.first else {
                throw CLIError { catalog in
                    catalog.text(
                        "no weather snapshot in {cache}; configure a weather provider and run `weft refresh`",
                        ["cache": cache])
                }
            }
            guard weather.count == 1 else {
                throw CLIError { catalog in
                    catalog.text(
                        "several weather instances ({names}); pick one with --instance", ["names": Self.names(weather)])
                }
            }
            chosen = only
        }
        let report = NowcastReport(try chosen.decode(WeatherSnapshot.self), now: now)
        FileHandle.standardOutput.write(Data((json ? try report.json() + "\n" : report.chart()).utf8))
    }

    static func names(_ snapshots: [Snapshot]) -> String {
        snapshots.map(\.instance).sorted().joined(separator: ", ")
    }
}
