import Foundation

/// The streak walk shared by the steps and habits providers: count back from today over local days (day numbers
/// since 1970-01-01) while each day is met, skipping days that were not scheduled.
public enum StreakWalk {
    /// How one day stands.
    public enum Day: Sendable, Equatable {
        /// Scheduled and done (goal met): counts.
        case met
        /// Scheduled and not done: ends the streak (today may be let off, see `todayStillOpen`).
        case missed
        /// Not scheduled (a rest day, a goal of 0): neither counts nor breaks.
        case unscheduled
    }

    /// The length of the streak ending at `today`.
    ///
    /// `earliest` is the first day with any data: the walk stops before it, so a history that starts with rest
    /// days still ends; nil (no data at all) gives 0. With `todayStillOpen`, a missed today is skipped rather than
    /// ending the streak, because the day is not over yet.
    public static func count(
        today: Int64, earliest: Int64?, todayStillOpen: Bool, status: (Int64) -> Day
    ) -> Int {
        guard let earliest else { return 0 }
        var count = 0
        var day = today
        while day >= earliest || day == today {
            switch status(day) {
            case .met: count += 1
            case .unscheduled: break
            case .missed:
                guard day == today, todayStillOpen else { return count }
            }
            day -= 1
        }
        return count
    }
}
