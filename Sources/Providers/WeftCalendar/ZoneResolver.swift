import CLibical
import Foundation

/// Finds the libical zone for a TZID: embedded VTIMEZONE, then the system zone database (exact, then
/// case-insensitive), then Windows zone names through the CLDR table.
///
/// Zones from a VTIMEZONE point into their document, so a resolver is used only while that document lives.
struct ZoneResolver {
    private let calendar: OpaquePointer
    private var cache: [String: OpaquePointer?] = [:]

    /// A resolver for TZIDs used inside `calendar` (a VCALENDAR component).
    init(calendar: OpaquePointer) {
        self.calendar = calendar
    }

    /// The zone for a TZID parameter, nil when nothing matches.
    mutating func zone(forTZID tzid: String) -> OpaquePointer? {
        if let cached = cache[tzid] { return cached }
        let found = icalcomponent_get_timezone(calendar, tzid) ?? Self.systemZone(named: tzid)
        cache[tzid] = found
        return found
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
