import Foundation

/// Parses and formats HTTP-dates (RFC 9110 §5.6.7) without DateFormatter, so the result never depends on locale.
public enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]  // 1970-01-01 was a Thursday

    /// Parses IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) or asctime.
    public static func parse(_ text: String) -> Date? {
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
            day <= daysInMonth(month, year: year)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59)
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Formats a date as an IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    public static func format(_ date: Date) -> String {
        let total = Int(date.timeIntervalSince1970.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondsOfDay = total - days * 86_400
        let (year, month, day) = civilFromDays(days)
        let weekday = weekdays[((days % 7) + 7) % 7]
        let monthName = months[month - 1].prefix(1).uppercased() + months[month - 1].dropFirst()
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

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days: proleptic Gregorian, day 0 = 1970-01-01.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
