import Foundation

/// Local times and English day and month names as weft's own texts print them (`weft status`, `calendar list`,
/// `steps history`, the dashboard, `__time`): the same in every locale, ASCII digits, no ICU formatter to build.
/// Templates that want the user's language use the `date` filter or `__weekday`, which follow `--locale`.
public enum LocalText {
    /// Weekday abbreviations, Monday first (ISO weekday 1 … 7).
    public static let weekdaysShort = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    /// Weekday names, Monday first.
    public static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    /// Month abbreviations, January first.
    public static let monthsShort = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Month names, January first.
    public static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// `09:30`: the 24-hour local time of `date` in `zone`.
    public static func time(_ date: Date, in zone: TimeZone) -> String {
        let parts = LocalTime.components(of: date, in: zone)
        return pad(parts.hour) + ":" + pad(parts.minute)
    }

    /// The abbreviation of an ISO weekday (1 = Monday … 7 = Sunday), taken modulo 7.
    public static func weekdayShort(_ isoWeekday: Int) -> String { weekdaysShort[(isoWeekday + 6) % 7] }

    /// The name of an ISO weekday (1 = Monday … 7 = Sunday), taken modulo 7.
    public static func weekday(_ isoWeekday: Int) -> String { weekdays[(isoWeekday + 6) % 7] }

    /// The abbreviation of a month (1 = January … 12), taken modulo 12.
    public static func monthShort(_ month: Int) -> String { monthsShort[(month + 11) % 12] }

    /// The name of a month (1 = January … 12), taken modulo 12.
    public static func month(_ month: Int) -> String { months[(month + 11) % 12] }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
