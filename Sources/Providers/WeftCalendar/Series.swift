/// Everything that decides the occurrences of one UID: the winning master, its overrides, THISANDFUTURE
/// changes and the precomputed occurrences that do not depend on the query window.
///
/// Holds pointers into libical documents (rules, zones); the owning `ICalendar` keeps those alive.
struct Series {
    /// A RECURRENCE-ID;RANGE=THISANDFUTURE override: later instances move by `shift` and take its length.
    struct FutureChange {
        let ridKey: Int64
        let component: EventComponent
        let shift: Int64
        let length: Length
    }

    /// An RRULE ready to iterate.
    struct PreparedRule {
        let rule: RuleRef
        let untilKey: Int64
        /// No instance has a key above this (a COUNT rule whose end is certain, see `RuleBound`), else `.max`.
        let lastKeyBound: Int64
        /// For a COUNT rule of fixed shape: the wall-clock seconds of its last instance (see `RuleBound`), so it is
        /// expanded like an UNTIL rule, skipping ahead to the window; nil for other rules.
        let lastWallSeconds: Int64?
        /// False for a rule whose date parts let no day through (see `RuleBound.canMatch`): it is not iterated.
        let canMatch: Bool
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
