import WeftRecurrence

/// A problem in a calendar that did not stop it from loading (a skipped series, a guessed time zone, …).
public struct CalendarWarning: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem this is, for callers that want to count or filter them.
    public enum Kind: String, Sendable, Hashable {
        /// An RRULE that could not be parsed; the whole series (every VEVENT with that UID) is skipped.
        case badRecurrenceRule
        /// An RRULE that can never match (its parts exclude every date or time); it yields no instances.
        case unusableRecurrenceRule
        /// An RRULE using a part RFC 5545 forbids for its frequency (BYWEEKNO outside YEARLY, a numbered BYDAY
        /// outside MONTHLY and YEARLY, BYYEARDAY with DAILY, WEEKLY or MONTHLY, BYMONTHDAY with WEEKLY, BYSETPOS
        /// alone); it is expanded as the README's "Rules RFC 5545 forbids" says.
        case forbiddenRecurrenceRule
        /// A TZID that is neither an embedded VTIMEZONE, a system zone nor a Windows zone name.
        case unknownTimeZone
        /// A globally unique TZID (`/mozilla.org/…/America/New_York`) without its VTIMEZONE, read as the IANA
        /// zone it ends in.
        case mappedTimeZone
        /// A time before the earliest onset of its VTIMEZONE, read with the offset in force before that onset.
        case beforeZoneOnset
        /// DTSTART and DTEND of different value types (DATE and DATE-TIME); DTEND is read as DTSTART's type.
        case mixedValueTypes
        /// X-WR-TIMEZONE names a zone we cannot resolve; it is ignored.
        case unknownCalendarTimeZone
        /// A VEVENT without a usable DTSTART; it is skipped.
        case missingStart
        /// libical dropped a date or recurrence property it could not parse (RDATE, EXDATE, DTEND, …).
        case droppedProperty
        /// Expanding a series needed more steps than allowed; later instances may be missing.
        case expansionLimit
        /// A file of a vdir could not be read or parsed; it is skipped and the folder's other files are read.
        case skippedFile
        /// A display alarm (VALARM) beyond weft's bounds was ignored or cut short.
        case ignoredAlarm
        /// A component with more properties than weft reads (each EXDATE and RDATE value counted); the rest are
        /// ignored.
        case tooManyProperties
        /// A file with more VTIMEZONEs than weft reads; the rest are ignored.
        case tooManyTimeZones
        /// An event whose DURATION or DTEND lies after the year 9999; it is shown as lasting to the end of the
        /// window read.
        case endlessEvent
    }

    /// The file (or source name) the problem is in.
    public let file: String
    /// The line of the file the problem is on, when known.
    public let line: Int?
    /// The UID of the event concerned, nil for calendar-wide problems.
    public let uid: String?
    /// What kind of problem this is.
    public let kind: Kind
    /// A message a user can act on.
    public let message: String

    /// Creates a warning.
    public init(file: String, line: Int? = nil, uid: String?, kind: Kind, message: String) {
        self.file = file
        self.line = line
        self.uid = uid
        self.kind = kind
        self.message = message
    }

    /// `file[:line]: event UID: message`.
    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        if let uid { return "\(place): event \(uid.isEmpty ? "(no UID)" : uid): \(message)" }
        return "\(place): \(message)"
    }
}
