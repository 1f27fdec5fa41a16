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
