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

    /// The VCALENDAR text inside what real producers wrap around it: a byte-order mark, blank lines or spaces
    /// before `BEGIN:VCALENDAR` and anything after the last `END:VCALENDAR` line (a web page's footer, a
    /// download banner) are dropped, as recurring-ical-events does; libical rejects the whole file otherwise.
    /// Text without a complete VCALENDAR is returned with only the leading blanks removed, for libical to refuse.
    static func envelope(_ text: String) -> String {
        // Scalars, not Characters: "\r\n" is one Character, and a line break is looked for on its own.
        let scalars = text.unicodeScalars
        let start = scalars.firstIndex { $0 != "\u{FEFF}" && !$0.properties.isWhitespace } ?? scalars.endIndex
        let body = Substring(scalars[start...])
        var searchEnd = body.endIndex
        while let found = body.range(
            of: "END:VCALENDAR", options: [.backwards, .caseInsensitive], range: body.startIndex..<searchEnd)
        {
            let before = found.lowerBound == body.startIndex ? nil : scalars[scalars.index(before: found.lowerBound)]
            guard before == nil || before == "\n" || before == "\r" else {
                searchEnd = found.lowerBound
                continue
            }
            guard let newline = scalars[found.upperBound..<body.endIndex].firstIndex(of: "\n") else { break }
            let lineEnd = scalars.index(after: newline)
            let rest = scalars[lineEnd..<body.endIndex]
            if !rest.allSatisfy(\.properties.isWhitespace) { return String(scalars[start..<lineEnd]) }
            break
        }
        return String(body)
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
