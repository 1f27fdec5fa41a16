import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftWeather

struct WeatherParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Normalise a saved weather API response with no network, and show its variables.",
        discussion: """
            What to attach to a bug report: the snapshot weft makes of the response and every __weather_* \
            variable as it renders at --now. For met-norway give the nowcast and/or the locationforecast file, and \
            the MetAlerts file if you have one.

            Examples:
              curl -s 'https://api.open-meteo.com/v1/forecast?…' > saved.json
              weft weather parse --type open-meteo saved.json \\
                --now 2026-03-10T09:30:00Z --json
              weft weather parse --type met-norway nowcast.json forecast.json metalerts.json
            """)

    @Option(
        help: ArgumentHelp(
            "The API the response came from: \(SavedResponse.types.joined(separator: ", ")).", valueName: "type"))
    var type: String

    @Argument(help: ArgumentHelp("The saved response body (met-norway: up to three).", valueName: "file"))
    var files: [String]

    @Flag(help: "Print {\"snapshot\": …, \"variables\": {…}} as JSON.")
    var json = false

    @OptionGroup var clock: ClockOptions

    @Option(help: ArgumentHelp("Locale for the variables.", valueName: "id"))
    var locale: String = "en_US"

    func validate() throws {
        guard SavedResponse.types.contains(type) else {
            throw ValidationError(
                "--type \"\(type)\" is not a weather type; use one of \(SavedResponse.types.joined(separator: ", "))")
        }
        guard files.count == 1 || (type == METNorwayAPI.type && (2...3).contains(files.count)) else {
            throw ValidationError(type == METNorwayAPI.type ? "give one to three files" : "give exactly one file")
        }
    }

    func run() throws {
        let now = try clock.instant()
        let zone = try clock.zone()
        let bodies = try files.map { path in
            do {
                return try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                throw CLIError { catalog in
                    catalog.text("cannot read {path}: {reason}", ["path": path, "reason": ErrorText.words(error)])
                }
            }
        }
        let weather: WeatherSnapshot
        do {
            guard let parsed = try SavedResponse.snapshot(type: type, bodies: bodies, now: now, timeZone: zone) else {
                throw CLIError { [type] catalog in catalog.text("--type {type} is not a weather type", ["type": type]) }
            }
            weather = parsed
        } catch let error as WeatherError {
            throw CLIError(verbatim: "\(files.joined(separator: ", ")): \(ErrorText.words(error))")
        }
        let context = VariableContext(now: now, timeZone: zone, locale: Locale(identifier: locale))
        let variables = WeatherVariables.derive(weather, prefix: "__weather_", fetchedAt: now, context: context)
        guard json else {
            let width = variables.keys.map(\.count).max() ?? 0
            let lines = variables.sorted { $0.key < $1.key }.map {
                $0.key + String(repeating: " ", count: width - $0.key.count + 2) + $0.value
            }
            FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
            return
        }
        JSONText.print(
            .object(["snapshot": try JSONValue(encoding: weather), "variables": try JSONValue(encoding: variables)]))
    }
}
