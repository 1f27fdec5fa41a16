import Foundation
import WeftCore

/// A local calendar day, stored as days since 1970-01-01 and encoded as `yyyy-MM-dd`.
public struct StepDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let dayNumber: Int64

    /// The day with this day number.
    public init(dayNumber: Int64) { self.dayNumber = dayNumber }

    /// The day of a calendar date.
    public init(year: Int, month: Int, day: Int) {
        dayNumber = CivilDate.daysFromCivil(year: year, month: month, day: day)
    }

    /// Parses `yyyy-MM-dd`.
    public init?(iso text: String) {
        let parts = text.split(separator: "-")
        guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...CivilDate.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The local day containing `date` in `timeZone`.
    public init(containing date: Date, in timeZone: TimeZone) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let offset = Int64(timeZone.secondsFromGMT(for: date))
        dayNumber = (seconds + offset).floorDiv(86_400)
    }

    /// Year, month and day.
    public var components: (year: Int, month: Int, day: Int) { CivilDate.civil(fromDays: dayNumber) }

    /// `yyyy-MM-dd`.
    public var iso: String {
        let parts = components
        return String(format: "%04d-%02d-%02d", parts.year, parts.month, parts.day)
    }

    public var description: String { iso }

    /// The weekday, 1 = Sunday … 7 = Saturday (Foundation's numbering).
    public var weekday: Int {
        // 1970-01-01 was a Thursday (5).
        Int((dayNumber + 4).floorMod(7)) + 1
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> StepDay { StepDay(dayNumber: dayNumber + Int64(count)) }

    /// The instant at which this day starts in `timeZone`.
    public func start(in timeZone: TimeZone) -> Date {
        var converter = ZoneConverter(timeZone: timeZone)
        return Date(timeIntervalSince1970: TimeInterval(converter.startOfDay(dayNumber)))
    }

    public static func < (lhs: StepDay, rhs: StepDay) -> Bool { lhs.dayNumber < rhs.dayNumber }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = StepDay(iso: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "\"\(text)\" is not a yyyy-MM-dd day"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso)
    }
}

extension Int64 {
    /// The remainder with the sign of the divisor.
    func floorMod(_ divisor: Int64) -> Int64 { self - floorDiv(divisor) * divisor }
}
