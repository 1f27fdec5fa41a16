import Foundation
import WeftPrimitives

/// A local calendar day, stored as days since 1970-01-01 and encoded as `yyyy-MM-dd`.
public struct StepDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Days since 1970-01-01.
    let dayNumber: Int64

    /// The day with this day number.
    public init(dayNumber: Int64) { self.dayNumber = dayNumber }

    /// The day of a calendar date.
    public init(year: Int, month: Int, day: Int) {
        dayNumber = CivilDate.daysFromCivil(year: year, month: month, day: day)
    }

    /// Parses `yyyy-MM-dd`.
    public init?(iso text: String) {
        guard let day = LocalDay.parse(text) else { return nil }
        dayNumber = day
    }

    /// The local day containing `date` in `timeZone`.
    public init(containing date: Date, in timeZone: TimeZone) {
        dayNumber = LocalDay.containing(date, in: timeZone)
    }

    /// Year, month and day.
    public var components: (year: Int, month: Int, day: Int) { CivilDate.civil(fromDays: dayNumber) }

    /// `yyyy-MM-dd`.
    public var iso: String { LocalDay.iso(dayNumber) }

    public var description: String { iso }

    /// The ISO weekday, 1 = Monday … 7 = Sunday.
    var weekday: Int { LocalDay.weekday(dayNumber) }

    /// The day `count` days later (earlier when negative).
    func adding(days count: Int) -> StepDay { StepDay(dayNumber: dayNumber + Int64(count)) }

    /// The instant at which this day starts in `timeZone`.
    public func start(in timeZone: TimeZone) -> Date { LocalDay.start(of: dayNumber, in: timeZone) }

    public static func < (lhs: StepDay, rhs: StepDay) -> Bool { lhs.dayNumber < rhs.dayNumber }
}

extension StepDay: TextCoded {
    /// Reads `yyyy-MM-dd`, as ``init(iso:)`` does.
    public init?(codedText text: String) { self.init(iso: text) }
    /// Written as ``iso``.
    public var codedText: String { iso }
    /// What a stored string must be.
    public static var codedMeaning: String { "a yyyy-MM-dd day" }
}
