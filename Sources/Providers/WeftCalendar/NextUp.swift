import Foundation

/// Chooses the "next" and "then" events of a Next Up view from a list of occurrences.
public enum NextUp {
    /// The first two occurrences that have not ended at `now`, ordered by start, then UID.
    ///
    /// An event in progress counts as next; a zero-length event counts from its start on; cancelled
    /// occurrences never count.
    public static func pick(_ occurrences: [CalendarOccurrence], now: Date) -> (
        next: CalendarOccurrence?, then: CalendarOccurrence?
    ) {
        let candidates =
            occurrences
            .filter { !$0.isCancelled && ($0.end > now || ($0.start == $0.end && $0.start >= now)) }
            .sorted(by: CalendarOccurrence.precedes)
        return (candidates.first, candidates.dropFirst().first)
    }
}
