import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftSteps

struct StepsStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Print today's steps against the goal, the streak, the 7- and 30-day averages and the best day.",
        discussion: """
            The same numbers as the __steps_* variables, computed at --now in the same zone: the provider's \
            timezone, else --tz, else $TZ.

            Examples:
              weft steps stats
              weft steps stats --now 2026-03-10T20:00:00Z --tz Europe/Berlin
            """)

    @OptionGroup var clock: ClockOptions
    @OptionGroup var target: StepsInstanceOptions

    func run() throws {
        let (instance, _, _) = try target.resolve()
        let steps = try target.snapshot(instance)
        let catalog = ReaderLanguage.catalog
        let general = VariableContext(
            now: try clock.instant(), timeZone: try clock.zone(), locale: Locale(identifier: "en_US"), catalog: catalog)
        let context = general.viewing(recordedZone: steps.timeZone)
        let values = StepVariables.values(history: steps.history, access: steps.access, context: context, prefix: "")
        func value(_ key: String) -> String { values[key] ?? "–" }
        let best =
            StepStats.bestDay(steps.history).map {
                catalog.text("{steps} on {day}", ["steps": String($0.steps), "day": $0.day.iso])
            } ?? "–"
        let streak = Int(value("streak")) ?? 0
        let rows = [
            (
                catalog.text("today"),
                "\(value("today")) / \(value("goal_today")) (\(value("today_percent"))%)"
            ),
            (
                catalog.text("streak"),
                catalog.plural(
                    "{count} day ({rule})", "{count} days ({rule})", count: streak,
                    ["count": value("streak"), "rule": value("streak_rule")])
            ),
            (
                catalog.text("average"),
                catalog.text(
                    "{week} over 7 days, {month} over 30 days", ["week": value("avg_7"), "month": value("avg_30")])
            ),
            (catalog.text("best"), best),
        ]
        // Two spaces after the longest label in the reader's language.
        let width = (rows.map(\.0.count).max() ?? 0) + 2
        print(rows.map { $0.0 + String(repeating: " ", count: width - $0.0.count) + $0.1 }.joined(separator: "\n"))
    }
}
