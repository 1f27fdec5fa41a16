import WeftRecurrence
import CLibical
import WeftPrimitives

/// The kind of a series' DTSTART, which decides how its instances are identified and placed in time.
enum TimeBasis {
    /// All-day: instances are dates, placed at local midnight in the configured zone.
    case date
    /// Floating: instances are wall-clock times in the configured zone.
    case floating
    /// Zoned (including UTC): instances are instants.
    case zoned(OpaquePointer)
}

/// Instance keys of one series: day numbers (DATE), wall-clock seconds (floating) or Unix seconds (zoned).
///
/// Every value that names an instance (RRULE output, RDATE, EXDATE, RECURRENCE-ID, UNTIL) is mapped into
/// this one integer space, so matching is a hash lookup and a DATE-TIME RECURRENCE-ID of a DATE master
/// (Outlook) matches by its local date.
struct KeySpace {
    let basis: TimeBasis
    let local: LocalZone

    init(start: ResolvedTime, local: LocalZone) {
        if start.isDate {
            basis = .date
        } else if let zone = start.zone {
            basis = .zoned(zone)
        } else {
            basis = .floating
        }
        self.local = local
    }

    var isDate: Bool {
        if case .date = basis { return true }
        return false
    }

    /// How many seconds one key unit is (for converting shifts into time).
    var secondsPerKey: Int64 { isDate ? 86_400 : 1 }

    /// The key of a value from the file.
    func key(_ time: ResolvedTime) -> Int64 {
        switch basis {
        case .date:
            return ICalClock.days(of: time.written ?? time.value)
        case .zoned(let zone):
            if time.isDate { return ZoneMath.instant(wallSeconds: ICalClock.days(of: time.value) * 86_400, in: zone) }
            if time.isFloating { return ZoneMath.instant(wallSeconds: ICalClock.wallSeconds(of: time.value), in: zone) }
            return ZoneMath.instant(of: time.value)
        case .floating:
            if time.isDate { return ICalClock.days(of: time.value) * 86_400 }
            return ICalClock.wallSeconds(of: time.value)
        }
    }

    /// The key of the instance a RECURRENCE-ID names, matched by local day when its value type differs from
    /// DTSTART's: a DATE-TIME one of an all-day series names its date (as written), a DATE one of a timed
    /// series names the instance on that date at DTSTART's time of day.
    func key(recurrenceID rid: ResolvedTime, masterStart: ResolvedTime) -> Int64 {
        guard rid.isDate, !isDate else { return key(rid) }
        let timeOfDay = ICalClock.wallSeconds(of: masterStart.value) - ICalClock.days(of: masterStart.value) * 86_400
        let wall = ICalClock.days(of: rid.value) * 86_400 + timeOfDay
        switch basis {
        case .zoned(let zone): return ZoneMath.instant(wallSeconds: wall, in: zone)
        case .floating, .date: return wall
        }
    }

    /// The key of an instance the recurrence engine produced, as wall-clock seconds in the series' own zone (read
    /// by RFC 5545 §3.3.5 at DST changes, like every other local time).
    func key(wall: Int64) -> Int64 {
        switch basis {
        case .date: return wall.floorDiv(86_400)
        case .zoned(let zone): return ZoneMath.instant(wallSeconds: wall, in: zone)
        case .floating: return wall
        }
    }

    /// Wall-clock seconds (in the series' own zone) covering every instance whose key is in `[from, to]`.
    ///
    /// For zoned series three hours of slack cover a DST change inside the range; callers filter by key.
    func wallRange(fromKey from: Int64, toKey to: Int64) -> ClosedRange<Int64> {
        switch basis {
        case .date:
            return from * 86_400...(max(from, to) * 86_400 + 86_399)
        case .zoned(let zone):
            let lower = ZoneMath.wallSeconds(at: from, in: zone) - 3 * 3600
            let upper = to >= Self.farFuture ? Self.farFuture : ZoneMath.wallSeconds(at: to, in: zone) + 3 * 3600
            return lower...max(lower, upper)
        case .floating:
            return from...max(from, to)
        }
    }

    /// Past every instance the engine produces (year 10000).
    private static let farFuture = RecurrenceEngine.lastWall + 1

    /// The instant (Unix seconds) where the instance with this key starts.
    func instant(ofKey key: Int64) -> Int64 {
        switch basis {
        case .date: return local.instant(wallSeconds: key * 86_400)
        case .zoned: return key
        case .floating: return local.instant(wallSeconds: key)
        }
    }

    /// The local date (day number) of an instance, for DATE-valued EXDATEs of timed series.
    func wallDay(ofKey key: Int64) -> Int64 {
        switch basis {
        case .date: return key
        case .zoned(let zone): return ICalClock.days(of: ZoneMath.wallTime(at: key, in: zone))
        case .floating: return key.floorDiv(86_400)
        }
    }

    /// Keys bounding the instants `[from, to]`.
    func keyRange(from: Int64, to: Int64) -> ClosedRange<Int64> {
        switch basis {
        case .date:
            return local.wallSeconds(at: from).floorDiv(86_400)...local.wallSeconds(at: to).floorDiv(86_400)
        case .zoned:
            return from...max(from, to)
        case .floating:
            return local.wallSeconds(at: from)...max(local.wallSeconds(at: from), local.wallSeconds(at: to))
        }
    }

    /// The last key an RRULE's UNTIL allows (inclusive).
    ///
    /// A DATE UNTIL includes that whole local day; a UTC UNTIL is an instant (for all-day series: the days
    /// whose local midnight is not after it); a floating UNTIL is wall-clock time in the series' zone.
    func untilKey(_ until: RecurrenceRule.Until) -> Int64 {
        switch until {
        case .date(let day):
            switch basis {
            case .date: return day
            case .zoned(let zone): return ZoneMath.instant(wallSeconds: (day + 1) * 86_400, in: zone) - 1
            case .floating: return (day + 1) * 86_400 - 1
            }
        case .dateTime(let instant, utc: true):
            switch basis {
            case .date: return local.wallSeconds(at: instant).floorDiv(86_400)
            case .zoned: return instant
            case .floating: return local.wallSeconds(at: instant)
            }
        case .dateTime(let wall, utc: false):
            switch basis {
            case .date: return wall.floorDiv(86_400)
            case .zoned(let zone): return ZoneMath.instant(wallSeconds: wall, in: zone)
            case .floating: return wall
            }
        }
    }

    /// Start and end instants of an instance starting at `key` and lasting `length`.
    func span(startKey key: Int64, length: Length) -> (start: Int64, end: Int64) {
        switch basis {
        case .date:
            let start = local.instant(wallSeconds: key * 86_400)
            let end =
                length.days == 0
                ? start + length.seconds : local.instant(wallSeconds: (key + length.days) * 86_400) + length.seconds
            return (start, end)
        case .zoned(let zone):
            guard length.days != 0 else { return (key, key + length.seconds) }
            let wall = ICalClock.wallSeconds(of: ZoneMath.wallTime(at: key, in: zone))
            return (key, ZoneMath.instant(wallSeconds: wall + length.days * 86_400, in: zone) + length.seconds)
        case .floating:
            let start = local.instant(wallSeconds: key)
            guard length.days != 0 else { return (start, start + length.seconds) }
            return (start, local.instant(wallSeconds: key + length.days * 86_400) + length.seconds)
        }
    }
}

/// Where a single time from the file lies, independent of any series.
extension LocalZone {
    /// The instant of a resolved time: DATE at local midnight, floating as local wall-clock time.
    func instant(of time: ResolvedTime) -> Int64 {
        if time.isDate { return instant(wallSeconds: ICalClock.days(of: time.value) * 86_400) }
        if time.isFloating { return instant(wallSeconds: ICalClock.wallSeconds(of: time.value)) }
        return ZoneMath.instant(of: time.value)
    }

    /// The length of a component: DATE to DATE in days, otherwise exact seconds; DURATION as written;
    /// without either, one day for DATE and zero for DATE-TIME (RFC 5545 §3.6.1).
    func length(start: ResolvedTime, end: EndSpec) -> Length {
        switch end {
        case .end(let endTime):
            if start.isDate && endTime.isDate {
                return Length(
                    days: abs(ICalClock.days(of: endTime.value) - ICalClock.days(of: start.value)), seconds: 0)
            }
            return Length(days: 0, seconds: abs(instant(of: endTime) - instant(of: start)))
        case .duration(let duration):
            return Length(duration)
        case .none:
            return start.isDate ? Length(days: 1, seconds: 0) : .zero
        }
    }

    /// Start and end instants of a component on its own (single event, override, orphan), end after start.
    func span(start: ResolvedTime, end: EndSpec) -> (start: Int64, end: Int64) {
        let space = KeySpace(start: start, local: self)
        let startKey = space.key(start)
        var result: (start: Int64, end: Int64)
        if case .end(let endTime) = end, !(start.isDate && endTime.isDate) {
            result = (instant(of: start), instant(of: endTime))
        } else {
            result = space.span(startKey: startKey, length: length(start: start, end: end))
        }
        if result.end < result.start { result = (result.end, result.start) }
        return result
    }
}
