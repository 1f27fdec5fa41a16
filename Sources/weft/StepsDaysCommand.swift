import ArgumentParser
import Foundation
import WeftCommandLine
import WeftPrimitives
import WeftSteps

struct StepsDaysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "days",
        abstract: "List daily step totals with the goal each day had.",
        discussion: """
            Examples:
              weft steps days --from 2026-03-01 --to 2026-03-31
              weft steps days --json | jq '[.[] | select(.steps >= .goal)] | length'
              weft steps days --activity --from 2026-03-01
            """)

    @Option(help: ArgumentHelp("The first day (yyyy-MM-dd).", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("The last day, included (yyyy-MM-dd).", valueName: "date"))
    var to: String?

    @Flag(
        help:
            "Print JSON: [{\"date\", \"steps\", \"goal\"}]; a day with data but no steps has steps 0, a day without data is left out."
    )
    var json = false

    @Flag(
        help:
            "Add each day's walking and running distance, flights climbed and active energy (JSON: \"distance_m\", \"flights\", \"active_energy_kcal\", null where the exports have none); days with activity but no steps are listed with 0 steps."
    )
    var activity = false

    @OptionGroup var target: StepsInstanceOptions

    func run() throws {
        let first = try from.map { text throws -> StepDay in
            guard let day = StepDay(iso: text) else {
                throw ValidationError("--from \"\(text)\" is not a date like 2026-03-10")
            }
            return day
        }
        let last = try to.map { text throws -> StepDay in
            guard let day = StepDay(iso: text) else {
                throw ValidationError("--to \"\(text)\" is not a date like 2026-03-10")
            }
            return day
        }
        let (instance, _, _) = try target.resolve()
        let history = try target.snapshot(instance).history
        let rows = (activity ? history.rowsWithActivity : history.rows).filter { row in
            (first.map { row.day >= $0 } ?? true) && (last.map { row.day <= $0 } ?? true)
        }
        if json {
            // Keys in the order the help lists them.
            let objects = rows.map { row -> JSONValue in
                var pairs: [(key: String, value: JSONValue)] = [
                    ("date", .string(row.day.iso)), ("steps", .int(row.steps)), ("goal", .int(row.goal)),
                ]
                if activity {
                    let amounts = history.activity[row.day] ?? ActivityDay()
                    pairs.append(("distance_m", .double(amounts.distance.map(Self.exact))))
                    pairs.append(("flights", .double(amounts.flights.map(Self.exact))))
                    pairs.append(("active_energy_kcal", .double(amounts.energy.map(Self.exact))))
                }
                return .object(pairs)
            }
            JSONText.print(.array(objects))
            return
        }
        let catalog = ReaderLanguage.catalog
        let lines = rows.map { row in
            let mark = row.goal > 0 && row.steps >= row.goal ? " ✓" : ""
            let steps = String(row.steps)
            let line = "\(row.day.iso)  \(Self.padded(steps, 7)) / \(row.goal)\(mark)"
            guard activity else { return line }
            let amounts = history.activity[row.day] ?? ActivityDay()
            let columns = [
                amounts.distance.map { String(format: "%.2f km", $0 / 1000) } ?? "– km",
                amounts.flights.map {
                    catalog.plural(
                        "{count} flight", "{count} flights", count: CheckedNumber.int($0.rounded()) ?? 0,
                        ["count": String(format: "%.0f", $0)])
                } ?? catalog.text("– flights"),
                amounts.energy.map { String(format: "%.0f kcal", $0) } ?? "– kcal",
            ]
            // Padded to the widest steps line, so the activity columns line up.
            return Self.trailingPadded(line, 26) + Self.padded(columns[0], 10) + "  " + Self.padded(columns[1], 11)
                + "  " + Self.padded(columns[2], 9)
        }
        Stdout.line(lines.isEmpty ? catalog.text("No days") : lines.joined(separator: "\n"))
    }

    /// `text` right-aligned in `width` characters.
    private static func padded(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }

    /// `text` left-aligned in `width` characters.
    private static func trailingPadded(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }

    /// An amount for JSON: up to four decimals, as the `_exact` variables give it.
    private static func exact(_ value: Double) -> Double {
        (value * 10_000).rounded() / 10_000
    }
}
