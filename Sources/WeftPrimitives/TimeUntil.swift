import Foundation

/// How long until an instant, counted by the one rule every countdown and "in …" label of an event follows, so two
/// texts about the same instant always say the same number.
///
/// - `minutes` is whole minutes with a started minute counted (the ceiling, like the `minutesuntil` filter): 30 s
///   away is 1, and 0 only once the instant is reached.
/// - Under 60 of those minutes the count is minutes; under 23 h 30 min it is hours rounded to the nearest
///   (1 h 29 min is 1 h, 1 h 59 min is 2 h); beyond that it is local calendar days from today to the target's day
///   (an event tomorrow morning is 1 day away, one the day after at 09:00 is 2), or hours while the target is still
///   on today's date (a day that is longer than 24 h by a clock change).
public struct TimeUntil: Sendable, Equatable {
    /// The unit `count` is in.
    public enum Unit: Sendable, Equatable {
        /// The instant is reached or past; `count` is 0.
        case started
        /// Whole minutes, 1…59.
        case minutes
        /// Rounded hours, 1…24.
        case hours
        /// Local calendar days, at least 1.
        case days
    }

    /// The unit of `count`.
    public let unit: Unit
    /// How many of `unit`.
    public let count: Int
    /// Whole minutes until the instant (ceiling), 0 once it is reached.
    public let minutes: Int

    /// The time from `now` until `target`, with local days in `zone`.
    public init(from now: Date, to target: Date, in zone: TimeZone) {
        let seconds = Instant.seconds(from: now, to: target)
        guard seconds > 0 else {
            (unit, count, minutes) = (.started, 0, 0)
            return
        }
        let minutes = seconds / 60 + (seconds % 60 == 0 ? 0 : 1)
        self.minutes = minutes
        if minutes < 60 {
            (unit, count) = (.minutes, minutes)
            return
        }
        let hours = (minutes + 30) / 60
        let days = Int(clamping: LocalDay.containing(target, in: zone) - LocalDay.containing(now, in: zone))
        if hours < 24 || days < 1 {
            (unit, count) = (.hours, hours)
        } else {
            (unit, count) = (.days, days)
        }
    }
}
