import Foundation
import WeftPrimitives

/// The `relative` filter's phrase, written by hand because Linux Foundation has no
/// `RelativeDateTimeFormatter`, in the render's catalog language.
///
/// Units by the size of the gap: under 60 s `now`; under an hour minutes; under a day hours;
/// under 7 days days; under an average month (30.436875 days) weeks; under an average year
/// (365.2425 days) months; then years. Counts are truncated, as Apple's formatter does
/// (1 h 59 min is `in 1 hour`).
enum RelativeTime {
    private enum Unit: CaseIterable {
        case minute, hour, day, week, month, year

        var seconds: Double {
            switch self {
            case .minute: 60
            case .hour: 3600
            case .day: 86_400
            case .week: 604_800
            case .month: 2_629_746
            case .year: 31_556_952
            }
        }
    }

    /// The phrase for `target` seen from `now`, e.g. `in 5 minutes`, `2 hours ago`, `now`.
    static func phrase(for target: Date, relativeTo now: Date, catalog: Catalog) -> String {
        let delta = target.timeIntervalSince(now)
        let magnitude = abs(delta)
        guard magnitude >= Unit.minute.seconds else { return catalog.text("now") }
        let unit = Unit.allCases.last { magnitude >= $0.seconds } ?? .minute
        let count = (magnitude / unit.seconds).rounded(.down)
        let number = CheckedNumber.int(count) ?? Int.max
        let args = ["count": NumberText.plain(count)]
        return delta > 0 ? future(unit, number, args, catalog) : past(unit, number, args, catalog)
    }

    private static func future(_ unit: Unit, _ n: Int, _ args: [String: String], _ catalog: Catalog) -> String {
        switch unit {
        case .minute: catalog.plural("in {count} minute", "in {count} minutes", count: n, args)
        case .hour: catalog.plural("in {count} hour", "in {count} hours", count: n, args)
        case .day: catalog.plural("in {count} day", "in {count} days", count: n, args)
        case .week: catalog.plural("in {count} week", "in {count} weeks", count: n, args)
        case .month: catalog.plural("in {count} month", "in {count} months", count: n, args)
        case .year: catalog.plural("in {count} year", "in {count} years", count: n, args)
        }
    }

    private static func past(_ unit: Unit, _ n: Int, _ args: [String: String], _ catalog: Catalog) -> String {
        switch unit {
        case .minute: catalog.plural("{count} minute ago", "{count} minutes ago", count: n, args)
        case .hour: catalog.plural("{count} hour ago", "{count} hours ago", count: n, args)
        case .day: catalog.plural("{count} day ago", "{count} days ago", count: n, args)
        case .week: catalog.plural("{count} week ago", "{count} weeks ago", count: n, args)
        case .month: catalog.plural("{count} month ago", "{count} months ago", count: n, args)
        case .year: catalog.plural("{count} year ago", "{count} years ago", count: n, args)
        }
    }
}
