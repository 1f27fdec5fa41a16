import ArgumentParser
import Foundation
import WeftCore
import WeftPrimitives

/// `--now` and `--tz` for commands that act at a moment in a zone (refresh, status, var).
public struct ClockOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Act as if it were this instant (ISO 8601); for testing.", valueName: "iso8601"))
    public var now: String?

    @Option(
        help: ArgumentHelp("Time zone for local days and times (default: $TZ, else the system's).", valueName: "zone"))
    public var tz: String?

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

    /// `--tz`, else `$TZ`, else the system's zone.
    public func zone() throws -> TimeZone {
        try TimeZoneName.resolve(tz, environment: ProcessInfo.processInfo.environment)
    }
}
