import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftStore

struct VarListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List stored variables with their counter settings.")

    @Flag(help: "Print JSON.")
    var json = false
    @OptionGroup var clock: ClockOptions
    @OptionGroup var locations: LocationOptions

    struct Entry: Encodable {
        var key: String
        var value: String
        var updated: String
        var step: Double?
        var goal: Double?
        var reset: String?
        var min: Double?
        var max: Double?
    }

    func run() throws {
        let zone = try clock.zone()
        let instant = try clock.instant()
        let entries = try locations.workspace.openCache().variables().map {
            Entry(
                key: $0.key, value: $0.value(at: instant, timeZone: zone), updated: ISOInstant.format($0.updatedAt),
                step: $0.counter?.step, goal: $0.counter?.goal, reset: $0.counter?.reset?.rawValue,
                min: $0.counter?.minimum, max: $0.counter?.maximum)
        }
        if json {
            print(try JSONText.text(entries))
            return
        }
        let catalog = ReaderLanguage.catalog
        for entry in entries {
            var line = "\(entry.key) = \(entry.value)"
            if let step = entry.step {
                var counter = [catalog.text("counter, step {step}", ["step": NumberText.plain(step)])]
                if let goal = entry.goal {
                    counter.append(catalog.text("goal {goal}", ["goal": NumberText.plain(goal)]))
                }
                if let min = entry.min { counter.append(catalog.text("min {min}", ["min": NumberText.plain(min)])) }
                if let max = entry.max { counter.append(catalog.text("max {max}", ["max": NumberText.plain(max)])) }
                if let reset = entry.reset { counter.append(Self.resets(reset, catalog)) }
                line += "  (" + counter.joined(separator: ", ") + ")"
            }
            print(line)
        }
    }

    /// `resets daily` in the reader's words.
    static func resets(_ period: String, _ catalog: Catalog) -> String {
        switch period {
        case "daily": catalog.text("resets daily")
        case "weekly": catalog.text("resets weekly")
        case "monthly": catalog.text("resets monthly")
        default: catalog.text("resets {period}", ["period": period])
        }
    }
}
