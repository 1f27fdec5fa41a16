import Foundation

/// Which dashboard card shows a kind's instances, in the board's order: the kind says it, so the board names no
/// provider module.
public enum BoardCard: Int, Sendable, Comparable, CaseIterable {
    /// Place, temperature, the next hour's rain and the hourly strip.
    case weather
    /// The air-quality index in its level's colour, particulate matter and pollen.
    case airQuality
    /// The next event and the one after it.
    case nextUp
    /// Today against the goal and the history's heatmap.
    case steps
    /// Each habit's week with its buttons.
    case habits
    /// The next alarm, and the one ringing or snoozed with its buttons.
    case alarms
    /// Each timer's time left and progress, with its buttons and quick starts.
    case timers
    /// The instance's variables as a key/value list (command providers and any kind without a card).
    case keyValue

    /// Cards order as the board shows them.
    public static func < (lhs: BoardCard, rhs: BoardCard) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a card draws beside a kind's text variables, in types of no provider module: the next hour's rain minute
/// by minute, days against a goal, habits' weeks. A kind fills what it has (``ProviderKind/figures(of:context:)``).
public struct CardFigures: Sendable, Equatable {
    /// The next 60 minutes from the render's minute, when the snapshot has a minute series.
    public var nextHour: RainMinutes?
    /// The past year ending today and this month, laid out as weeks (Monday first).
    public var pastYear: DayGrid?
    /// This month of `pastYear`'s history.
    public var month: DayGrid?
    /// Each habit's week, Monday first.
    public var weeks: [HabitWeek]?
    /// The alarms, in the order their card lists them.
    public var alarms: [AlarmFigure]?
    /// The timers, the one a bar shows first.
    public var timers: [TimerFigure]?
    /// What a key/value card calls each value, by its key without the prefix.
    public var labels: [String: String]?
    /// The unit written after each value, by its key without the prefix.
    public var units: [String: String]?

    /// Figures with what a kind has.
    public init(
        nextHour: RainMinutes? = nil, pastYear: DayGrid? = nil, month: DayGrid? = nil, weeks: [HabitWeek]? = nil,
        alarms: [AlarmFigure]? = nil, timers: [TimerFigure]? = nil, labels: [String: String]? = nil,
        units: [String: String]? = nil
    ) {
        self.nextHour = nextHour
        self.pastYear = pastYear
        self.month = month
        self.weeks = weeks
        self.alarms = alarms
        self.timers = timers
        self.labels = labels
        self.units = units
    }
}

/// One alarm as its card shows it at the render's `now`; the texts are the ones the `__alarms_*` variables carry,
/// so the bar and the board say the same.
public struct AlarmFigure: Sendable, Equatable {
    /// What it is doing at `now`.
    public enum State: Sendable, Equatable {
        /// Waiting for its next time (or off).
        case idle
        /// Counting down its pre-alert to `next` (Dismiss takes that occurrence out).
        case preAlert
        /// Going off since the instant.
        case ringing(since: Date)
        /// Snoozed until the instant.
        case snoozed(until: Date)
    }

    /// Its id (the buttons' path).
    public var id: String
    /// Its label.
    public var label: String
    /// When it is set for, as its schedule says it (`Mon–Fri at 07:00`).
    public var schedule: String
    /// Whether it is on.
    public var enabled: Bool
    /// Where it stands.
    public var state: State
    /// When it next makes a sound, if ever.
    public var next: Date?
    /// That moment as local `HH:mm`.
    public var nextTime: String?
    /// The countdown to it (`10h 05m`).
    public var countdown: String?
    /// Whether it is the alarm the `next_*` variables name.
    public var isNext: Bool

    /// An alarm as shown.
    public init(
        id: String, label: String, schedule: String, enabled: Bool, state: State, next: Date?, nextTime: String?,
        countdown: String?, isNext: Bool
    ) {
        self.id = id
        self.label = label
        self.schedule = schedule
        self.enabled = enabled
        self.state = state
        self.next = next
        self.nextTime = nextTime
        self.countdown = countdown
        self.isNext = isNext
    }
}

/// One timer as its card shows it at the render's `now`, with the `__timer_*` variables' texts.
public struct TimerFigure: Sendable, Equatable {
    /// Counting down, paused part-way, or every round run out.
    public enum State: String, Sendable, Equatable {
        /// Counting down.
        case running
        /// Stopped part-way.
        case paused
        /// Done until stopped.
        case done
    }

    /// Its id (the buttons' path).
    public var id: String
    /// Its label.
    public var label: String
    /// Where it stands.
    public var state: State
    /// Time left in the round, `mm:ss` (`h:mm:ss` from an hour).
    public var remaining: String
    /// How much of the round has run, 0 to 1.
    public var fraction: Double
    /// The round running, 1-based, and how many.
    public var round: Int
    /// How many rounds in all.
    public var rounds: Int
    /// When the round ends, as local `HH:mm`, while it runs.
    public var endsTime: String?

    /// A timer as shown.
    public init(
        id: String, label: String, state: State, remaining: String, fraction: Double, round: Int, rounds: Int,
        endsTime: String?
    ) {
        self.id = id
        self.label = label
        self.state = state
        self.remaining = remaining
        self.fraction = fraction
        self.round = round
        self.rounds = rounds
        self.endsTime = endsTime
    }
}

/// The next hour's rain, minute 0 the render's minute.
public struct RainMinutes: Sendable, Equatable {
    /// Expected intensity per minute, mm/h (nil where the provider gave none).
    public var expectedByMinute: [Double?]
    /// Chance of rain per minute, 0–1 (nil where unknown).
    public var chanceByMinute: [Double?]
    /// The first wet minute, when the series covers now and rain comes.
    public var startMinute: Int?

    /// The series as given.
    public init(expectedByMinute: [Double?], chanceByMinute: [Double?], startMinute: Int?) {
        self.expectedByMinute = expectedByMinute
        self.chanceByMinute = chanceByMinute
        self.startMinute = startMinute
    }
}

/// How one day's count compares with its goal.
public enum DayLevel: Int, Sendable, Comparable, CaseIterable {
    /// No record for the day (not imported, or before the history starts).
    case noData
    /// A day after today.
    case future
    /// Under a quarter of the goal (0 included).
    case low
    /// A quarter to a half of the goal.
    case some
    /// Half the goal or more, not met.
    case most
    /// Goal met (or a day without a goal that has a count).
    case met

    /// The level of `count` against `goal`.
    public static func of(steps count: Int, goal: Int) -> DayLevel {
        guard goal > 0 else { return count > 0 ? .met : .low }
        if count >= goal { return .met }
        if count * 2 >= goal { return .most }
        if count * 4 >= goal { return .some }
        return .low
    }

    /// Levels order from no data to goal met.
    public static func < (lhs: DayLevel, rhs: DayLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Days laid out as weeks (columns, Monday first) × weekdays (rows), each with its count against its goal.
public struct DayGrid: Sendable, Equatable {
    /// One day.
    public struct Cell: Sendable, Equatable {
        /// The local day (days since 1970-01-01).
        public var day: Int64
        /// The week, from 0.
        public var column: Int
        /// The weekday, 0 Monday … 6 Sunday.
        public var row: Int
        /// The day's count and goal, when there is a record.
        public var count: Int?
        /// The goal the day was recorded with.
        public var goal: Int?
        /// The day against its goal.
        public var level: DayLevel
        /// The day's walking and running distance (m), flights climbed and active energy (kcal), where known.
        public var distance: Double?
        public var flights: Double?
        public var energy: Double?

        /// A cell as laid out.
        public init(
            day: Int64, column: Int, row: Int, count: Int?, goal: Int?, level: DayLevel, distance: Double? = nil,
            flights: Double? = nil, energy: Double? = nil
        ) {
            self.day = day
            self.column = column
            self.row = row
            self.count = count
            self.goal = goal
            self.level = level
            self.distance = distance
            self.flights = flights
            self.energy = energy
        }
    }

    /// A month's name placed above the week it starts in.
    public struct MonthLabel: Sendable, Equatable {
        /// 1…12.
        public var month: Int
        /// The week it is placed over.
        public var column: Int

        /// A label over `column`.
        public init(month: Int, column: Int) {
            self.month = month
            self.column = column
        }
    }

    /// The days, first to last.
    public var cells: [Cell]
    /// How many weeks.
    public var columns: Int
    /// The months' names that fit without crowding each other.
    public var monthLabels: [MonthLabel]

    /// A laid-out grid.
    public init(cells: [Cell], columns: Int, monthLabels: [MonthLabel]) {
        self.cells = cells
        self.columns = columns
        self.monthLabels = monthLabels
    }
}

/// One habit's week, Monday first, as its card shows it.
public struct HabitWeek: Sendable, Equatable {
    /// What one day of the week is for the habit.
    public enum Mark: Sendable, Equatable {
        /// Done.
        case done
        /// Not scheduled that day.
        case notScheduled
        /// Scheduled, after today.
        case later
        /// Scheduled, before the habit's first completion (it may not have existed yet).
        case beforeFirst
        /// Scheduled, today or past, not done.
        case due
    }

    /// The habit's name.
    public var name: String
    /// Its slug (the buttons' path).
    public var slug: String
    /// Monday to Sunday of today's week.
    public var days: [Mark]
    /// The streak today.
    public var streak: Int
    /// Whether today is done.
    public var doneToday: Bool

    /// A habit's week.
    public init(name: String, slug: String, days: [Mark], streak: Int, doneToday: Bool) {
        self.name = name
        self.slug = slug
        self.days = days
        self.streak = streak
        self.doneToday = doneToday
    }
}
