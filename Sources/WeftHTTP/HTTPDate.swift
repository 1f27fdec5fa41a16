import Foundation
import WeftPrimitives

/// Parses and formats HTTP-dates (RFC 9110 §5.6.7) without DateFormatter, so the result never depends on locale.
enum HTTPDate {
    // RFC 9110's day and month names are LocalText's English abbreviations; months are matched in any case.
    private static let months = LocalText.monthsShort.map { $0.lowercased() }

    /// Parses IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) or asctime.
    static func parse(_ text: String) -> Date? {
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard let first = tokens.first else { return nil }
        let day: Int?
        let month: Int?
        let year: Int?
        let time: String
        if first.hasSuffix(",") {
            tokens.removeFirst()
            guard tokens.last.map(isUTCZone) == true else { return nil }
            tokens.removeLast()
            if tokens.count == 4 {
                day = Int(tokens[0])
                month = monthNumber(tokens[1])
                year = Int(tokens[2])
                time = tokens[3]
            } else if tokens.count == 2 {
                let parts = tokens[0].split(separator: "-").map(String.init)
                guard parts.count == 3, let twoDigit = Int(parts[2]) else { return nil }
                day = Int(parts[0])
                month = monthNumber(parts[1])
                // RFC 850 years have two digits; read them in the window 1970–2069.
                year = parts[2].count == 2 ? (twoDigit < 70 ? 2000 + twoDigit : 1900 + twoDigit) : twoDigit
                time = tokens[1]
            } else {
                return nil
            }
        } else if tokens.count == 5 {
            month = monthNumber(tokens[1])
            day = Int(tokens[2])
            time = tokens[3]
            year = Int(tokens[4])
        } else {
            return nil
        }
        let clock = time.split(separator: ":").map { Int($0) }
        guard let day, let month, let year, clock.count == 3,
            let hour = clock[0], let minute = clock[1], let second = clock[2],
            (1...31).contains(day), (1...12).contains(month), (1...9999).contains(year),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            CivilDate.isValid(year: year, month: month, day: day)
        else { return nil }
        let days = Int(CivilDate.daysFromCivil(year: year, month: month, day: day))
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Formats a date as an IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    static func format(_ date: Date) -> String {
        let total = Instant.wholeSeconds(date)
        let days = total.floorDiv(86_400)
        let secondsOfDay = Int(total - days * 86_400)
        let (year, month, day) = CivilDate.civil(fromDays: days)
        let weekday = LocalText.weekdayShort(LocalDay.weekday(days))
        let monthName = LocalText.monthShort(month)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(weekday), \(two(day)) \(monthName) \(yearText) \(two(secondsOfDay / 3600)):"
            + "\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60)) GMT"
    }

    private static func isUTCZone(_ token: String) -> Bool {
        ["GMT", "UTC", "UT", "Z", "+0000"].contains(token.uppercased())
    }

    private static func monthNumber(_ name: String) -> Int? {
        months.firstIndex(of: name.lowercased()).map { $0 + 1 }
    }
}
