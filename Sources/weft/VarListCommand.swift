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
        for entry in entries {
            var line = "\(entry.key) = \(entry.value)"
            if let step = entry.step {
                var counter = ["counter, step \(NumberText.plain(step))"]
                if let goal = entry.goal { counter.append("goal \(NumberText.plain(goal))") }
                if let min = entry.min { counter.append("min \(NumberText.plain(min))") }
                if let max = entry.max { counter.append("max \(NumberText.plain(max))") }
                if let reset = entry.reset { counter.append("resets \(reset)") }
                line += "  (" + counter.joined(separator: ", ") + ")"
            }
            print(line)
        }
    }
}
