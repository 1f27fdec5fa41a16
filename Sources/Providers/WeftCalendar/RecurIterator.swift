import CLibical

/// A libical recurrence iterator, freed exactly once.
final class RecurIterator {
    private let raw: OpaquePointer

    /// Creates an iterator; nil when libical refuses the rule (for example one that can never match).
    init?(rule: icalrecurrencetype, start: icaltimetype) {
        icalerror_clear_errno()
        guard let iterator = icalrecur_iterator_new(rule, start) else { return nil }
        raw = iterator
    }

    deinit {
        icalrecur_iterator_free(raw)
    }

    /// The next instance (wall-clock in DTSTART's zone), nil when the rule is exhausted.
    func next() -> icaltimetype? {
        let time = icalrecur_iterator_next(raw)
        return icaltime_is_null_time(time) != 0 ? nil : time
    }

    /// Skips ahead to `start`; false for rules with COUNT, which must be counted from DTSTART.
    func setStart(_ start: icaltimetype) -> Bool {
        icalerror_clear_errno()
        return icalrecur_iterator_set_start(raw, start) != 0
    }
}
