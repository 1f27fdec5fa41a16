import CLibical
import WeftRecurrence

/// A time value read from the file after zone resolution.
///
/// `value.is_date` marks DATE values; otherwise `value.zone` is the zone (libical's UTC zone for `Z`
/// values, a builtin or VTIMEZONE zone for TZID values) or nil for floating times.
struct ResolvedTime {
    var value: icaltimetype
    /// The value as written, when X-WR-TIMEZONE moved a UTC time into the calendar's zone: its date is the
    /// day a DATE-TIME RECURRENCE-ID or EXDATE of an all-day series names (Google writes midnight UTC).
    var written: icaltimetype? {
        get { writtenBox?.time }
        set { writtenBox = newValue.map(WrittenTime.init) }
    }
    /// Boxed: most times have none, and every event of a large calendar holds several times.
    private var writtenBox: WrittenTime?

    init(value: icaltimetype, written: icaltimetype? = nil) {
        self.value = value
        self.writtenBox = written.map(WrittenTime.init)
    }

    var isDate: Bool { value.is_date != 0 }
    var zone: OpaquePointer? { isDate ? nil : value.zone }
    var isFloating: Bool { !isDate && value.zone == nil }
}

/// A time as written, kept apart from the time it was moved to (``ResolvedTime/written``).
private final class WrittenTime {
    let time: icaltimetype

    init(_ time: icaltimetype) {
        self.time = time
    }
}

/// How a VEVENT says where it ends.
enum EndSpec {
    case end(ResolvedTime)
    case duration(icaldurationtype)
    case none

    /// The property that gave the end, for messages.
    var propertyName: String {
        switch self {
        case .end: "DTEND"
        case .duration: "DURATION"
        case .none: "DTSTART"
        }
    }
}

/// A length split like RFC 5545 durations: whole days are nominal (wall-clock), seconds are exact.
struct Length: Equatable {
    var days: Int64
    var seconds: Int64

    static let zero = Length(days: 0, seconds: 0)

    /// A generous upper bound in seconds (a DST change can make a nominal day 25 hours).
    var upperBoundSeconds: Int64 { days * 86_400 + (days > 0 ? 3600 : 0) + seconds }

    init(days: Int64, seconds: Int64) {
        self.days = days
        self.seconds = seconds
    }

    init(_ duration: icaldurationtype) {
        days = Int64(duration.days) + 7 * Int64(duration.weeks)
        seconds = Int64(duration.hours) * 3600 + Int64(duration.minutes) * 60 + Int64(duration.seconds)
    }
}

/// One RRULE of a VEVENT, read by weft's own parser (libical parses the file, not the rule's meaning).
struct RuleRef {
    let rule: RecurrenceRule
    /// The value as written, for messages.
    let text: String
    /// The line of the file it is on.
    let line: Int
}

/// An RRULE of a VEVENT that weft's parser refused.
struct BrokenRule {
    /// Why, with the rule as written.
    let reason: String
    /// The line of the file it is on.
    let line: Int
}

/// An RDATE value: an instance start, or a period with its own end.
enum RDateValue {
    case time(ResolvedTime)
    case period(start: ResolvedTime, end: EndSpec)
}

/// A display VALARM of a VEVENT as read, before its times become instants.
struct EventAlarm {
    enum Trigger {
        /// A duration from the start (or the end, `RELATED=END`); `negative` is before it.
        case relative(Length, negative: Bool, toEnd: Bool)
        /// `TRIGGER;VALUE=DATE-TIME`.
        case absolute(ResolvedTime)
    }

    var trigger: Trigger
    /// `REPEAT`, capped at ``CalendarAlarm/maxRepeat``; 0 without a `DURATION`.
    let repeatCount: Int
    /// `DURATION` between repeats, seconds.
    let repeatInterval: Int64
}

/// The values of one VEVENT, copied out of libical (strings) or borrowed from the live tree (zones, rules).
struct EventComponent {
    /// Position across everything loaded together (file order), used to break SEQUENCE ties like the peer.
    var order: Int
    let file: String
    let uid: String
    /// False when the VEVENT had no UID: then it forms a series of its own.
    let hasUID: Bool
    let title: String
    let location: String?
    let status: String?
    let transparent: Bool
    /// SEQUENCE, -1 when absent.
    let sequence: Int
    /// A configured attendee (`me`) has PARTSTAT=DECLINED.
    let declined: Bool
    var start: ResolvedTime
    var end: EndSpec
    var recurrenceID: ResolvedTime?
    let thisAndFuture: Bool
    let rules: [RuleRef]
    var rdates: [RDateValue]
    var exdates: [ResolvedTime]
    /// The meeting link (``MeetingLink``), else URL; nil when neither.
    var url: String? = nil
    /// Its display VALARMs, in file order (at most ``CalendarAlarm/maxPerEvent``).
    var alarms: [EventAlarm] = []
    /// Set when weft's rule parser could not read an RRULE of this VEVENT.
    let brokenRule: BrokenRule?

    /// The peer's notion: anything that generates or removes instances makes a component a series master.
    var hasRecurrenceRules: Bool { !rules.isEmpty || !rdates.isEmpty || !exdates.isEmpty || brokenRule != nil }

    /// Grouping key: the UID, or a key of its own when the UID is missing.
    var seriesKey: String { hasUID ? uid : "\u{0}\(file)#\(order)" }
}

/// Moving an event's zones into another tree: a piece of a large file names the VTIMEZONEs of its own libical tree,
/// which is freed once its events are read; the same zones of the file's header tree, kept, replace them.
extension ResolvedTime {
    func movingZones(_ moved: [OpaquePointer: OpaquePointer]) -> ResolvedTime {
        var result = self
        if let zone = value.zone, let to = moved[zone] { result.value.zone = to }
        if let zone = written?.zone, let to = moved[zone] { result.written?.zone = to }
        return result
    }
}

extension EndSpec {
    func movingZones(_ moved: [OpaquePointer: OpaquePointer]) -> EndSpec {
        guard case .end(let time) = self else { return self }
        return .end(time.movingZones(moved))
    }
}

extension EventComponent {
    /// The event with every zone in `moved` replaced by its counterpart.
    func movingZones(_ moved: [OpaquePointer: OpaquePointer]) -> EventComponent {
        var result = self
        result.start = start.movingZones(moved)
        result.end = end.movingZones(moved)
        result.recurrenceID = recurrenceID?.movingZones(moved)
        result.exdates = exdates.map { $0.movingZones(moved) }
        result.rdates = rdates.map { rdate in
            switch rdate {
            case .time(let time): .time(time.movingZones(moved))
            case .period(let start, let end): .period(start: start.movingZones(moved), end: end.movingZones(moved))
            }
        }
        result.alarms = alarms.map { alarm in
            guard case .absolute(let time) = alarm.trigger else { return alarm }
            var changed = alarm
            changed.trigger = .absolute(time.movingZones(moved))
            return changed
        }
        return result
    }
}
