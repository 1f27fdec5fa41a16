import Foundation

/// How a calendar is read: the viewer's time zone, who "me" is, and which kinds of event to keep.
public struct CalendarOptions: Sendable, Equatable {
    /// Where all-day events go (`all_day` in the provider file).
    public enum AllDay: String, Sendable, Equatable, Codable, CaseIterable {
        /// `next`/`then` are timed events; all-day events show only in the all-day keys (the default), so a
        /// holiday that has started does not hold `next` for the whole day.
        case separate
        /// All-day events take `next`/`then` like timed ones (weft before the all-day keys).
        case include
        /// All-day events are left out altogether.
        case exclude
    }

    /// Zone for all-day (DATE) events, floating times and events whose TZID cannot be resolved.
    public var timeZone: TimeZone
    /// The user's calendar addresses (`mailto:you@example.org`); events any of them declined are dropped.
    public var me: [String]
    /// Where all-day events go (default `separate`).
    public var allDay: AllDay
    /// Keep events marked `TRANSP:TRANSPARENT` (default true).
    public var includeTransparent: Bool
    /// A timed event longer than this many seconds (`long_event`, default 12 h) does not hold next/then while it
    /// runs (``NextUp/isLongAndRunning(_:now:longEvent:)``).
    public var longEvent: TimeInterval = CalendarOptions.defaultLongEvent
    /// `long_event` when the provider file does not say: 12 hours.
    public static let defaultLongEvent: TimeInterval = 12 * 3600
    /// Upper bound on recurrence-rule steps per series and query; a rule that needs more is cut off with a warning.
    public var maxIterationsPerSeries: Int

    /// Whether all-day events are read at all (every mode but `exclude`); setting it false excludes them.
    public var includeAllDay: Bool {
        get { allDay != .exclude }
        set { allDay = newValue ? (allDay == .exclude ? .separate : allDay) : .exclude }
    }

    /// Creates options; only the time zone has no default. `includeAllDay: false` is `allDay: .exclude`.
    public init(
        timeZone: TimeZone, me: [String] = [], includeAllDay: Bool = true, allDay: AllDay = .separate,
        includeTransparent: Bool = true, maxIterationsPerSeries: Int = 50_000
    ) {
        self.timeZone = timeZone
        self.me = me
        self.allDay = includeAllDay ? allDay : .exclude
        self.includeTransparent = includeTransparent
        self.maxIterationsPerSeries = maxIterationsPerSeries
    }
}
