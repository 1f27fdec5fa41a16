import Foundation

/// A POSIX `TZ` rule string (`UTC0`, `<+0530>-5:30`, `CET-1CEST,M3.5.0,M10.5.0/3`), parsed as glibc reads it.
///
/// POSIX writes offsets west of Greenwich as positive; the offsets here are already UTC offsets (east positive).
struct PosixTZ: Equatable {
    /// A daylight-saving part: its name, UTC offset and the rules that start and end it.
    struct Daylight: Equatable {
        let name: String
        let offset: Int
        let start: Rule
        let end: Rule
    }

    /// A date rule with a local time of day (which may be negative or beyond 24 hours).
    struct Rule: Equatable {
        enum Day: Equatable {
            /// `Jn`: day 1…365, February 29 never counted.
            case julianSkippingLeapDay(Int)
            /// `n`: day 0…365, February 29 counted.
            case zeroBasedDay(Int)
            /// `Mm.w.d`: weekday d (0 = Sunday) of week w (5 = the last) of month m.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }

        let day: Day
        let seconds: Int

        /// The day number the rule names in `year`.
        func dayNumber(in year: Int) -> Int64 {
            let january1 = CivilDate.daysFromCivil(year: year, month: 1, day: 1)
            switch day {
            case .julianSkippingLeapDay(let n):
                let leap = CivilDate.daysInMonth(year: year, month: 2) == 29
                return january1 + Int64(n - 1) + (leap && n >= 60 ? 1 : 0)
            case .zeroBasedDay(let n):
                return january1 + Int64(n)
            case .monthWeekDay(let month, let week, let weekday):
                let first = CivilDate.daysFromCivil(year: year, month: month, day: 1)
                let target = weekday == 0 ? 7 : weekday  // POSIX 0 = Sunday is ISO 7
                var day = first + Int64((target - LocalDay.weekday(first) + 7) % 7) + Int64(7 * (week - 1))
                let last = first + Int64(CivilDate.daysInMonth(year: year, month: month)) - 1
                while day > last { day -= 7 }
                return day
            }
        }
    }

    let standardName: String
    let standardOffset: Int
    let daylight: Daylight?

    /// glibc's rule when a daylight name has none: the United States' since 2007 (its `posixrules`).
    static let defaultRules = (
        start: Rule(day: .monthWeekDay(month: 3, week: 2, weekday: 0), seconds: 7200),
        end: Rule(day: .monthWeekDay(month: 11, week: 1, weekday: 0), seconds: 7200)
    )

    /// Parses a whole rule string; nil when any of it is not POSIX TZ syntax.
    static func parse(_ text: String) -> PosixTZ? {
        var scanner = Scanner(Array(text.utf8))
        guard let standardName = scanner.name(), let standardPosix = scanner.offset(maxHours: 24) else { return nil }
        let standardOffset = -standardPosix
        if scanner.atEnd { return PosixTZ(standardName: standardName, standardOffset: standardOffset, daylight: nil) }
        guard let daylightName = scanner.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if let posix = scanner.offset(maxHours: 24) { daylightOffset = -posix }
        var rules = defaultRules
        if scanner.take(",") {
            guard let start = scanner.rule(), scanner.take(","), let end = scanner.rule() else { return nil }
            rules = (start, end)
        }
        guard scanner.atEnd else { return nil }
        return PosixTZ(
            standardName: standardName, standardOffset: standardOffset,
            daylight: Daylight(name: daylightName, offset: daylightOffset, start: rules.start, end: rules.end))
    }

    /// The rule's changes of offset in `years`, in order: each instant (seconds since 1970) and the offset from then.
    func transitions(years: ClosedRange<Int>) -> [(instant: Int64, offset: Int)] {
        guard let daylight else { return [] }
        var result: [(instant: Int64, offset: Int)] = []
        for year in years {
            // The start is read in standard time, the end in daylight time, as POSIX says.
            let start = daylight.start.dayNumber(in: year) * 86_400 + Int64(daylight.start.seconds - standardOffset)
            let end = daylight.end.dayNumber(in: year) * 86_400 + Int64(daylight.end.seconds - daylight.offset)
            result.append((start, daylight.offset))
            result.append((end, standardOffset))
        }
        return result.sorted { $0.instant < $1.instant }
    }
}

/// Reads the pieces of a POSIX TZ string left to right.
private struct Scanner {
    let bytes: [UInt8]
    var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position == bytes.count }

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek() == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// Three or more letters, or `<…>` of letters, digits, `+` and `-`.
    mutating func name() -> String? {
        let start = position
        if take("<") {
            while let byte = peek(),
                Self.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: "+")
                    || byte == UInt8(ascii: "-")
            {
                position += 1
            }
            let name = String(decoding: bytes[(start + 1)..<position], as: UTF8.self)
            guard take(">"), name.count >= 3 else { return nil }
            return name
        }
        while let byte = peek(), Self.isLetter(byte) { position += 1 }
        guard position - start >= 3 else {
            position = start
            return nil
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds, or nil (consuming nothing) when no number is next.
    mutating func offset(maxHours: Int) -> Int? {
        let start = position
        var sign = 1
        if take("-") {
            sign = -1
        } else {
            _ = take("+")
        }
        guard let hours = number(maxDigits: 3), hours <= maxHours else {
            position = start
            return nil
        }
        var seconds = hours * 3600
        if take(":") {
            guard let minutes = number(maxDigits: 2), minutes <= 59 else { return nil }
            seconds += minutes * 60
            if take(":") {
                guard let rest = number(maxDigits: 2), rest <= 59 else { return nil }
                seconds += rest
            }
        }
        return sign * seconds
    }

    private mutating func number(maxDigits: Int) -> Int? {
        var value = 0
        var count = 0
        while count < maxDigits, let byte = peek(), Self.isDigit(byte) {
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            position += 1
            count += 1
        }
        return count > 0 ? value : nil
    }

    /// `Jn`, `n` or `Mm.w.d`, each with an optional `/time` (default 02:00).
    mutating func rule() -> PosixTZ.Rule? {
        let day: PosixTZ.Rule.Day
        if take("J") {
            guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
            day = .julianSkippingLeapDay(n)
        } else if take("M") {
            guard let month = number(maxDigits: 2), (1...12).contains(month), take("."),
                let week = number(maxDigits: 1), (1...5).contains(week), take("."),
                let weekday = number(maxDigits: 1), (0...6).contains(weekday)
            else { return nil }
            day = .monthWeekDay(month: month, week: week, weekday: weekday)
        } else {
            guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
            day = .zeroBasedDay(n)
        }
        var seconds = 7200
        if take("/") {
            // RFC 8536 lets the time run from -167 to 167 hours.
            guard let time = offset(maxHours: 167) else { return nil }
            seconds = time
        }
        return PosixTZ.Rule(day: day, seconds: seconds)
    }
}
