import Foundation

/// Local times and day and month names as weft's own texts print them (`weft status`, `calendar list`,
/// `steps history`, the dashboard, `__time`): ASCII digits, no ICU formatter to build; names in English, or in a
/// catalog's language (the `in:` forms). Templates can also use the `date` filter or `__weekday`, which follow
/// `--locale`.
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

    /// The abbreviation of an ISO weekday in `catalog`'s language.
    public static func weekdayShort(_ isoWeekday: Int, in catalog: Catalog) -> String {
        pick(catalog.text("Mon|Tue|Wed|Thu|Fri|Sat|Sun"), (isoWeekday + 6) % 7, english: weekdaysShort)
    }

    /// The name of an ISO weekday in `catalog`'s language.
    public static func weekday(_ isoWeekday: Int, in catalog: Catalog) -> String {
        pick(
            catalog.text("Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday"), (isoWeekday + 6) % 7,
            english: weekdays)
    }

    /// The abbreviation of a month in `catalog`'s language.
    public static func monthShort(_ month: Int, in catalog: Catalog) -> String {
        pick(catalog.text("Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec"), (month + 11) % 12, english: monthsShort)
    }

    /// The name of a month in `catalog`'s language.
    public static func month(_ month: Int, in catalog: Catalog) -> String {
        pick(
            catalog.text("January|February|March|April|May|June|July|August|September|October|November|December"),
            (month + 11) % 12, english: months)
    }

    /// The weekdays' initials, Monday first, in `catalog`'s language (a calendar's column heads).
    public static func weekdayInitials(in catalog: Catalog) -> [String] {
        let english = ["M", "T", "W", "T", "F", "S", "S"]
        let names = catalog.text("M|T|W|T|F|S|S").split(separator: "|", omittingEmptySubsequences: false)
        return names.count == 7 && !names.contains(where: \.isEmpty) ? names.map(String.init) : english
    }

    /// Entry `index` of a translated `|`-separated list (one msgid for a whole list, so `May` the month and `May`
    /// the abbreviation can differ in a language); English when the translation lacks the entry.
    private static func pick(_ list: String, _ index: Int, english: [String]) -> String {
        let names = list.split(separator: "|", omittingEmptySubsequences: false)
        guard names.count == english.count, index >= 0, index < names.count, !names[index].isEmpty else {
            return english[(index % english.count + english.count) % english.count]
        }
        return String(names[index])
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
