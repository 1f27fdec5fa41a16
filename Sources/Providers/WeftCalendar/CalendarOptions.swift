import Foundation

/// How a calendar is read: the viewer's time zone, who "me" is, and which kinds of event to keep.
public struct CalendarOptions: Sendable, Equatable {
    /// Zone for all-day (DATE) events, floating times and events whose TZID cannot be resolved.
    public var timeZone: TimeZone
    /// The user's calendar addresses (`mailto:you@example.org`); events any of them declined are dropped.
    public var me: [String]
    /// Keep all-day events (default true).
    public var includeAllDay: Bool
    /// Keep events marked `TRANSP:TRANSPARENT` (default true).
    public var includeTransparent: Bool
    /// Upper bound on recurrence-rule steps per series and query; a rule that needs more is cut off with a warning.
    public var maxIterationsPerSeries: Int

    /// Creates options; only the time zone has no default.
    public init(
        timeZone: TimeZone, me: [String] = [], includeAllDay: Bool = true, includeTransparent: Bool = true,
        maxIterationsPerSeries: Int = 50_000
    ) {
        self.timeZone = timeZone
        self.me = me
        self.includeAllDay = includeAllDay
        self.includeTransparent = includeTransparent
        self.maxIterationsPerSeries = maxIterationsPerSeries
    }
}
