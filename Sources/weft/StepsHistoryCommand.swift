import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftSteps

struct StepsHistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Print the year's steps as a heatmap and a month as a calendar, shaded against each day's goal.",
        discussion: """
            The dashboard's Steps History in the terminal: one character per day, weeks as columns (Monday at the \
            top), then the month with each day's number. Shades: █ goal met, ▓ half the goal or more, ▒ a quarter \
            or more, ░ less, · no data. In colour on a terminal; plain when piped, with TERM=dumb or with NO_COLOR set \
            (--color always or never decides instead).

            Examples:
              weft steps history
              weft steps history --year 2025
              weft steps history --month 2026-02
            """)

    @Option(help: ArgumentHelp("A calendar year for the heatmap (default: the year up to today).", valueName: "yyyy"))
    var year: Int?

    @Option(
        help: ArgumentHelp(
            "The month of the calendar (default: this month, or --year's December).", valueName: "yyyy-MM"))
    var month: String?

    @OptionGroup var clock: ClockOptions
    @OptionGroup var target: StepsInstanceOptions
    @OptionGroup var colors: ColorOptions

    func validate() throws {
        if let year, !(1...9999).contains(year) { throw ValidationError("--year \(year) is not a year like 2026") }
        if let month, Self.parseMonth(month) == nil {
            throw ValidationError("--month \"\(month)\" is not a month like 2026-03")
        }
    }

    func run() throws {
        let (instance, _, _) = try target.resolve()
        let steps = try target.snapshot(instance)
        let zone = try clock.zones().zone(recorded: steps.timeZone)
        let today = StepDay(containing: try clock.instant(), in: zone)
        let (thisYear, thisMonth, _) = today.components
        let shownYear = year ?? thisYear
        let calendar: (year: Int, month: Int) =
            month.flatMap(Self.parseMonth) ?? (shownYear == thisYear ? (thisYear, thisMonth) : (shownYear, 12))
        let catalog = ReaderLanguage.catalog
        let printer = StepHistoryText(colour: colors.colorsStandardOutput, today: today, catalog: catalog)
        let grid =
            year.map { StepCalendarGrid.year($0, history: steps.history, today: today) }
            ?? StepCalendarGrid.pastYear(history: steps.history, today: today)
        print(
            printer.year(
                grid,
                title: year.map { catalog.text("Steps {year}", ["year": String($0)]) }
                    ?? catalog.text("Steps, the past year")))
        print("")
        print(
            printer.month(
                StepCalendarGrid.month(
                    year: calendar.year, month: calendar.month, history: steps.history, today: today),
                year: calendar.year, month: calendar.month))
        print("")
        print(printer.legend)
    }

    /// `2026-03` as (2026, 3).
    static func parseMonth(_ text: String) -> (year: Int, month: Int)? {
        let parts = text.split(separator: "-")
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]),
            let month = Int(parts[1]), (1...12).contains(month), year >= 1
        else { return nil }
        return (year, month)
    }
}
