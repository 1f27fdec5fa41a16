import Foundation

/// Converts between instants and wall-clock times in one zone, caching offsets per day so millions of rows stay fast.
struct ZoneConverter {
    let timeZone: TimeZone
    private var localDays: [Int64: (start: Int, end: Int)] = [:]
    private var utcDays: [Int64: (start: Int, end: Int)] = [:]

    init(timeZone: TimeZone) { self.timeZone = timeZone }

    private func offset(at instant: Int64) -> Int {
        timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
    }

    /// The instant of a wall-clock time (seconds since 1970 read as UTC).
    ///
    /// In the spring-forward gap the time is read with the offset before the change (02:30 becomes 03:30); in the
    /// repeated autumn hour the first (daylight) occurrence is taken.
    mutating func instant(wallSeconds: Int64) -> Int64 {
        let day = wallSeconds.floorDiv(86_400)
        let offsets: (start: Int, end: Int)
        if let cached = localDays[day] {
            offsets = cached
        } else {
            let start = day * 86_400
            let startOffset = offset(at: start - Int64(offset(at: start)))
            let end = start + 86_400
            let endOffset = offset(at: end - Int64(offset(at: end)))
            offsets = (startOffset, endOffset)
            localDays[day] = offsets
        }
        if offsets.start == offsets.end { return wallSeconds - Int64(offsets.start) }
        let before = wallSeconds - Int64(offsets.start)
        if offset(at: before) == offsets.start { return before }
        let after = wallSeconds - Int64(offsets.end)
        if offset(at: after) == offsets.end { return after }
        return before
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

extension Int64 {
    /// Division rounding towards negative infinity.
    func floorDiv(_ divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
