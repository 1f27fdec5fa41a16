import Foundation
import Testing

@testable import WeftCalendar

/// Paths to the iCalendar fixtures (Tests/Fixtures/ical), found relative to this file.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/ical")

    /// Path of `calendars/<name>.ics`.
    static func calendarPath(_ name: String) -> String {
        directory.appendingPathComponent("calendars/\(name).ics").path
    }

    /// Loads a fixture calendar with the given configured zone.
    static func load(_ name: String, zone: String, me: [String] = []) throws -> ICalendar {
        let timeZone = try #require(TimeZone(identifier: zone))
        return try ICalendar.load(
            path: calendarPath(name), calendarName: "Test", options: CalendarOptions(timeZone: timeZone, me: me))
    }
}

/// Builders for dates in tests, always in an explicit zone.
enum When {
    static func date(_ zone: String, _ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? TimeZone(secondsFromGMT: 0)!
        return calendar.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: mi, second: s))!
    }

    static func utc(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> Date {
        date("UTC", y, m, d, h, mi, s)
    }

    /// `yyyy-MM-dd HH:mm` of a date in a zone, for readable failure messages.
    static func show(_ date: Date, _ zone: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: zone)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter.string(from: date)
    }
}

/// Builds small calendars inline for focused tests.
enum ICS {
    static func calendar(_ body: String, extraHeader: String = "") -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//weft tests//EN\r\n\(extraHeader)\(body)END:VCALENDAR\r\n"
    }

    static func event(_ lines: String...) -> String {
        "BEGIN:VEVENT\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VEVENT\r\n"
    }

    static func parse(
        _ text: String, zone: String = "Europe/Berlin", me: [String] = [], includeAllDay: Bool = true,
        includeTransparent: Bool = true, file: String = "inline.ics"
    ) throws -> ICalendar {
        let timeZone = try #require(TimeZone(identifier: zone))
        return try ICalendar.parse(
            text, file: file, calendarName: "Inline",
            options: CalendarOptions(
                timeZone: timeZone, me: me, includeAllDay: includeAllDay, includeTransparent: includeTransparent))
    }
}

extension ICalendar {
    /// The next two events at `now` as the calendar provider and `weft calendar next` find them (``NextUp/search``,
    /// all-day events included), looking at most `horizon` ahead.
    func nextTwo(now: Date, horizon: TimeInterval = 400 * 86_400) -> (
        next: CalendarOccurrence?, then: CalendarOccurrence?
    ) {
        let found = NextUp.search(self, now: now, count: 2, horizon: horizon, allDay: .include)
        return (found.first, found.dropFirst().first)
    }
}
