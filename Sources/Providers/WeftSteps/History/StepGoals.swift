import Foundation

/// Daily step goals: one for weekdays, one for weekend days (configurable which days those are).
struct StepGoals: Sendable, Hashable, Codable {
    /// The goal on weekdays.
    var weekday: Int
    /// The goal on weekend days.
    var weekend: Int
    /// Weekend days, 1 = Sunday … 7 = Saturday: Foundation's numbering, kept because snapshots store it.
    var weekendDays: Set<Int>

    /// Creates goals; the weekend goal defaults to the weekday goal and the weekend to Saturday and Sunday.
    init(weekday: Int = 10_000, weekend: Int? = nil, weekendDays: Set<Int> = [1, 7]) {
        self.weekday = weekday
        self.weekend = weekend ?? weekday
        self.weekendDays = weekendDays
    }

    /// The goal that applies to a day.
    func goal(for day: StepDay) -> Int {
        // ISO 1 (Monday) … 7 (Sunday) to Foundation's 1 (Sunday) … 7 (Saturday).
        weekendDays.contains(day.weekday % 7 + 1) ? weekend : weekday
    }

    private enum CodingKeys: String, CodingKey {
        case weekday, weekend, weekendDays
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        weekday = try container.decode(Int.self, forKey: .weekday)
        weekend = try container.decode(Int.self, forKey: .weekend)
        weekendDays = Set(try container.decode([Int].self, forKey: .weekendDays))
    }

    /// Encodes weekend days sorted, so equal goals give equal bytes.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(weekday, forKey: .weekday)
        try container.encode(weekend, forKey: .weekend)
        try container.encode(weekendDays.sorted(), forKey: .weekendDays)
    }

    /// Parses weekday names (`sat`, `Sunday`, …) into weekday numbers; nil names an unknown day.
    static func weekdayNumber(_ name: String) -> Int? {
        let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        let prefix = String(name.lowercased().trimmingCharacters(in: .whitespaces).prefix(3))
        return names.firstIndex(of: prefix).map { $0 + 1 }
    }
}
