import WeftPrimitives

/// An RRULE value (RFC 5545 §3.3.10) read into plain Swift values, checked against the grammar's ranges.
///
/// Weekdays are ISO's (1 = Monday … 7 = Sunday), as everywhere in weft. `parse` refuses what the grammar refuses
/// (a missing FREQ, an unknown part, a value out of range, COUNT with UNTIL); rules the grammar allows but §3.3.10
/// forbids (BYWEEKNO outside YEARLY, …) parse, and `forbiddenUses` names each such use.
package struct RecurrenceRule: Equatable, Sendable {
    /// FREQ, ordered from the shortest period to the longest.
    package enum Frequency: Int, Comparable, Sendable {
        case secondly, minutely, hourly, daily, weekly, monthly, yearly

        package static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The name as written in a rule.
        package var name: String {
            switch self {
            case .secondly: return "SECONDLY"
            case .minutely: return "MINUTELY"
            case .hourly: return "HOURLY"
            case .daily: return "DAILY"
            case .weekly: return "WEEKLY"
            case .monthly: return "MONTHLY"
            case .yearly: return "YEARLY"
            }
        }
    }

    /// A BYDAY entry: a weekday, and its position in the month or year (0 when it has none; negative from the end).
    package struct WeekdayNumber: Equatable, Hashable, Sendable {
        package let ordinal: Int
        package let weekday: Int
    }

    /// The end an UNTIL names, as written: a date, or a date-time (UTC when it ends in `Z`) in wall-clock seconds.
    package enum Until: Equatable, Sendable {
        case date(day: Int64)
        case dateTime(wallSeconds: Int64, utc: Bool)
    }

    package var frequency: Frequency
    package var interval = 1
    package var count: Int?
    package var until: Until?
    package var bySecond: [Int] = []
    package var byMinute: [Int] = []
    package var byHour: [Int] = []
    package var byDay: [WeekdayNumber] = []
    package var byMonthDay: [Int] = []
    package var byYearDay: [Int] = []
    package var byWeekNo: [Int] = []
    package var byMonth: [Int] = []
    package var bySetPos: [Int] = []
    /// WKST, ISO weekday; Monday unless the rule says otherwise.
    package var weekStart = 1

    /// The largest INTERVAL and COUNT read (2³¹−1, the most the 32-bit integers of other implementations hold):
    /// larger numbers are refused rather than converted. The engine's period arithmetic stays within 64 bits.
    package static let maxInterval = Int(Int32.max)
    package static let maxCount = Int(Int32.max)

    package init(frequency: Frequency) {
        self.frequency = frequency
    }

    /// Parses the value of an RRULE property (`FREQ=WEEKLY;BYDAY=MO,WE`), case-insensitively.
    package static func parse(_ text: String) throws(RecurrenceRuleError) -> RecurrenceRule {
        var parts: [String: String] = [:]
        var order: [String] = []
        for piece in text.split(separator: ";", omittingEmptySubsequences: true) {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { throw .malformedPart(String(piece)) }
            let name = pair[0].trimmingSpaces().uppercased()
            guard parts[name] == nil else { throw .repeatedPart(name) }
            parts[name] = pair[1].trimmingSpaces()
            order.append(name)
        }
        guard let freqText = parts["FREQ"] else { throw .missingFrequency }
        guard let frequency = Self.frequencies[freqText.uppercased()] else { throw .unknownFrequency(freqText) }
        var rule = RecurrenceRule(frequency: frequency)
        for name in order {
            let value = parts[name] ?? ""
            switch name {
            case "FREQ": break
            case "INTERVAL": rule.interval = try number(value, part: name, in: 1...maxInterval)
            case "COUNT": rule.count = try number(value, part: name, in: 1...maxCount)
            case "UNTIL": rule.until = try parseUntil(value)
            case "BYSECOND": rule.bySecond = try list(value, part: name, in: 0...60)
            case "BYMINUTE": rule.byMinute = try list(value, part: name, in: 0...59)
            case "BYHOUR": rule.byHour = try list(value, part: name, in: 0...23)
            case "BYDAY": rule.byDay = try weekdayList(value)
            case "BYMONTHDAY": rule.byMonthDay = try list(value, part: name, in: -31...31, nonZero: true)
            case "BYYEARDAY": rule.byYearDay = try list(value, part: name, in: -366...366, nonZero: true)
            case "BYWEEKNO": rule.byWeekNo = try list(value, part: name, in: -53...53, nonZero: true)
            case "BYMONTH": rule.byMonth = try list(value, part: name, in: 1...12)
            case "BYSETPOS": rule.bySetPos = try list(value, part: name, in: -366...366, nonZero: true)
            case "WKST":
                guard let day = weekdays[value.uppercased()] else { throw .badValue(part: name, value: value) }
                rule.weekStart = day
            case "RSCALE":
                // RFC 7529: only the Gregorian scale, which is what the engine computes anyway.
                guard value.uppercased() == "GREGORIAN" else { throw .unsupported("RSCALE=\(value)") }
            case "SKIP":
                // SKIP=OMIT is RFC 5545's behaviour (invalid dates are skipped); moving them is not supported.
                guard value.uppercased() == "OMIT" else { throw .unsupported("SKIP=\(value)") }
            default:
                throw .unknownPart(name)
            }
        }
        if rule.count != nil && rule.until != nil { throw .countAndUntil }
        return rule
    }

    /// Each use of a part that RFC 5545 §3.3.10 forbids for this rule, in words; empty for a valid rule.
    ///
    /// The engine still applies such parts, as filters on the instances the rest of the rule gives (as
    /// python-dateutil does); ordinals of BYDAY outside MONTHLY and YEARLY are ignored.
    package var forbiddenUses: [String] {
        var uses: [String] = []
        if !byWeekNo.isEmpty && frequency != .yearly { uses.append("BYWEEKNO with FREQ=\(frequency.name)") }
        if !byYearDay.isEmpty && [.daily, .weekly, .monthly].contains(frequency) {
            uses.append("BYYEARDAY with FREQ=\(frequency.name)")
        }
        if !byMonthDay.isEmpty && frequency == .weekly { uses.append("BYMONTHDAY with FREQ=WEEKLY") }
        if byDay.contains(where: { $0.ordinal != 0 }) {
            if frequency != .monthly && frequency != .yearly {
                uses.append("a numbered BYDAY (such as 1MO) with FREQ=\(frequency.name)")
            } else if frequency == .yearly && !byWeekNo.isEmpty {
                uses.append("a numbered BYDAY with BYWEEKNO")
            }
        }
        if !bySetPos.isEmpty && !hasOtherByPart { uses.append("BYSETPOS without another BYxxx part") }
        return uses
    }

    private var hasOtherByPart: Bool {
        !(bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty && byDay.isEmpty && byMonthDay.isEmpty
            && byYearDay.isEmpty && byWeekNo.isEmpty && byMonth.isEmpty)
    }

    private static let frequencies: [String: Frequency] = [
        "SECONDLY": .secondly, "MINUTELY": .minutely, "HOURLY": .hourly, "DAILY": .daily, "WEEKLY": .weekly,
        "MONTHLY": .monthly, "YEARLY": .yearly,
    ]

    private static let weekdays: [String: Int] = ["MO": 1, "TU": 2, "WE": 3, "TH": 4, "FR": 5, "SA": 6, "SU": 7]

    private static func number(_ text: String, part: String, in range: ClosedRange<Int>) throws(RecurrenceRuleError)
        -> Int
    {
        guard let value = integer(text) else { throw .badValue(part: part, value: text) }
        guard range.contains(value) else { throw .outOfRange(part: part, value: text, range: range) }
        return value
    }

    /// A signed decimal integer of at most eighteen digits (so it fits a 64-bit Int without a check), else nil.
    private static func integer(_ text: String) -> Int? {
        var digits = Substring(text)
        var sign = 1
        if let first = digits.first, first == "+" || first == "-" {
            sign = first == "-" ? -1 : 1
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        var value = 0
        for character in digits.utf8 { value = value * 10 + Int(character - UInt8(ascii: "0")) }
        return sign * value
    }

    private static func list(_ text: String, part: String, in range: ClosedRange<Int>, nonZero: Bool = false)
        throws(RecurrenceRuleError) -> [Int]
    {
        var values: [Int] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let value = try number(item.trimmingSpaces(), part: part, in: range)
            if nonZero && value == 0 { throw .outOfRange(part: part, value: "0", range: range) }
            if !values.contains(value) { values.append(value) }
        }
        return values
    }

    private static func weekdayList(_ text: String) throws(RecurrenceRuleError) -> [WeekdayNumber] {
        var values: [WeekdayNumber] = []
        for raw in text.split(separator: ",", omittingEmptySubsequences: false) {
            let item = raw.trimmingSpaces().uppercased()
            guard item.count >= 2, let weekday = weekdays[String(item.suffix(2))] else {
                throw .badValue(part: "BYDAY", value: item)
            }
            let prefix = String(item.dropLast(2))
            var ordinal = 0
            if !prefix.isEmpty {
                ordinal = try number(prefix, part: "BYDAY", in: -53...53)
                if ordinal == 0 { throw .outOfRange(part: "BYDAY", value: item, range: -53...53) }
            }
            let value = WeekdayNumber(ordinal: ordinal, weekday: weekday)
            if !values.contains(value) { values.append(value) }
        }
        return values
    }

    /// `YYYYMMDD`, `YYYYMMDDTHHMMSS` or the same with `Z`.
    private static func parseUntil(_ text: String) throws(RecurrenceRuleError) -> Until {
        let bytes = Array(text.uppercased().utf8)
        func field(_ range: Range<Int>) -> Int? { ASCIIDigits.value(bytes[range]) }
        guard bytes.count == 8 || bytes.count == 15 || bytes.count == 16,
            let year = field(0..<4), let month = field(4..<6), let day = field(6..<8),
            CivilDate.isValid(year: year, month: month, day: day)
        else { throw .badValue(part: "UNTIL", value: text) }
        let dayNumber = CivilDate.daysFromCivil(year: year, month: month, day: day)
        if bytes.count == 8 { return .date(day: dayNumber) }
        guard bytes[8] == UInt8(ascii: "T"), let hour = field(9..<11), let minute = field(11..<13),
            let second = field(13..<15), hour < 24, minute < 60, second <= 60,
            bytes.count == 15 || bytes[15] == UInt8(ascii: "Z")
        else { throw .badValue(part: "UNTIL", value: text) }
        let wall = dayNumber * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59))
        return .dateTime(wallSeconds: wall, utc: bytes.count == 16)
    }
}

/// Why an RRULE value could not be read; the message names the part and what the grammar allows.
package enum RecurrenceRuleError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingFrequency
    case unknownFrequency(String)
    case malformedPart(String)
    case repeatedPart(String)
    case unknownPart(String)
    case badValue(part: String, value: String)
    case outOfRange(part: String, value: String, range: ClosedRange<Int>)
    case countAndUntil
    case unsupported(String)

    package var description: String {
        switch self {
        case .missingFrequency: return "RRULE has no FREQ"
        case .unknownFrequency(let value): return "FREQ=\(value) is not SECONDLY … YEARLY"
        case .malformedPart(let text): return "\"\(text)\" is not NAME=VALUE"
        case .repeatedPart(let name): return "\(name) appears twice"
        case .unknownPart(let name): return "\(name) is not a part of RFC 5545 rules"
        case .badValue(let part, let value): return "\(part)=\(value) cannot be read"
        case .outOfRange(let part, let value, let range):
            return "\(part) value \(value) is outside \(range.lowerBound)…\(range.upperBound)"
        case .countAndUntil: return "COUNT and UNTIL must not both be given"
        case .unsupported(let what): return "\(what) is not supported"
        }
    }
}

extension Substring {
    /// Without the spaces at either end; by index, not by rebuilding the text backwards a character at a time (that
    /// was a tenth of `weft calendar next` on a calendar of 3,000 RRULEs).
    fileprivate func trimmingSpaces() -> String {
        var start = startIndex
        var end = endIndex
        while start < end, self[start] == " " { start = index(after: start) }
        while end > start, self[index(before: end)] == " " { end = index(before: end) }
        return String(self[start..<end])
    }
}
