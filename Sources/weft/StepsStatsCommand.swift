import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
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
        let general = VariableContext(
            now: try clock.instant(), timeZone: try clock.zone(), locale: Locale(identifier: "en_US"))
        let context = general.viewing(recordedZone: steps.timeZone)
        let values = StepVariables.values(history: steps.history, access: steps.access, context: context, prefix: "")
        func value(_ key: String) -> String { values[key] ?? "–" }
        let best = StepStats.bestDay(steps.history).map { "\($0.steps) on \($0.day.iso)" } ?? "–"
        print(
            """
            today    \(value("today")) / \(value("goal_today")) (\(value("today_percent"))%)
            streak   \(value("streak")) days (\(value("streak_rule")))
            average  \(value("avg_7")) over 7 days, \(value("avg_30")) over 30 days
            best     \(best)
            """)
    }
}
