import Foundation
import WeftPrimitives

/// The weekdays a habit is scheduled on, 0 = Sunday … 6 = Saturday, written as identitybuilder writes them: the
/// digits concatenated (`1234560` every day, `12345` weekdays).
public struct HabitSchedule: Sendable, Hashable, CustomStringConvertible {
    /// The scheduled weekdays, 0 = Sunday … 6 = Saturday.
    let weekdays: Set<Int>

    /// Every day of the week: the schedule of a habit whose export has none.
    static let everyDay = HabitSchedule(weekdays: Set(0...6))

    /// A schedule of these weekdays (values outside 0…6 are dropped).
    init(weekdays: Set<Int>) { self.weekdays = weekdays.filter { (0...6).contains($0) } }

    private static let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]

    /// Parses weekday digits (`1234560`), or weekday names separated by commas or spaces (`mon, wed, fri`);
    /// empty text and `daily` are every day. Nil when the text is neither.
    public init?(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.isEmpty || trimmed == "daily" || trimmed == "every day" {
            self = .everyDay
            return
        }
        var days = Set<Int>()
        if trimmed.allSatisfy({ $0.isASCII && $0.isNumber }) {
            for character in trimmed {
                guard let digit = character.wholeNumberValue, digit <= 6 else { return nil }
                days.insert(digit)
            }
        } else {
            for word in trimmed.split(whereSeparator: { $0 == "," || $0 == " " || $0 == ";" }) {
                guard let index = Self.names.firstIndex(where: { word.hasPrefix($0) }) else { return nil }
                days.insert(index)
            }
        }
        guard !days.isEmpty else { return nil }
        self.init(weekdays: days)
    }

    /// Whether the local day (a day number) is scheduled.
    public func contains(day: Int64) -> Bool {
        // ISO 7 (Sunday) is identitybuilder's 0; Monday … Saturday keep their numbers.
        weekdays.contains(LocalDay.weekday(day) % 7)
    }

    /// The digits, Monday first and Sunday last as identitybuilder writes them (`1234560`).
    public var digits: String { [1, 2, 3, 4, 5, 6, 0].filter(weekdays.contains).map(String.init).joined() }

    public var description: String { digits }
}

extension HabitSchedule: TextCoded {
    /// Reads weekday digits or names, as ``init(text:)`` does.
    public init?(codedText text: String) { self.init(text: text) }
    /// Written as ``digits``.
    public var codedText: String { digits }
    /// What a stored string must be.
    public static var codedMeaning: String { "a weekday schedule" }
}
