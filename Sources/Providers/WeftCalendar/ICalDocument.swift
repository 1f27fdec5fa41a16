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
    /// Components that had more properties than weft gives libical (``LibicalInput``).
    let cuts: [LibicalInput.Cut]
    /// How many VTIMEZONEs past ``LibicalInput/mostTimeZones`` were left out.
    let droppedTimeZones: Int

    /// The file's RRULEs as written (the text names them by index).
    let rules: WrittenRules

    /// Parses `text`, whose RRULEs `rules` holds; nil when libical cannot make a component of it (empty, garbage,
    /// truncated).
    init?(text: String, file: String, rules: WrittenRules) {
        LibicalRuntime.prepare()
        icalerror_clear_errno()
        let input = LibicalInput(text)
        guard let root = input.text.withCString({ icalparser_parse_string($0) }) else { return nil }
        self.root = root
        self.file = file
        self.rules = rules
        self.cuts = input.cuts
        self.droppedTimeZones = input.droppedTimeZones
    }

    /// The VCALENDAR text inside what real producers wrap around it: a byte-order mark, blank lines or spaces
    /// before `BEGIN:VCALENDAR` and anything after the last `END:VCALENDAR` line (a web page's footer, a
    /// download banner) are dropped, as recurring-ical-events does; libical rejects the whole file otherwise.
    /// Text without a complete VCALENDAR is returned with only the leading blanks removed, for libical to refuse.
    static func envelope(_ text: String) -> String {
        // On the UTF-8 bytes, without Foundation: a large file is neither bridged nor copied when nothing is cut.
        let cut: Range<Int>? =
            text.utf8.withContiguousStorageIfAvailable { envelope(bytes: $0) }
            ?? envelope(bytes: Array(text.utf8))
        guard let cut, cut != 0..<text.utf8.count else { return text }
        let utf8 = text.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: cut.lowerBound)
        let to = utf8.index(utf8.startIndex, offsetBy: cut.upperBound)
        return String(decoding: utf8[from..<to], as: UTF8.self)
    }

    /// The byte range `envelope` keeps.
    private static func envelope<Bytes: RandomAccessCollection<UInt8>>(bytes: Bytes) -> Range<Int>
    where Bytes.Index == Int {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A }
        var start = bytes.startIndex
        while start < bytes.endIndex {
            if isBlank(bytes[start]) {
                start += 1
            } else if bytes[start] == 0xEF, start + 2 < bytes.endIndex, bytes[start + 1] == 0xBB,
                bytes[start + 2] == 0xBF
            {
                start += 3
            } else {
                break
            }
        }
        // The last line that starts with END:VCALENDAR, in any case; searched from the end, where it is.
        let marker = Array("END:VCALENDAR".utf8)
        var index = bytes.endIndex - marker.count
        while index >= start {
            let atLineStart = index == start || bytes[index - 1] == 0x0A || bytes[index - 1] == 0x0D
            if atLineStart,
                zip(marker, bytes[index..<(index + marker.count)]).allSatisfy({
                    $0 == (0x61...0x7A ~= $1 ? $1 - 0x20 : $1)
                })
            {
                guard let newline = bytes[(index + marker.count)...].firstIndex(of: 0x0A) else { break }
                if bytes[(newline + 1)...].allSatisfy(isBlank) { break }
                return start..<(newline + 1)
            }
            index -= 1
        }
        return start..<bytes.endIndex
    }

    deinit {
        icalcomponent_free(root)
    }

    /// The zone of each VTIMEZONE by TZID, as libical finds it for that TZID (zones that no TZID reaches are left
    /// out: no time can name them).
    func zonesByTZID() -> [String: OpaquePointer] {
        var result: [String: OpaquePointer] = [:]
        for calendar in calendars() {
            for zone in children(of: calendar, kind: ICAL_VTIMEZONE_COMPONENT) {
                guard let property = icalcomponent_get_first_property(zone, ICAL_TZID_PROPERTY),
                    let tzid = copyString(icalproperty_get_value_as_string(property)), result[tzid] == nil,
                    let found = icalcomponent_get_timezone(calendar, tzid)
                else { continue }
                result[tzid] = found
            }
        }
        return result
    }

    /// Whether any component of the tree is a VTIMEZONE: only then can a time read from it point into it for its zone.
    var holdsTimeZones: Bool { Self.holdsTimeZones(root) }

    private static func holdsTimeZones(_ component: OpaquePointer) -> Bool {
        icalcomponent_isa(component) == ICAL_VTIMEZONE_COMPONENT
            || children(of: component, kind: ICAL_ANY_COMPONENT).contains(where: holdsTimeZones)
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
