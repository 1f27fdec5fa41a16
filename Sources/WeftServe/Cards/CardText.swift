import Foundation
import WeftPrimitives

/// Small text forms the cards share: grouped integers, local times and dates in the board's zone.
enum CardText {
    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

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
    static func time(_ date: Date, in zone: TimeZone) -> String {
        let parts = LocalTime.components(of: date, in: zone)
        return pad(parts.hour) + ":" + pad(parts.minute)
    }

    /// `Tue 10 Mar` in `zone`.
    static func date(_ date: Date, in zone: TimeZone) -> String {
        let parts = LocalTime.components(of: date, in: zone)
        return "\(weekdays[(parts.weekday + 6) % 7]) \(parts.day) \(months[(parts.month + 11) % 12])"
    }

    /// `Tue 10 Mar 2026` for a local day number.
    static func day(_ day: Int64) -> String {
        let (year, month, dayOfMonth) = CivilDate.civil(fromDays: day)
        return "\(weekdays[(LocalDay.weekday(day) + 6) % 7]) \(dayOfMonth) \(months[(month + 11) % 12]) \(year)"
    }

    /// `March 2026`.
    static func monthTitle(year: Int, month: Int) -> String {
        let names = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        return "\(names[(month + 11) % 12]) \(year)"
    }

    /// The first three letters of a month.
    static func monthShort(_ month: Int) -> String { months[(month + 11) % 12] }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
