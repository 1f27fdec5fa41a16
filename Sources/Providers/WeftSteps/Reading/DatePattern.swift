import Foundation
import WeftPrimitives

/// A date-time layout such as `yyyy-MM-dd HH:mm:ss Z` or `M/d/yyyy h:mm:ss a`, matched on bytes without Foundation.
///
/// Letters: `yyyy`/`yy` year, `M`/`MM` month (1–2 digits), `MMM` English month name, `d`/`dd` day, `H`/`HH` hour,
/// `h`/`hh` 12-hour, `a` AM/PM, `m`/`mm` minute, `s`/`ss` second, `S…` fraction (any number of digits), `Z`/`X…`
/// offset (`+0100`, `+01:00`, `Z`, `UTC+0900`). Text in single quotes is literal; a space matches one or more spaces.
/// The special names `unix`, `unix-ms`, `unix-ns` read epoch numbers and `iso` reads ISO 8601 with or without
/// fraction and offset.
struct DatePattern: Sendable, Hashable, CustomStringConvertible {
    enum Token: Sendable, Hashable {
        case year4, year2, month, monthName, day, hour24, hour12, minute, second, fraction, ampm, offset, space
        case literal(UInt8)
    }

    enum Epoch: Sendable, Hashable {
        case seconds, milliseconds, nanoseconds
    }

    let tokens: [Token]
    let epoch: Epoch?
    /// The layout as written.
    let description: String

    /// Compiles a layout; throws when it contains a letter that is not a date field.
    init(_ text: String) throws(StepImportError) {
        description = text
        switch text {
        case "unix", "epoch", "unix-s":
            tokens = []
            epoch = .seconds
            return
        case "unix-ms", "epoch-ms":
            tokens = []
            epoch = .milliseconds
            return
        case "unix-ns", "epoch-ns":
            tokens = []
            epoch = .nanoseconds
            return
        default: epoch = nil
        }
        var tokens: [Token] = []
        let chars = Array(text.utf8)
        var index = 0
        while index < chars.count {
            let char = chars[index]
            var run = 1
            while index + run < chars.count, chars[index + run] == char { run += 1 }
            switch char {
            case UInt8(ascii: "y"): tokens.append(run <= 2 ? .year2 : .year4)
            case UInt8(ascii: "M"): tokens.append(run >= 3 ? .monthName : .month)
            case UInt8(ascii: "d"): tokens.append(.day)
            case UInt8(ascii: "H"): tokens.append(.hour24)
            case UInt8(ascii: "h"): tokens.append(.hour12)
            case UInt8(ascii: "m"): tokens.append(.minute)
            case UInt8(ascii: "s"): tokens.append(.second)
            case UInt8(ascii: "S"): tokens.append(.fraction)
            case UInt8(ascii: "a"): tokens.append(.ampm)
            case UInt8(ascii: "Z"), UInt8(ascii: "X"), UInt8(ascii: "x"): tokens.append(.offset)
            case UInt8(ascii: " "): tokens.append(.space)
            case UInt8(ascii: "'"):
                var close = index + 1
                while close < chars.count, chars[close] != UInt8(ascii: "'") {
                    tokens.append(.literal(chars[close]))
                    close += 1
                }
                index = close + 1
                continue
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                throw .badDateFormat(format: text)
            default:
                for _ in 0..<run { tokens.append(.literal(char)) }
            }
            index += run
        }
        self.tokens = tokens
    }

    private init(tokens: [Token], description: String) {
        self.tokens = tokens
        self.epoch = nil
        self.description = description
    }

    /// The ISO 8601 layouts tried for `iso`, most specific first.
    static let isoVariants: [DatePattern] = [
        "yyyy-MM-dd'T'HH:mm:ss.SZ", "yyyy-MM-dd'T'HH:mm:ssZ", "yyyy-MM-dd'T'HH:mm:ss.S", "yyyy-MM-dd'T'HH:mm:ss",
        "yyyy-MM-dd'T'HH:mmZ", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss.SZ", "yyyy-MM-dd HH:mm:ssZ",
        "yyyy-MM-dd HH:mm:ss.S", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd",
    ].compactMap { try? DatePattern($0) }

    /// Parses a layout name, where `iso` expands to several variants.
    static func list(_ text: String) throws(StepImportError) -> [DatePattern] {
        if text == "iso" { return isoVariants }
        var result: [DatePattern] = []
        for part in text.split(separator: "|") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed == "iso" { result += isoVariants } else { result.append(try DatePattern(trimmed)) }
        }
        return result
    }

    /// Matches the whole field (surrounding spaces ignored); nil when it does not fit the layout.
    func match(_ bytes: UnsafeBufferPointer<UInt8>) -> DateFields? {
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == UInt8(ascii: " ") { start += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
        guard start < end else { return nil }
        if let epoch { return Self.matchEpoch(bytes, start: start, end: end, epoch: epoch) }
        var fields = DateFields()
        var index = start
        var pm: Bool?
        for token in tokens {
            switch token {
            case .year4:
                guard let value = Self.digits(bytes, &index, end, min: 4, max: 4) else { return nil }
                fields.year = value
            case .year2:
                guard let value = Self.digits(bytes, &index, end, min: 2, max: 2) else { return nil }
                fields.year = 2000 + value
            case .month:
                guard let value = Self.digits(bytes, &index, end, min: 1, max: 2), (1...12).contains(value) else {
                    return nil
                }
                fields.month = value
            case .monthName:
                guard let value = Self.monthName(bytes, &index, end) else { return nil }
                fields.month = value
            case .day:
                guard let value = Self.digits(bytes, &index, end, min: 1, max: 2), (1...31).contains(value) else {
                    return nil
                }
                fields.day = value
            case .hour24:
                guard let value = Self.digits(bytes, &index, end, min: 1, max: 2), value <= 24 else { return nil }
                fields.hour = value
            case .hour12:
                guard let value = Self.digits(bytes, &index, end, min: 1, max: 2), (1...12).contains(value) else {
                    return nil
                }
                fields.hour = value
            case .minute:
                guard let value = Self.digits(bytes, &index, end, min: 2, max: 2), value < 60 else { return nil }
                fields.minute = value
            case .second:
                guard let value = Self.digits(bytes, &index, end, min: 2, max: 2), value <= 60 else { return nil }
                fields.second = value
            case .fraction:
                var scale = 1.0
                var fraction = 0.0
                let first = index
                while index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                    scale /= 10
                    fraction += Double(bytes[index] - UInt8(ascii: "0")) * scale
                    index += 1
                }
                guard index > first else { return nil }
                fields.fraction = fraction
            case .ampm:
                guard index + 1 < end else { return nil }
                let first = bytes[index] | 0x20
                let second = bytes[index + 1] | 0x20
                guard second == UInt8(ascii: "m"), first == UInt8(ascii: "a") || first == UInt8(ascii: "p") else {
                    return nil
                }
                pm = first == UInt8(ascii: "p")
                index += 2
            case .offset:
                guard let value = Self.offset(bytes, &index, end) else { return nil }
                fields.offset = value
            case .space:
                guard index < end, bytes[index] == UInt8(ascii: " ") else {
                    // An offset may follow the time directly (`12:00:00+0100`).
                    continue
                }
                while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
            case .literal(let byte):
                guard index < end, bytes[index] == byte else { return nil }
                index += 1
            }
        }
        guard index == end else { return nil }
        if let pm {
            if fields.hour == 12 { fields.hour = 0 }
            if pm { fields.hour += 12 }
        }
        guard fields.day <= CivilDate.daysInMonth(year: fields.year, month: fields.month) else { return nil }
        return fields
    }

    private static func matchEpoch(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, epoch: Epoch)
        -> DateFields?
    {
        guard let value = ByteNumber.parse(UnsafeBufferPointer(rebasing: bytes[start..<end])) else { return nil }
        var fields = DateFields()
        switch epoch {
        case .seconds: fields.instant = value
        case .milliseconds: fields.instant = value / 1000
        case .nanoseconds: fields.instant = value / 1_000_000_000
        }
        return fields
    }

    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int, min: Int, max: Int)
        -> Int?
    {
        var value = 0
        var count = 0
        while count < max, index < end, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
            count += 1
        }
        return count >= min ? value : nil
    }

    private static let monthNames: [[UInt8]] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ].map { Array($0.utf8) }

    private static func monthName(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int) -> Int? {
        guard index + 3 <= end else { return nil }
        let lower = (bytes[index] | 0x20, bytes[index + 1] | 0x20, bytes[index + 2] | 0x20)
        for (number, name) in monthNames.enumerated()
        where name[0] == lower.0 && name[1] == lower.1 && name[2] == lower.2 {
            index += 3
            // Full names (`January`) are accepted too.
            while index < end, (bytes[index] | 0x20) >= UInt8(ascii: "a"), (bytes[index] | 0x20) <= UInt8(ascii: "z") {
                index += 1
            }
            return number + 1
        }
        return nil
    }

    private static func offset(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ end: Int) -> Int? {
        guard index < end else { return nil }
        if bytes[index] == UInt8(ascii: "Z") {
            index += 1
            return 0
        }
        if index + 3 <= end, bytes[index] == UInt8(ascii: "U"), bytes[index + 1] == UInt8(ascii: "T"),
            bytes[index + 2] == UInt8(ascii: "C")
        {
            index += 3
            if index == end { return 0 }
        } else if index + 3 <= end, bytes[index] == UInt8(ascii: "G"), bytes[index + 1] == UInt8(ascii: "M"),
            bytes[index + 2] == UInt8(ascii: "T")
        {
            index += 3
            if index == end { return 0 }
        }
        guard index < end else { return nil }
        let sign: Int
        switch bytes[index] {
        case UInt8(ascii: "+"): sign = 1
        case UInt8(ascii: "-"): sign = -1
        default: return nil
        }
        index += 1
        guard let hours = digits(bytes, &index, end, min: 2, max: 2) else { return nil }
        if index < end, bytes[index] == UInt8(ascii: ":") { index += 1 }
        let minutes = digits(bytes, &index, end, min: 2, max: 2) ?? 0
        return sign * (hours * 3600 + minutes * 60)
    }
}

/// The parts a pattern read: a wall-clock time with an optional UTC offset, or an epoch instant.
struct DateFields: Sendable {
    var year = 1970
    var month = 1
    var day = 1
    var hour = 0
    var minute = 0
    var second = 0
    var fraction = 0.0
    /// Seconds east of UTC, when the text carried one.
    var offset: Int?
    /// Seconds since 1970 for epoch layouts.
    var instant: Double?

    /// The wall-clock time as seconds since 1970 read as if it were UTC.
    var wallSeconds: Int64 {
        CivilDate.daysFromCivil(year: year, month: month, day: day) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }
}
