import Foundation

/// Turns a zone name from a flag, `TZ` or the system into a TimeZone, refusing names it does not know.
public enum TimeZoneName {
    /// An unknown zone name.
    public struct Unknown: Error, Sendable, Equatable, CustomStringConvertible {
        public let name: String
        public var description: String { "unknown time zone \"\(name)\": use an IANA name such as Europe/Berlin" }
    }

    /// `name`, else `$TZ` (a leading `:` is allowed, as glibc does), else the system's zone.
    public static func resolve(_ name: String?, environment: [String: String]) throws(Unknown) -> TimeZone {
        let chosen = name ?? environment["TZ"].map { $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }
        guard let chosen, !chosen.isEmpty else { return .current }
        guard let zone = TimeZone(identifier: chosen) else { throw Unknown(name: chosen) }
        return zone
    }
}
