import ArgumentParser
import Foundation
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
        let rows = try target.snapshot(instance).history.rows.filter { row in
            (first.map { row.day >= $0 } ?? true) && (last.map { row.day <= $0 } ?? true)
        }
        if json {
            let objects = rows.map { ["date": $0.day.iso, "steps": $0.steps, "goal": $0.goal] as [String: Any] }
            FileHandle.standardOutput.write(Data((try JSONText.text(object: objects) + "\n").utf8))
            return
        }
        let lines = rows.map { row in
            let mark = row.goal > 0 && row.steps >= row.goal ? " ✓" : ""
            let steps = String(row.steps)
            return
                "\(row.day.iso)  \(String(repeating: " ", count: max(0, 7 - steps.count)))\(steps) / \(row.goal)\(mark)"
        }
        Stdout.line(lines.isEmpty ? "No days" : lines.joined(separator: "\n"))
    }
}
