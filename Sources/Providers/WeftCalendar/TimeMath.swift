import CLibical
import Foundation
import WeftPrimitives

/// libical times as plain integers (day numbers, wall-clock seconds), so hot loops need neither Foundation's Calendar
/// nor libical's own arithmetic; the civil-date rules themselves are WeftPrimitives'.
enum ICalClock {
    /// libical's weekday of a day number, 1 = Sunday … 7 = Saturday (converted from weft's ISO weekday).
    static func weekday(ofDay day: Int64) -> Int64 { Int64(LocalDay.weekday(day) % 7 + 1) }

    /// Day number of a libical time's own wall-clock date.
    static func days(of time: icaltimetype) -> Int64 {
        CivilDate.daysFromCivil(year: Int(time.year), month: Int(time.month), day: Int(time.day))
    }

    /// Wall-clock seconds (as if the wall clock were UTC) of a libical time's own fields.
    static func wallSeconds(of time: icaltimetype) -> Int64 {
        days(of: time) * 86_400 + Int64(time.hour) * 3600 + Int64(time.minute) * 60 + Int64(time.second)
    }

    /// A floating libical time (no zone) for wall-clock seconds.
    static func floatingTime(wallSeconds: Int64) -> icaltimetype {
        let day = wallSeconds.floorDiv(86_400)
        let rest = wallSeconds - day * 86_400
        let (y, m, d) = CivilDate.civil(fromDays: day)
        var time = icaltime_null_time()
        time.year = Int32(y)
        time.month = Int32(m)
        time.day = Int32(d)
        time.hour = Int32(rest / 3600)
        time.minute = Int32(rest % 3600 / 60)
        time.second = Int32(rest % 60)
        time.is_date = 0
        time.zone = nil
        return time
    }

    /// A libical DATE value for a day number.
    static func dateTime(days day: Int64) -> icaltimetype {
        var time = floatingTime(wallSeconds: day * 86_400)
        time.is_date = 1
        return time
    }
}

/// The configured (viewer's) zone: where all-day and floating times are anchored.
struct LocalZone {
    let timeZone: TimeZone
    private let table: OffsetTable

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
        self.table = OffsetTable(timeZone: timeZone)
    }

    /// UTC offset in seconds at an instant.
    func offset(at instant: Int64) -> Int64 {
        table.offset(at: instant)
    }

    /// Wall-clock seconds at an instant.
    func wallSeconds(at instant: Int64) -> Int64 {
        instant + offset(at: instant)
    }

    /// The instant of a wall-clock time, following RFC 5545 §3.3.5: an ambiguous time (DST end) is the
    /// first of the two, a time in a DST gap is read with the offset from before the gap.
    func instant(wallSeconds wall: Int64) -> Int64 {
        LocalDay.instant(wallSeconds: wall) { offset(at: $0) }
    }
}

/// Instants of libical times in a given zone, read by RFC 5545 §3.3.5 at DST changes: a wall-clock time that
/// occurs twice is its first occurrence, one in a gap takes the offset from before the gap. (libical 3.0's own
/// conversion reads both the other way.)
enum ZoneMath {
    /// Seconds since 1970 of a zoned libical time (zone pointer must be set).
    static func instant(of time: icaltimetype) -> Int64 {
        let wall = ICalClock.wallSeconds(of: time)
        guard let zone = time.zone, zone != LibicalRuntime.utc else { return wall }
        return instant(wallSeconds: wall, in: zone)
    }

    /// The wall-clock libical time of an instant in `zone`.
    static func wallTime(at instant: Int64, in zone: OpaquePointer) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(instant), 0, zone)
    }

    /// The wall-clock seconds of an instant in `zone`.
    static func wallSeconds(at instant: Int64, in zone: OpaquePointer) -> Int64 {
        instant + offset(at: instant, in: zone)
    }

    /// The instant of wall-clock seconds read in `zone`.
    static func instant(wallSeconds: Int64, in zone: OpaquePointer) -> Int64 {
        if zone == LibicalRuntime.utc { return wallSeconds }
        return LocalDay.instant(wallSeconds: wallSeconds) { offset(at: $0, in: zone) }
    }

    /// The UTC offset of `zone` at an instant, in seconds.
    static func offset(at instant: Int64, in zone: OpaquePointer) -> Int64 {
        var time = ICalClock.floatingTime(wallSeconds: instant)
        return Int64(icaltimezone_get_utc_offset_of_utc_time(zone, &time, nil))
    }
}
