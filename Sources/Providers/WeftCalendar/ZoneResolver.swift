import CLibical
import Foundation

/// Finds the libical zone for a TZID: embedded VTIMEZONE, then the system zone database (exact, then
/// case-insensitive), then Windows zone names through the CLDR table; a globally unique TZID (RFC 5545 §3.2.19,
/// `/mozilla.org/20070129_1/America/New_York`) without its VTIMEZONE is read as the IANA zone it ends in.
///
/// Zones from a VTIMEZONE point into their document, so a resolver is used only while that document lives.
struct ZoneResolver {
    /// A zone found for a TZID, and the IANA name it was mapped to when that took a guess.
    struct Resolution {
        /// The libical zone.
        let zone: OpaquePointer
        /// Set when a globally unique TZID was read as the IANA zone it ends in.
        let mappedTo: String?
    }

    private let calendar: OpaquePointer
    private var cache: [String: Resolution?] = [:]
    /// Built on the first `earliestOnset` question, from every VTIMEZONE at once.
    private var onsets: [String: (time: icaltimetype, wallSeconds: Int64)?]?

    /// A resolver for TZIDs used inside `calendar` (a VCALENDAR component).
    init(calendar: OpaquePointer) {
        self.calendar = calendar
    }

    /// The zone for a TZID parameter, nil when nothing matches.
    mutating func zone(forTZID tzid: String) -> Resolution? {
        if let cached = cache[tzid] { return cached }
        let found: Resolution?
        if let embedded = icalcomponent_get_timezone(calendar, tzid) {
            found = Resolution(zone: embedded, mappedTo: nil)
        } else if tzid.hasPrefix("/") {
            found = Self.globalZone(tzid)
        } else {
            found = Self.systemZone(named: tzid).map { Resolution(zone: $0, mappedTo: nil) }
        }
        cache[tzid] = found
        return found
    }

    /// The earliest observance onset of the file's VTIMEZONE with this TZID; nil when the file has none.
    ///
    /// libical reads a time before it with that observance's TZOFFSETFROM, all year round, which is a guess
    /// the user is told about.
    mutating func earliestOnset(ofTZID tzid: String) -> (time: icaltimetype, wallSeconds: Int64)? {
        // Every VTIMEZONE is read once, on the first question: a file of thousands of zones asked about each of
        // them must not rescan them all per TZID.
        if onsets == nil { onsets = Self.earliestOnsets(in: calendar) }
        return onsets?[tzid] ?? nil
    }

    /// The earliest onset of each VTIMEZONE in `calendar` by TZID (the first VTIMEZONE of a TZID counts, as for
    /// libical); a zone without a dated observance maps to nil.
    private static func earliestOnsets(in calendar: OpaquePointer) -> [String: (
        time: icaltimetype, wallSeconds: Int64
    )?] {
        var result: [String: (time: icaltimetype, wallSeconds: Int64)?] = [:]
        for zone in children(of: calendar, kind: ICAL_VTIMEZONE_COMPONENT) {
            guard
                let property = icalcomponent_get_first_property(zone, ICAL_TZID_PROPERTY),
                let tzid = copyString(icalproperty_get_value_as_string(property)), result[tzid] == nil
            else { continue }
            var earliest: (time: icaltimetype, wallSeconds: Int64)?
            let observances =
                children(of: zone, kind: ICAL_XSTANDARD_COMPONENT) + children(of: zone, kind: ICAL_XDAYLIGHT_COMPONENT)
            for observance in observances {
                for property in properties(of: observance) where icalproperty_isa(property) == ICAL_DTSTART_PROPERTY {
                    let onset = icalproperty_get_dtstart(property)
                    guard icaltime_is_null_time(onset) == 0 else { continue }
                    let wall = ICalClock.wallSeconds(of: onset)
                    if earliest == nil || wall < (earliest?.wallSeconds ?? .max) { earliest = (onset, wall) }
                }
            }
            result[tzid] = .some(earliest)
        }
        return result
    }

    /// A globally unique TZID's zone from its trailing `Area/Location` (or `Area/Sub/Location`, or a lone
    /// name such as `UTC`), tried longest first, through the same IANA, alias and Windows lookups.
    private static func globalZone(_ tzid: String) -> Resolution? {
        let parts = tzid.split(separator: "/").map(String.init)
        for count in stride(from: min(3, parts.count), through: 1, by: -1) {
            let name = parts.suffix(count).joined(separator: "/")
            if let zone = systemZone(named: name) { return Resolution(zone: zone, mappedTo: name) }
        }
        return nil
    }

    /// The zone for X-WR-TIMEZONE: an IANA (or Windows) name first, as Google and Apple mean it, then a VTIMEZONE.
    mutating func zone(forCalendarZone name: String) -> OpaquePointer? {
        Self.systemZone(named: name) ?? icalcomponent_get_timezone(calendar, name)
    }

    /// A builtin (system tzdata) zone by IANA name, any-case IANA name, or Windows name.
    static func systemZone(named rawName: String) -> OpaquePointer? {
        let name = rawName.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        icalerror_clear_errno()
        if let zone = icaltimezone_get_builtin_timezone_from_tzid(name) { return zone }
        if let zone = icaltimezone_get_builtin_timezone(name) { return zone }
        if let canonical = canonicalIdentifiers[name.lowercased()], canonical != name,
            let zone = icaltimezone_get_builtin_timezone(canonical)
        {
            return zone
        }
        if let iana = WindowsZones.ianaByWindowsName[name] ?? windowsNamesLowercased[name.lowercased()] {
            return icaltimezone_get_builtin_timezone(iana)
        }
        icalerror_clear_errno()
        return nil
    }

    // Lookups in libical are case-sensitive; real exports write "Europe/lisbon".
    private static let canonicalIdentifiers: [String: String] = {
        var map: [String: String] = [:]
        for identifier in TimeZone.knownTimeZoneIdentifiers {
            map[identifier.lowercased()] = identifier
        }
        return map
    }()

    private static let windowsNamesLowercased: [String: String] = {
        var map: [String: String] = [:]
        for (windows, iana) in WindowsZones.ianaByWindowsName {
            map[windows.lowercased()] = iana
        }
        return map
    }()
}
