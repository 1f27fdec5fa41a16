import Foundation

/// A calendar instance's snapshot: each source's upcoming occurrences, so next and then stay right at render
/// time as events end, until the next refresh.
public struct CalendarSnapshot: Codable, Sendable, Equatable {
    /// The payload version. Fields added since are optional, so a snapshot an older weft wrote still decodes and
    /// renders; ``revision`` says what it holds.
    public static let schemaVersion = 1
    /// The current ``revision``: 2 once occurrences carry their URL and display alarms, 3 once the URL is the
    /// meeting link found in LOCATION, DESCRIPTION or X-GOOGLE-CONFERENCE when there is one.
    public static let currentRevision = 3

    /// One source's part of the snapshot.
    public struct SourceEvents: Codable, Sendable, Equatable {
        /// The source as configured, a URL's credentials redacted (`CalendarSource.stored`).
        public var source: CalendarSource
        /// Occurrences that had not ended by the start of the local day they were read on (so today's count holds
        /// the events already over), up to `horizon`, sorted.
        public var occurrences: [CalendarOccurrence]
        /// How far ahead `occurrences` is complete.
        public var horizon: Date
        /// When the source was last read successfully.
        public var readAt: Date
        /// Why the last read failed, when it did (the occurrences are then the last good ones).
        public var error: String?

        /// Creates a source's part.
        public init(
            source: CalendarSource, occurrences: [CalendarOccurrence], horizon: Date, readAt: Date, error: String? = nil
        ) {
            // The snapshot is stored in the cache: a password or token in the URL must not go with it.
            self.source = source.stored
            self.occurrences = occurrences
            self.horizon = horizon
            self.readAt = readAt
            self.error = error
        }

        /// Forgets occurrences that ended before `cutoff` (a zero-length one ends at its start).
        mutating func dropEnded(before cutoff: Date) {
            occurrences.removeAll { $0.start == $0.end ? $0.start < cutoff : $0.end <= cutoff }
        }
    }

    /// Every configured source, in configuration order.
    public var sources: [SourceEvents]
    /// The `all_day` setting the variables follow; nil (a snapshot written before it existed) is `separate`.
    public var allDay: CalendarOptions.AllDay?
    /// The `agenda` setting: how many events `agenda` lists; nil is `CalendarVariables.defaultAgenda`.
    public var agenda: Int?
    /// The provider's `timezone` setting, when it has one: every view of this snapshot shows its days and times
    /// there (``ZoneRule``).
    public var timeZone: String?
    /// The `remind` setting: seconds before each timed occurrence's start; nil (a snapshot written before it
    /// existed) is ``CalendarReminders/defaultRemind``.
    public var remind: [Int64]?
    /// The `long_event` setting in seconds; nil (a snapshot written before it existed) is
    /// ``CalendarOptions/defaultLongEvent``.
    public var longEvent: TimeInterval?
    /// What the occurrences hold: nil (1) before alarms were read, ``currentRevision`` now. A refresh does not keep
    /// the occurrences of an older revision on "not modified": they lack what this one reads.
    public var revision: Int?

    /// Creates a snapshot.
    public init(
        sources: [SourceEvents], allDay: CalendarOptions.AllDay? = nil, agenda: Int? = nil, timeZone: String? = nil,
        remind: [Int64]? = nil, longEvent: TimeInterval? = nil, revision: Int? = CalendarSnapshot.currentRevision
    ) {
        self.longEvent = longEvent
        self.sources = sources
        self.allDay = allDay
        self.agenda = agenda
        self.timeZone = timeZone
        self.remind = remind
        self.revision = revision
    }

    /// The occurrences of every source, sorted by start, then UID.
    public var occurrences: [CalendarOccurrence] {
        sources.flatMap(\.occurrences).sorted(by: CalendarOccurrence.precedes)
    }
}
