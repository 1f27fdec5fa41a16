import CLibical
import CLibicalLoader

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

    /// Why libical cannot be loaded (it is opened on first use, not at process start); nil when it can.
    static var loadError: String? { clibical_load_error().map { String(cString: $0) } }

    /// libical's UTC zone (process lifetime).
    static var utc: OpaquePointer? { icaltimezone_get_utc_timezone() }
}

/// Direct children of `parent` of one kind, collected in one pass.
func children(of parent: OpaquePointer, kind: icalcomponent_kind) -> [OpaquePointer] {
    walk(first: icalcomponent_get_first_component(parent, kind)) { icalcomponent_get_next_component(parent, kind) }
}

/// All properties of `component`, collected in one pass.
func properties(of component: OpaquePointer) -> [OpaquePointer] {
    walk(first: icalcomponent_get_first_property(component, ICAL_ANY_PROPERTY)) {
        icalcomponent_get_next_property(component, ICAL_ANY_PROPERTY)
    }
}

/// Runs one of libical's iterators to its end at once: libical keeps one iterator per parent, so a walk that
/// another walk of the same parent interrupted would lose its place.
private func walk(first: OpaquePointer?, next: () -> OpaquePointer?) -> [OpaquePointer] {
    var result: [OpaquePointer] = []
    var item = first
    while let current = item {
        result.append(current)
        item = next()
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
