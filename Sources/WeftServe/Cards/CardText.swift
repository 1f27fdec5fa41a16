import Foundation
import WeftPrimitives

/// Small text forms the cards share: grouped integers, local times and dates in the board's zone.
enum CardText {
    /// `12,345`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// `09:30` in `zone`.
    static func time(_ date: Date, in zone: TimeZone) -> String { LocalText.time(date, in: zone) }

    /// `Tue 10 Mar` in `zone`, the names in `catalog`'s language.
    static func date(_ date: Date, in zone: TimeZone, _ catalog: Catalog = .english) -> String {
        let parts = LocalTime.components(of: date, in: zone)
        return
            "\(LocalText.weekdayShort(parts.weekday, in: catalog)) \(parts.day) \(LocalText.monthShort(parts.month, in: catalog))"
    }

    /// `Tue 10 Mar 2026` for a local day number.
    static func day(_ day: Int64, _ catalog: Catalog = .english) -> String {
        let (year, month, dayOfMonth) = CivilDate.civil(fromDays: day)
        return "\(LocalText.weekdayShort(LocalDay.weekday(day), in: catalog)) \(dayOfMonth) "
            + "\(LocalText.monthShort(month, in: catalog)) \(year)"
    }

    /// `March 2026`.
    static func monthTitle(year: Int, month: Int, _ catalog: Catalog = .english) -> String {
        "\(LocalText.month(month, in: catalog)) \(year)"
    }

    /// The abbreviation of a month.
    static func monthShort(_ month: Int, _ catalog: Catalog = .english) -> String {
        LocalText.monthShort(month, in: catalog)
    }
}
