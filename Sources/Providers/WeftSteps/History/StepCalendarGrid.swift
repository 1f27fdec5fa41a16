import WeftCore
import WeftPrimitives

/// The Steps History laid out as weeks (Monday first) × weekdays: a calendar year for the heatmap, or one month for
/// the calendar grid. Pure layout, shared by the dashboard's SVG and `weft steps history` in the terminal.
public struct StepCalendarGrid: Sendable, Equatable {
    /// How one day compares with its goal (the board's ``DayLevel``).
    public typealias Level = DayLevel

    /// One day in the grid.
    public struct Cell: Sendable, Equatable {
        /// The local day.
        public var day: StepDay
        /// The week column, 0 for the week holding the grid's first day.
        public var column: Int
        /// The weekday row: 0 Monday … 6 Sunday.
        public var row: Int
        /// The day's steps and goal, when it has a record.
        public var record: StepDayRecord?
        /// How the day compares with its goal.
        public var level: Level
        /// The day's distance, flights and active energy, when it has any.
        public var activity: ActivityDay?
    }

    /// The days in order, first to last.
    public var cells: [Cell]
    /// The number of week columns (53 for most years; 54 when a leap year starts on a Sunday).
    public var columns: Int

    /// Every day from `first` to `last` (inclusive), laid out Monday first; days after `today` are `future`.
    public init(history: StepHistory, from first: StepDay, through last: StepDay, today: StepDay) {
        let firstMonday = LocalDay.weekStart(first.dayNumber)
        var cells: [Cell] = []
        cells.reserveCapacity(Int(clamping: max(0, last.dayNumber - first.dayNumber + 1)))
        var number = first.dayNumber
        while number <= last.dayNumber {
            let day = StepDay(dayNumber: number)
            let record = history.days[day]
            let level: Level =
                number > today.dayNumber ? .future : record.map { Level.of(steps: $0.steps, goal: $0.goal) } ?? .noData
            cells.append(
                Cell(
                    day: day, column: Int((number - firstMonday) / 7), row: LocalDay.weekday(number) - 1,
                    record: record, level: level, activity: history.activity[day]))
            number += 1
        }
        self.cells = cells
        columns = (cells.last?.column ?? -1) + 1
    }

    /// Where to write month names: each month's first column, leaving out a month whose name would sit closer than
    /// `gap` columns to the previous one (the grid's first, partial month gives way to the next).
    public func monthLabels(gap: Int = 3) -> [(month: Int, column: Int)] {
        var starts: [(month: Int, column: Int)] = []
        for cell in cells where starts.last?.month != cell.day.components.month {
            starts.append((cell.day.components.month, cell.column))
        }
        if starts.count >= 2, starts[1].column - starts[0].column < gap { starts.removeFirst() }
        var labels: [(month: Int, column: Int)] = []
        for start in starts where labels.last.map({ start.column - $0.column >= gap }) ?? true {
            labels.append(start)
        }
        return labels
    }

    /// The grid as the dashboard draws it, in types of no provider module.
    public var dayGrid: DayGrid {
        DayGrid(
            cells: cells.map {
                DayGrid.Cell(
                    day: $0.day.dayNumber, column: $0.column, row: $0.row, count: $0.record?.steps,
                    goal: $0.record?.goal, level: $0.level, distance: $0.activity?.distance,
                    flights: $0.activity?.flights, energy: $0.activity?.energy)
            },
            columns: columns, monthLabels: monthLabels().map { DayGrid.MonthLabel(month: $0.month, column: $0.column) })
    }

    /// The calendar year `year`: 365 or 366 cells in 53 (rarely 54) weeks.
    public static func year(_ year: Int, history: StepHistory, today: StepDay) -> StepCalendarGrid {
        StepCalendarGrid(
            history: history, from: StepDay(year: year, month: 1, day: 1),
            through: StepDay(year: year, month: 12, day: 31),
            today: today)
    }

    /// The year up to `today`: from the day after the same date a year earlier, 365 or 366 cells in 53 or 54 weeks,
    /// today in the last column.
    public static func pastYear(history: StepHistory, today: StepDay) -> StepCalendarGrid {
        let (year, month, day) = today.components
        let earlier = StepDay(
            year: year - 1, month: month, day: min(day, CivilDate.daysInMonth(year: year - 1, month: month)))
        return StepCalendarGrid(history: history, from: earlier.adding(days: 1), through: today, today: today)
    }

    /// One month: 28 to 31 cells in 4 to 6 weeks.
    public static func month(year: Int, month: Int, history: StepHistory, today: StepDay) -> StepCalendarGrid {
        StepCalendarGrid(
            history: history, from: StepDay(year: year, month: month, day: 1),
            through: StepDay(year: year, month: month, day: CivilDate.daysInMonth(year: year, month: month)),
            today: today)
    }
}
