import Foundation
import Testing

/// A calendar large enough to be read in pieces, whose libical trees are freed as soon as their events are read
/// (issue 31): the events keep the zones of the file's own VTIMEZONE, and a year of it is listed as it is made.
@Suite("calendar, a large file")
struct CalendarLargeFileTests {
    /// 3,000 single events and an open-ended daily series, all in a VTIMEZONE of the file's own (+05:30, a name no
    /// system zone has), in about 600 KB: above the 256 KB from which a file is cut into pieces.
    static func text() -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let first = calendar.date(from: DateComponents(year: 2026, month: 1, day: 1)) ?? Date()
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//weft tests//EN", "BEGIN:VTIMEZONE", "TZID:Weft/Half Hour",
            "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530", "END:STANDARD",
            "END:VTIMEZONE", "BEGIN:VEVENT", "UID:daily@large", "SUMMARY:Daily",
            "DTSTART;TZID=Weft/Half Hour:20200101T080000", "DURATION:PT15M", "RRULE:FREQ=DAILY", "END:VEVENT",
        ]
        for index in 0..<3_000 {
            let day = calendar.date(byAdding: .day, value: index % 365, to: first) ?? first
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            let date = String(format: "%04d%02d%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
            lines += [
                "BEGIN:VEVENT", "UID:single-\(index)@large", "DTSTAMP:20260101T000000Z", "SUMMARY:Single \(index)",
                "DESCRIPTION:An event of a large calendar\\, padded so that the file is cut into several pieces",
                "DTSTART;TZID=Weft/Half Hour:\(date)T\(String(format: "%02d", 9 + index % 8))0000", "DURATION:PT1H",
                "END:VEVENT",
            ]
        }
        lines.append("END:VCALENDAR")
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    @Test func aYearOfALargeFileKeepsItsOwnZone() async throws {
        let box = try Sandbox()
        let text = Self.text()
        #expect(text.utf8.count > 2 * 256 * 1024)
        try box.write("large.ics", text)
        let list = await box.weft(arguments: [
            "calendar", "list", box.path("large.ics"), "--from", "2026-01-01", "--days", "365", "--tz", "UTC",
            "--now", "2026-01-01T00:00:00Z", "--json",
        ])
        #expect(list.exitCode == 0, "\(list)")
        let events = try #require(
            try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let titles = events.compactMap { $0["title"] as? String }
        #expect(titles.filter { $0 == "Daily" }.count == 365)
        #expect(titles.filter { $0.hasPrefix("Single ") }.count == 3_000)
        // 09:00 to 16:00 and 08:00 at +05:30 are half past the hour in UTC; a zone lost with its tree would not be.
        let starts = events.compactMap { $0["start"] as? String }
        #expect(starts.count == 3_365)
        #expect(starts.allSatisfy { $0.contains(":30:00") }, "\(starts.filter { !$0.contains(":30:00") }.prefix(3))")
        #expect(starts.contains("2026-01-01T02:30:00Z"))
        #expect(starts == starts.sorted())

        let next = await box.weft(arguments: [
            "calendar", "next", box.path("large.ics"), "--tz", "UTC", "--now", "2026-07-01T03:00:00Z", "--json",
        ])
        #expect(next.exitCode == 0, "\(next)")
        #expect(next.stdout.contains("2026-07-01T03:30:00Z"), "\(next.stdout)")
    }
}
