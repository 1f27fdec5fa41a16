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

    /// The first two occurrences that qualify under `allDay` (`separate` and `exclude` leave all-day events out)
    /// and are not long events in progress (``isLongAndRunning(_:now:longEvent:)``).
    public static func pick(
        _ occurrences: [CalendarOccurrence], now: Date, allDay: CalendarOptions.AllDay,
        longEvent: TimeInterval = CalendarOptions.defaultLongEvent
    ) -> (next: CalendarOccurrence?, then: CalendarOccurrence?) {
        let candidates = upcoming(occurrences, now: now, allDay: allDay, longEvent: longEvent)
        return (candidates.first, candidates.dropFirst().first)
    }

    /// Every occurrence that has not ended at `now` and qualifies under `allDay`, cancelled ones and long events in
    /// progress never, sorted by start, then UID: `next`, `then` and the agenda, in that order.
    static func upcoming(
        _ occurrences: [CalendarOccurrence], now: Date, allDay: CalendarOptions.AllDay,
        longEvent: TimeInterval = CalendarOptions.defaultLongEvent
    ) -> [CalendarOccurrence] {
        occurrences
            .filter { event in
                !event.isCancelled && (allDay == .include || !event.allDay)
                    && (event.end > now || (event.start == event.end && event.start >= now))
                    && !isLongAndRunning(event, now: now, longEvent: longEvent)
            }
            .sorted(by: CalendarOccurrence.precedes)
    }

    /// A timed event longer than `longEvent` (out of office, a conference, a trip) that has started and not ended:
    /// it is listed with the day's ongoing and all-day events rather than holding `next` until it ends.
    public static func isLongAndRunning(_ event: CalendarOccurrence, now: Date, longEvent: TimeInterval) -> Bool {
        !event.allDay && event.end.timeIntervalSince(event.start) > longEvent && event.start <= now && now < event.end
    }

    /// The long events in progress at `now` (``isLongAndRunning(_:now:longEvent:)``), cancelled ones never, by start.
    public static func ongoing(_ occurrences: [CalendarOccurrence], now: Date, longEvent: TimeInterval)
        -> [CalendarOccurrence]
    {
        occurrences.filter { !$0.isCancelled && isLongAndRunning($0, now: now, longEvent: longEvent) }
            .sorted(by: CalendarOccurrence.precedes)
    }

    /// The first `count` occurrences of `calendar` that `upcoming` keeps at `now`, looking at most `horizon` ahead:
    /// a day first, then wider windows only while fewer are found, so a busy calendar is expanded for a day only.
    public static func search(
        _ calendar: ICalendar, now: Date, count: Int, horizon: TimeInterval, allDay: CalendarOptions.AllDay,
        longEvent: TimeInterval = CalendarOptions.defaultLongEvent
    ) -> [CalendarOccurrence] {
        var span: TimeInterval = 86_400
        while true {
            let window = min(span, horizon)
            let found = upcoming(
                calendar.occurrences(overlapping: now, now.addingTimeInterval(window)), now: now, allDay: allDay,
                longEvent: longEvent)
            if found.count >= count || window >= horizon { return Array(found.prefix(count)) }
            span *= 8
        }
    }
}
