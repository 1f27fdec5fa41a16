import Foundation
import WeftPrimitives

/// Converts between instants and wall-clock times in one zone, caching offsets per day so millions of rows stay fast.
struct ZoneConverter {
    let timeZone: TimeZone
    private var utcDays: [Int64: (start: Int, end: Int)] = [:]

    init(timeZone: TimeZone) { self.timeZone = timeZone }

    private func offset(at instant: Int64) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// The instant of a wall-clock time (seconds since 1970 read as UTC), by `LocalDay.instant(wallSeconds:offset:)`'s
    /// rule: in the spring-forward gap the time is read with the offset before the change (02:30 becomes 03:30); in
    /// the repeated autumn hour the first (daylight) occurrence is taken.
    mutating func instant(wallSeconds: Int64) -> Int64 {
        LocalDay.instant(wallSeconds: wallSeconds) { Int64(offset(atInstant: $0)) }
    }

    /// Seconds east of UTC at an instant.
    mutating func offset(atInstant instant: Int64) -> Int {
        let day = instant.floorDiv(86_400)
        let offsets: (start: Int, end: Int)
        if let cached = utcDays[day] {
            offsets = cached
        } else {
            offsets = (offset(at: day * 86_400), offset(at: day * 86_400 + 86_400))
            utcDays[day] = offsets
        }
        return offsets.start == offsets.end ? offsets.start : offset(at: instant)
    }

    /// The local day number (days since 1970-01-01) that contains an instant.
    mutating func localDay(ofInstant instant: Int64) -> Int64 {
        (instant + Int64(offset(atInstant: instant))).floorDiv(86_400)
    }

    /// The instant at which a local day begins (its first existing wall-clock second).
    mutating func startOfDay(_ day: Int64) -> Int64 {
        instant(wallSeconds: day * 86_400)
    }
}
