import ArgumentParser
import Foundation
import WeftCore
import WeftPrimitives

/// `--now` and `--tz` for commands that act at a moment in a zone (refresh, status, var).
public struct ClockOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Act as if it were this instant (ISO 8601); for testing.", valueName: "iso8601"))
    public var now: String?

    @Option(
        help: ArgumentHelp(
            "Time zone for local days and times where the provider sets no timezone (default: $TZ, else the "
                + "system's; an unknown TZ is UTC).", valueName: "zone"),
        completion: ClockOptions.zoneNames)
    public var tz: String?

    /// The zones a `--tz` (or `weft init --zone`) completes to: every IANA name this system knows.
    public static let zoneNames = CompletionKind.custom { _, _, _ in TimeZone.knownTimeZoneIdentifiers.sorted() }

    /// Options with every default.
    public init() {}

    /// `--now`, else the clock.
    public func instant() throws -> Date {
        guard let now else { return Date() }
        guard let date = ISOInstant.parse(now) else {
            throw ValidationError("--now \"\(now)\" is not an ISO 8601 instant such as 2026-03-10T09:30:00Z")
        }
        return date
    }

    /// This call's ``ZoneRule``: a provider's `timezone`, else `--tz`, else `$TZ`, else UTC. The unknown-`TZ`
    /// warning is printed once by the program at its start, not here.
    public func zones() throws -> ZoneRule {
        try ZoneRule(tz: tz, environment: ProcessInfo.processInfo.environment)
    }

    /// The zone of views that belong to no provider (stored variables, counters, the time built-ins).
    public func zone() throws -> TimeZone { try zones().general }
}
