import CLibical

/// Owns the root of one parsed libical tree and frees it exactly once.
///
/// Everything borrowed from the tree (component, property and VTIMEZONE-zone pointers) is only valid while
/// this object is alive, so the calendar that uses them keeps a strong reference to it.
final class ICalDocument {
    /// The parsed root: a VCALENDAR, or an XROOT holding several.
    let root: OpaquePointer
    /// Where the text came from, for messages.
    let file: String

    /// Parses `text`; nil when libical cannot make a component of it (empty, garbage, truncated).
    init?(text: String, file: String) {
        LibicalRuntime.prepare()
        icalerror_clear_errno()
        guard let root = text.withCString({ icalparser_parse_string($0) }) else { return nil }
        self.root = root
        self.file = file
    }

    deinit {
        icalcomponent_free(root)
    }

    /// The VCALENDAR components: the root itself, or the VCALENDAR children of an XROOT.
    func calendars() -> [OpaquePointer] {
        switch icalcomponent_isa(root) {
        case ICAL_VCALENDAR_COMPONENT:
            return [root]
        case ICAL_XROOT_COMPONENT:
            return children(of: root, kind: ICAL_VCALENDAR_COMPONENT)
        default:
            return []
        }
    }
}

/// Direct children of `parent` of one kind, collected in one pass (libical keeps one iterator per parent).
func children(of parent: OpaquePointer, kind: icalcomponent_kind) -> [OpaquePointer] {
    var result: [OpaquePointer] = []
    var child = icalcomponent_get_first_component(parent, kind)
    while let current = child {
        result.append(current)
        child = icalcomponent_get_next_component(parent, kind)
    }
    return result
}

/// All properties of `component`, collected in one pass for the same reason.
func properties(of component: OpaquePointer) -> [OpaquePointer] {
    var result: [OpaquePointer] = []
    var property = icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)
    while let current = property {
        result.append(current)
        property = icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
    }
    return result
}

/// Copies a C string out of libical at once (it may live in the tree or in libical's ring buffer).
func copyString(_ pointer: UnsafePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    return String(cString: pointer)
}

/// The string value of a parameter of `property`, copied.
func parameterString(_ property: OpaquePointer, _ kind: icalparameter_kind) -> String? {
    guard let parameter = icalproperty_get_first_parameter(property, kind) else { return nil }
    switch kind {
    case ICAL_TZID_PARAMETER: return copyString(icalparameter_get_tzid(parameter))
    default: return copyString(icalparameter_get_xvalue(parameter))
    }
}

/// Process-wide libical set-up done once before any concurrent use.
enum LibicalRuntime {
    // Loading the builtin zone list lazily from several threads at once races in 3.0 (libical PR #1029),
    // so it is warmed up once, guarded by Swift's thread-safe static initialisation.
    private static let warmUp: Bool = {
        _ = icaltimezone_get_utc_timezone()
        _ = icaltimezone_get_builtin_timezones()
        return true
    }()

    /// Makes sure the builtin zones are loaded.
    static func prepare() {
        _ = warmUp
    }

    /// libical's UTC zone (process lifetime).
    static var utc: OpaquePointer? { icaltimezone_get_utc_timezone() }
}

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
