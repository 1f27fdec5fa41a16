import Foundation

/// One concrete occurrence of an event after recurrence expansion, as plain values.
public struct CalendarOccurrence: Codable, Sendable, Equatable, Hashable {
    /// The event's UID (empty when the file gave none).
    public var uid: String
    /// SUMMARY, empty when absent.
    public var title: String
    /// Start instant; for all-day events, local midnight in the configured zone.
    public var start: Date
    /// End instant (exclusive); equal to `start` for zero-length events.
    public var end: Date
    /// True for DATE (all-day) events.
    public var allDay: Bool
    /// LOCATION, nil when absent or empty.
    public var location: String?
    /// Name of the calendar (source) this came from.
    public var calendar: String
    /// STATUS as written (`CONFIRMED`, `TENTATIVE`, `CANCELLED`), nil when absent.
    public var status: String?
    /// True for `TRANSP:TRANSPARENT` (free time).
    public var transparent: Bool
    /// Original start of this instance within its series; nil for events that do not recur.
    public var recurrenceID: Date?
    /// Its meeting link (a Zoom, Meet, Teams, Jitsi or Webex URL in X-GOOGLE-CONFERENCE, LOCATION or DESCRIPTION),
    /// else its URL property; nil when neither.
    public var url: String?
    /// Its display reminders (VALARM); nil in snapshots written before weft read them.
    public var alarms: [CalendarAlarm]?

    /// Creates an occurrence.
    public init(
        uid: String, title: String, start: Date, end: Date, allDay: Bool, location: String? = nil,
        calendar: String, status: String? = nil, transparent: Bool = false, recurrenceID: Date? = nil,
        url: String? = nil, alarms: [CalendarAlarm]? = nil
    ) {
        self.url = url
        self.alarms = alarms
        self.uid = uid
        self.title = title
        self.start = start
        self.end = end
        self.allDay = allDay
        self.location = location
        self.calendar = calendar
        self.status = status
        self.transparent = transparent
        self.recurrenceID = recurrenceID
    }

    /// True when STATUS is CANCELLED.
    public var isCancelled: Bool { status?.uppercased() == "CANCELLED" }

    /// Whether the occurrence overlaps the half-open window `[windowStart, windowEnd)`.
    ///
    /// Zero-length occurrences count when `windowStart <= start < windowEnd`, as in RFC 5545 free/busy
    /// and the peer library, so an event that is a point in time is not lost at the window's start.
    public func overlaps(_ windowStart: Date, _ windowEnd: Date) -> Bool {
        if start == end { return windowStart <= start && start < windowEnd }
        return start < windowEnd && end > windowStart
    }
}

extension CalendarOccurrence {
    /// Order used everywhere: start, then UID, then end and title so the result is deterministic.
    static func precedes(_ a: CalendarOccurrence, _ b: CalendarOccurrence) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.uid != b.uid { return a.uid < b.uid }
        if a.end != b.end { return a.end < b.end }
        if a.title != b.title { return a.title < b.title }
        return a.calendar < b.calendar
    }
}
