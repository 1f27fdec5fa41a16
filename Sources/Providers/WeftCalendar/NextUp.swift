import Foundation

/// Chooses the "next" and "then" events of a Next Up view, and the agenda they head, from a list of occurrences.
public enum NextUp {
    /// The first two occurrences that have not ended at `now`, ordered by start, then UID.
    ///
    /// An event in progress counts as next; a zero-length event counts from its start on; cancelled
    /// occurrences never count.
    public static func pick(_ occurrences: [CalendarOccurrence], now: Date) -> (
        next: CalendarOccurrence?, then: CalendarOccurrence?
    ) {
        pick(occurrences, now: now, allDay: .include)
    }

    /// The first two occurrences that qualify under `allDay` (`separate` and `exclude` leave all-day events out).
    public static func pick(_ occurrences: [CalendarOccurrence], now: Date, allDay: CalendarOptions.AllDay) -> (
        next: CalendarOccurrence?, then: CalendarOccurrence?
    ) {
        let candidates = upcoming(occurrences, now: now, allDay: allDay)
        return (candidates.first, candidates.dropFirst().first)
    }

    /// Every occurrence that has not ended at `now` and qualifies under `allDay`, cancelled ones never, sorted by
    /// start, then UID: `next`, `then` and the agenda, in that order.
    static func upcoming(_ occurrences: [CalendarOccurrence], now: Date, allDay: CalendarOptions.AllDay)
        -> [CalendarOccurrence]
    {
        occurrences
            .filter { event in
                !event.isCancelled && (allDay == .include || !event.allDay)
                    && (event.end > now || (event.start == event.end && event.start >= now))
            }
            .sorted(by: CalendarOccurrence.precedes)
    }

    /// The first `count` occurrences of `calendar` that `upcoming` keeps at `now`, looking at most `horizon` ahead:
    /// a day first, then wider windows only while fewer are found, so a busy calendar is expanded for a day only.
    public static func search(
        _ calendar: ICalendar, now: Date, count: Int, horizon: TimeInterval, allDay: CalendarOptions.AllDay
    ) -> [CalendarOccurrence] {
        var span: TimeInterval = 86_400
        while true {
            let window = min(span, horizon)
            let found = upcoming(
                calendar.occurrences(overlapping: now, now.addingTimeInterval(window)), now: now, allDay: allDay)
            if found.count >= count || window >= horizon { return Array(found.prefix(count)) }
            span *= 8
        }
    }
}
