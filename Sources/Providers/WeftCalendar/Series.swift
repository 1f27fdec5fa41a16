import WeftRecurrence
/// Everything that decides the occurrences of one UID: the winning master, its overrides, THISANDFUTURE
/// changes and the precomputed occurrences that do not depend on the query window.
///
/// Holds pointers into libical documents (zones); the owning `ICalendar` keeps those alive.
struct Series {
    /// A RECURRENCE-ID;RANGE=THISANDFUTURE override: later instances move by `shift` and take its length.
    struct FutureChange {
        let ridKey: Int64
        let component: EventComponent
        let shift: Int64
        let length: Length
    }

    /// An RRULE ready to expand.
    struct PreparedRule {
        let rule: RuleRef
        let engine: RecurrenceEngine
        /// The last key UNTIL allows, `.max` without UNTIL.
        let untilKey: Int64
    }

    /// Occurrences known without expansion (single events, overrides, orphans), already filtered.
    let fixed: [CalendarOccurrence]
    /// The master when it recurs (RRULE or RDATE); nil otherwise.
    let recurring: Recurring?

    /// The expandable part of a series.
    struct Recurring {
        let master: EventComponent
        let space: KeySpace
        let masterLength: Length
        let startKey: Int64
        let includeStart: Bool
        let rules: [PreparedRule]
        let rdates: [(key: Int64, length: Length?)]
        let excludedKeys: Set<Int64>
        let excludedDays: Set<Int64>
        let overriddenKeys: Set<Int64>
        let futureChanges: [FutureChange]
        /// How far before the window an instance may start and still reach into it (seconds).
        let lookBack: Int64
        /// How far after the window an instance may start and still be moved into it (seconds).
        let lookAhead: Int64
    }
}
