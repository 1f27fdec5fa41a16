import Foundation

/// The one rule for the zone a view counts "today", local days and local times in, whatever shows it (a variable, a
/// CLI subcommand, the dashboard, a refresh): the provider's `timezone`, else `--tz`, else `$TZ` (unset: the
/// system's zone, as every program reads it), else UTC. An unknown `$TZ` falls back to UTC with a warning, never an
/// error: a status bar must not go blank because of the environment it was started in. An unknown `--tz` is an
/// error, since the user typed it for this call.
public struct ZoneRule: Sendable, Equatable {
    /// The zone of a view whose provider names no zone (and of views that belong to no provider: `__time`,
    /// counters): `--tz`, else `$TZ`, else the system's, else UTC.
    public let general: TimeZone
    /// Why `$TZ` was not used, as one line for stderr; nil when it was fine or not needed.
    public let warning: String?

    /// The rule for a call with `--tz` `flag` (nil when not given) in `environment`.
    public init(tz flag: String?, environment: [String: String], now: Date = Date()) throws(TimeZoneName.Unknown) {
        if let flag {
            general = try TimeZoneName.zone(flag, now: now)
            warning = nil
            return
        }
        let (zone, warning) = Self.environmentZone(environment, now: now)
        general = zone
        self.warning = warning
    }

    /// A rule whose general zone is already decided (a refresh's or a render's, passed on).
    public init(general: TimeZone) {
        self.general = general
        warning = nil
    }

    /// The zone of a view of a provider whose `timezone` setting is `provider` (nil when it sets none).
    public func zone(provider: TimeZone?) -> TimeZone { provider ?? general }

    /// The zone of a view of a snapshot that recorded its provider's `timezone` by identifier (nil: none set, or a
    /// snapshot written before it was recorded).
    public func zone(recorded identifier: String?) -> TimeZone {
        zone(provider: identifier.flatMap(TimeZone.init(identifier:)))
    }

    /// The warning an unknown `$TZ` in `environment` gives, whatever the call's flags: what a program prints once
    /// at its start, so every view after it stays quiet.
    public static func environmentWarning(_ environment: [String: String], now: Date = Date()) -> String? {
        environmentZone(environment, now: now).warning
    }

    /// `$TZ`, else the system's zone; an empty `TZ` is UTC, as glibc reads it; an unknown one is UTC with a warning.
    private static func environmentZone(_ environment: [String: String], now: Date) -> (
        zone: TimeZone, warning: String?
    ) {
        guard let tz = environment["TZ"] else { return (.current, nil) }
        if tz.isEmpty { return (utc, nil) }
        do {
            return (try TimeZoneName.zone(tz, now: now), nil)
        } catch {
            return (utc, "TZ: \(error); using UTC where no provider timezone or --tz names a zone")
        }
    }

    private static let utc = TimeZone(identifier: "UTC") ?? .gmt
}
