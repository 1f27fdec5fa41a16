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

    /// The expandable part of a series; a reference, so a series that does not recur costs a pointer, not a master.
    final class Recurring {
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

        init(
            master: EventComponent, space: KeySpace, masterLength: Length, startKey: Int64, includeStart: Bool,
            rules: [PreparedRule], rdates: [(key: Int64, length: Length?)], excludedKeys: Set<Int64>,
            excludedDays: Set<Int64>, overriddenKeys: Set<Int64>, futureChanges: [FutureChange], lookBack: Int64,
            lookAhead: Int64
        ) {
            self.master = master
            self.space = space
            self.masterLength = masterLength
            self.startKey = startKey
            self.includeStart = includeStart
            self.rules = rules
            self.rdates = rdates
            self.excludedKeys = excludedKeys
            self.excludedDays = excludedDays
            self.overriddenKeys = overriddenKeys
            self.futureChanges = futureChanges
            self.lookBack = lookBack
            self.lookAhead = lookAhead
        }
    }
}
