import Foundation
import WeftPrimitives

/// A variable the user set (`weft var …`); counters reset themselves at local period boundaries.
public struct StoredVariable: Sendable, Equatable {
    /// The canonical key.
    public var key: String
    /// The value as written at `updatedAt`.
    public var value: String
    /// When it was last written.
    public var updatedAt: Date
    /// The counter rule, when the variable is a counter.
    public var counter: CounterRule?

    /// Creates a stored variable.
    public init(key: String, value: String, updatedAt: Date, counter: CounterRule? = nil) {
        self.key = key
        self.value = value
        self.updatedAt = updatedAt
        self.counter = counter
    }

    /// The value as read at `now`: a counter whose period ended since it was written reads its reset value.
    /// Applying the reset on read is what lets counters work without a daemon.
    public func value(at now: Date, timeZone: TimeZone) -> String {
        guard let counter, let period = counter.reset else { return value }
        let current = period.start(of: now, timeZone: timeZone, weekStart: counter.weekStart)
        return updatedAt < current ? NumberText.plain(counter.resetValue) : value
    }
}

/// How a counter steps, what it aims for and when it starts over.
public struct CounterRule: Sendable, Equatable {
    /// What `incr` adds when no `--by` is given.
    public var step: Double
    /// The target, when one is set.
    public var goal: Double?
    /// When the counter starts over, if ever.
    public var reset: ResetPeriod?
    /// The value it starts over at.
    public var resetValue: Double
    /// The first day of a week for weekly resets (1 = Sunday … 7 = Saturday, as Foundation counts).
    public var weekStart: Int
    /// The floor a change stops at, when one is set.
    public var minimum: Double?
    /// The ceiling a change stops at, when one is set.
    public var maximum: Double?

    /// Creates a counter rule; weeks start on Monday unless told otherwise.
    public init(
        step: Double = 1, goal: Double? = nil, reset: ResetPeriod? = nil, resetValue: Double = 0, weekStart: Int = 2,
        minimum: Double? = nil, maximum: Double? = nil
    ) {
        self.step = step
        self.goal = goal
        self.reset = reset
        self.resetValue = resetValue
        self.weekStart = weekStart
        self.minimum = minimum
        self.maximum = maximum
    }

    /// The signed amount `change` applies: `incr` the step (`--by` when given), `decr` its opposite. A count-down
    /// counter (step −1) therefore goes down on `incr` and up on `decr`; buttons are labelled with this amount.
    public func amount(_ change: CounterChange, by explicit: Double? = nil) -> Double {
        let magnitude = explicit ?? step
        return change == .incr ? magnitude : -magnitude
    }

    /// `value` held inside the limits: a change that would cross the floor or the ceiling stops there.
    public func clamped(_ value: Double) -> Double {
        var result = value
        if let maximum, result > maximum { result = maximum }
        if let minimum, result < minimum { result = minimum }
        return result
    }

    /// Why `value` lies outside the limits (`-3 is below the minimum 0`), or nil when it lies within them.
    public func limitProblem(_ value: Double) -> String? {
        if let minimum, value < minimum {
            return "\(NumberText.plain(value)) is below the minimum \(NumberText.plain(minimum))"
        }
        if let maximum, value > maximum {
            return "\(NumberText.plain(value)) is above the maximum \(NumberText.plain(maximum))"
        }
        return nil
    }

    /// The limits as users write them (`0…8`, `≥ 0`, `≤ 8`), or nil without any.
    public var limitsText: String? {
        switch (minimum, maximum) {
        case (let low?, let high?): return "\(NumberText.plain(low))…\(NumberText.plain(high))"
        case (let low?, nil): return "≥ \(NumberText.plain(low))"
        case (nil, let high?): return "≤ \(NumberText.plain(high))"
        case (nil, nil): return nil
        }
    }

    /// Why the rule cannot be kept (a floor above the ceiling, a reset value outside the limits it resets into),
    /// or nil.
    public var problem: String? {
        if let minimum, let maximum, minimum > maximum {
            return "the minimum \(NumberText.plain(minimum)) is above the maximum \(NumberText.plain(maximum))"
        }
        // Without a reset period the reset value is only where a new counter starts, and that start is clamped.
        if reset != nil, let outside = limitProblem(resetValue) { return "the reset value " + outside }
        return nil
    }
}

/// A change of a counter: `incr` applies its step, `decr` the opposite (`weft var incr|decr`, the dashboard's
/// buttons, `POST /v1/vars/KEY/incr|decr`).
public enum CounterChange: String, Sendable, CaseIterable {
    case incr, decr
}

/// A counter's reset period.
public enum ResetPeriod: String, Sendable, CaseIterable {
    case daily, weekly, monthly

    /// The local start of the period that contains `date`; `weekStart` counts as Foundation does (1 = Sunday …
    /// 7 = Saturday), the numbering the cache stores.
    public func start(of date: Date, timeZone: TimeZone, weekStart: Int) -> Date {
        let today = LocalDay.containing(date, in: timeZone)
        let first: Int64
        switch self {
        case .daily:
            first = today
        case .weekly:
            // Foundation's 1 (Sunday) … 7 (Saturday) to ISO's 7 (Sunday), 1 (Monday) … 6 (Saturday).
            let isoStart = (weekStart + 5) % 7 + 1
            first = today - Int64((LocalDay.weekday(today) - isoStart + 7) % 7)
        case .monthly:
            let parts = CivilDate.civil(fromDays: today)
            first = CivilDate.daysFromCivil(year: parts.year, month: parts.month, day: 1)
        }
        return LocalDay.start(of: first, in: timeZone)
    }
}
