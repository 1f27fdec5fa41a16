import Foundation
import Testing

@testable import WeftCalendar

/// Every example of RFC 5545 §3.8.5.3 with the dates the RFC lists, through the whole calendar path (libical
/// parses the file, the engine expands, DTSTART's America/New_York zone converts, UNTIL and EXDATE apply).
@Suite struct RFC5545ExampleTests {
    struct Example: CustomTestStringConvertible, Sendable {
        let name: String
        let start: String
        let rules: [String]
        var exdate: String? = nil
        /// Local `yyyyMMdd'T'HHmm` starts, the first ones of the series (all of them for a bounded rule).
        let expected: [String]
        /// The series has no more instances than `expected`.
        var bounded = true
        /// The query window ends on January 1 of this year.
        var windowEnd = 2008

        var testDescription: String { name }
    }

    /// `"199709", 2, 3` → `["19970902T0900", "19970903T0900"]`.
    static func days(_ month: String, _ days: [Int], at time: String = "0900") -> [String] {
        days.map { month + ($0 < 10 ? "0" : "") + "\($0)T" + time }
    }

    static func days(_ month: String, _ range: ClosedRange<Int>, at time: String = "0900") -> [String] {
        days(month, Array(range), at: time)
    }

    static let examples: [Example] = [
        Example(
            name: "Daily for 10 occurrences", start: "19970902T090000", rules: ["FREQ=DAILY;COUNT=10"],
            expected: days("199709", 2...11)),
        Example(
            name: "Daily until December 24, 1997", start: "19970902T090000",
            rules: ["FREQ=DAILY;UNTIL=19971224T000000Z"],
            expected: days("199709", 2...30) + days("199710", 1...31) + days("199711", 1...30)
                + days("199712", 1...23)),
        Example(
            name: "Every other day - forever", start: "19970902T090000", rules: ["FREQ=DAILY;INTERVAL=2"],
            expected: days("199709", Array(stride(from: 2, through: 30, by: 2)))
                + days("199710", Array(stride(from: 2, through: 30, by: 2)))
                + days("199711", Array(stride(from: 1, through: 29, by: 2)))
                + days("199712", Array(stride(from: 1, through: 21, by: 2))),
            bounded: false),
        Example(
            name: "Every 10 days, 5 occurrences", start: "19970902T090000", rules: ["FREQ=DAILY;INTERVAL=10;COUNT=5"],
            expected: days("199709", [2, 12, 22]) + days("199710", [2, 12])),
        Example(
            name: "Every day in January, for 3 years", start: "19980101T090000",
            rules: [
                "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA",
                "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1",
            ],
            expected: days("199801", 1...31) + days("199901", 1...31) + days("200001", 1...31)),
        Example(
            name: "Weekly for 10 occurrences", start: "19970902T090000", rules: ["FREQ=WEEKLY;COUNT=10"],
            expected: days("199709", [2, 9, 16, 23, 30]) + days("199710", [7, 14, 21, 28]) + days("199711", [4])),
        Example(
            name: "Weekly until December 24, 1997", start: "19970902T090000",
            rules: ["FREQ=WEEKLY;UNTIL=19971224T000000Z"],
            expected: days("199709", [2, 9, 16, 23, 30]) + days("199710", [7, 14, 21, 28])
                + days("199711", [4, 11, 18, 25]) + days("199712", [2, 9, 16, 23])),
        Example(
            name: "Every other week - forever", start: "19970902T090000", rules: ["FREQ=WEEKLY;INTERVAL=2;WKST=SU"],
            expected: days("199709", [2, 16, 30]) + days("199710", [14, 28]) + days("199711", [11, 25])
                + days("199712", [9, 23]) + days("199801", [6, 20]) + days("199802", [3, 17]),
            bounded: false),
        Example(
            name: "Weekly on Tuesday and Thursday for five weeks", start: "19970902T090000",
            rules: [
                "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH", "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH",
            ],
            expected: days("199709", [2, 4, 9, 11, 16, 18, 23, 25, 30]) + days("199710", [2])),
        Example(
            name: "Every other week on Monday, Wednesday, and Friday until December 24, 1997", start: "19970901T090000",
            rules: ["FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR"],
            expected: days("199709", [1, 3, 5, 15, 17, 19, 29]) + days("199710", [1, 3, 13, 15, 17, 27, 29, 31])
                + days("199711", [10, 12, 14, 24, 26, 28]) + days("199712", [8, 10, 12, 22])),
        Example(
            name: "Every other week on Tuesday and Thursday, for 8 occurrences", start: "19970902T090000",
            rules: ["FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH"],
            expected: days("199709", [2, 4, 16, 18, 30]) + days("199710", [2, 14, 16])),
        Example(
            name: "Monthly on the first Friday for 10 occurrences", start: "19970905T090000",
            rules: ["FREQ=MONTHLY;COUNT=10;BYDAY=1FR"],
            expected: days("199709", [5]) + days("199710", [3]) + days("199711", [7]) + days("199712", [5])
                + days("199801", [2]) + days("199802", [6]) + days("199803", [6]) + days("199804", [3])
                + days("199805", [1]) + days("199806", [5])),
        Example(
            name: "Monthly on the first Friday until December 24, 1997", start: "19970905T090000",
            rules: ["FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR"],
            expected: days("199709", [5]) + days("199710", [3]) + days("199711", [7]) + days("199712", [5])),
        Example(
            name: "Every other month on the first and last Sunday of the month for 10 occurrences",
            start: "19970907T090000", rules: ["FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU"],
            expected: days("199709", [7, 28]) + days("199711", [2, 30]) + days("199801", [4, 25])
                + days("199803", [1, 29]) + days("199805", [3, 31])),
        Example(
            name: "Monthly on the second-to-last Monday of the month for 6 months", start: "19970922T090000",
            rules: ["FREQ=MONTHLY;COUNT=6;BYDAY=-2MO"],
            expected: days("199709", [22]) + days("199710", [20]) + days("199711", [17]) + days("199712", [22])
                + days("199801", [19]) + days("199802", [16])),
        Example(
            name: "Monthly on the third-to-the-last day of the month, forever", start: "19970928T090000",
            rules: ["FREQ=MONTHLY;BYMONTHDAY=-3"],
            expected: days("199709", [28]) + days("199710", [29]) + days("199711", [28]) + days("199712", [29])
                + days("199801", [29]) + days("199802", [26]),
            bounded: false),
        Example(
            name: "Monthly on the 2nd and 15th of the month for 10 occurrences", start: "19970902T090000",
            rules: ["FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15"],
            expected: days("199709", [2, 15]) + days("199710", [2, 15]) + days("199711", [2, 15])
                + days("199712", [2, 15]) + days("199801", [2, 15])),
        Example(
            name: "Monthly on the first and last day of the month for 10 occurrences", start: "19970930T090000",
            rules: ["FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1"],
            expected: days("199709", [30]) + days("199710", [1, 31]) + days("199711", [1, 30])
                + days("199712", [1, 31]) + days("199801", [1, 31]) + days("199802", [1])),
        Example(
            name: "Every 18 months on the 10th thru 15th of the month for 10 occurrences", start: "19970910T090000",
            rules: ["FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15"],
            expected: days("199709", 10...15) + days("199903", 10...13)),
        Example(
            name: "Every Tuesday, every other month", start: "19970902T090000",
            rules: ["FREQ=MONTHLY;INTERVAL=2;BYDAY=TU"],
            expected: days("199709", [2, 9, 16, 23, 30]) + days("199711", [4, 11, 18, 25])
                + days("199801", [6, 13, 20, 27]) + days("199803", [3, 10, 17, 24, 31]),
            bounded: false),
        Example(
            name: "Yearly in June and July for 10 occurrences", start: "19970610T090000",
            rules: ["FREQ=YEARLY;COUNT=10;BYMONTH=6,7"],
            expected: (1997...2001).flatMap { days("\($0)06", [10]) + days("\($0)07", [10]) }),
        Example(
            name: "Every other year on January, February, and March for 10 occurrences", start: "19970310T090000",
            rules: ["FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3"],
            expected: days("199703", [10])
                + [1999, 2001, 2003].flatMap { days("\($0)01", [10]) + days("\($0)02", [10]) + days("\($0)03", [10]) }),
        Example(
            name: "Every third year on the 1st, 100th, and 200th day for 10 occurrences", start: "19970101T090000",
            rules: ["FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200"],
            expected: days("199701", [1]) + days("199704", [10]) + days("199707", [19]) + days("200001", [1])
                + days("200004", [9]) + days("200007", [18]) + days("200301", [1]) + days("200304", [10])
                + days("200307", [19]) + days("200601", [1])),
        Example(
            name: "Every 20th Monday of the year, forever", start: "19970519T090000", rules: ["FREQ=YEARLY;BYDAY=20MO"],
            expected: days("199705", [19]) + days("199805", [18]) + days("199905", [17]), bounded: false),
        Example(
            name: "Monday of week number 20 (where the default start of the week is Monday), forever",
            start: "19970512T090000", rules: ["FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO"],
            expected: days("199705", [12]) + days("199805", [11]) + days("199905", [17]), bounded: false),
        Example(
            name: "Every Thursday in March, forever", start: "19970313T090000",
            rules: ["FREQ=YEARLY;BYMONTH=3;BYDAY=TH"],
            expected: days("199703", [13, 20, 27]) + days("199803", [5, 12, 19, 26]) + days("199903", [4, 11, 18, 25]),
            bounded: false),
        Example(
            name: "Every Thursday, but only during June, July, and August, forever", start: "19970605T090000",
            rules: ["FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8"],
            expected: days("199706", [5, 12, 19, 26]) + days("199707", [3, 10, 17, 24, 31])
                + days("199708", [7, 14, 21, 28]) + days("199806", [4, 11, 18, 25])
                + days("199807", [2, 9, 16, 23, 30])
                + days("199808", [6, 13, 20, 27]) + days("199906", [3, 10, 17, 24])
                + days("199907", [1, 8, 15, 22, 29])
                + days("199908", [5, 12, 19, 26]),
            bounded: false),
        Example(
            name: "Every Friday the 13th, forever", start: "19970902T090000",
            rules: ["FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13"],
            exdate: "19970902T090000",
            expected: days("199802", [13]) + days("199803", [13]) + days("199811", [13]) + days("199908", [13])
                + days("200010", [13]),
            bounded: false),
        Example(
            name: "The first Saturday that follows the first Sunday of the month, forever", start: "19970913T090000",
            rules: ["FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13"],
            expected: days("199709", [13]) + days("199710", [11]) + days("199711", [8]) + days("199712", [13])
                + days("199801", [10]) + days("199802", [7]) + days("199803", [7]) + days("199804", [11])
                + days("199805", [9]) + days("199806", [13]),
            bounded: false),
        Example(
            name:
                "Every 4 years, the first Tuesday after a Monday in November, forever (U.S. Presidential Election day)",
            start: "19961105T090000", rules: ["FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8"],
            expected: days("199611", [5]) + days("200011", [7]) + days("200411", [2]), bounded: false),
        Example(
            name: "The third instance into the month of one of Tuesday, Wednesday, or Thursday, for the next 3 months",
            start: "19970904T090000", rules: ["FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3"],
            expected: days("199709", [4]) + days("199710", [7]) + days("199711", [6])),
        Example(
            name: "The second-to-last weekday of the month", start: "19970929T090000",
            rules: ["FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2"],
            expected: days("199709", [29]) + days("199710", [30]) + days("199711", [27]) + days("199712", [30])
                + days("199801", [29]) + days("199802", [26]) + days("199803", [30]),
            bounded: false),
        // The RFC lists 09:00, 12:00 and 15:00 here, but its UNTIL (17:00Z) is 13:00 in New York (EDT), before
        // 15:00: a known erratum. The UTC UNTIL is what counts.
        Example(
            name: "Every 3 hours from 9:00 AM to 5:00 PM on a specific day", start: "19970902T090000",
            rules: ["FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z"],
            expected: days("199709", [2], at: "0900") + days("199709", [2], at: "1200")),
        Example(
            name: "Every 15 minutes for 6 occurrences", start: "19970902T090000",
            rules: ["FREQ=MINUTELY;INTERVAL=15;COUNT=6"],
            expected: ["0900", "0915", "0930", "0945", "1000", "1015"].flatMap { days("199709", [2], at: $0) }),
        Example(
            name: "Every hour and a half for 4 occurrences", start: "19970902T090000",
            rules: ["FREQ=MINUTELY;INTERVAL=90;COUNT=4"],
            expected: ["0900", "1030", "1200", "1330"].flatMap { days("199709", [2], at: $0) }),
        Example(
            name: "Every 20 minutes from 9:00 AM to 4:40 PM every day", start: "19970902T090000",
            rules: [
                "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40",
                "FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16",
            ],
            expected: [2, 3].flatMap { day in
                (9...16).flatMap { hour in
                    [0, 20, 40].flatMap { minute in
                        days("199709", [day], at: String(format: "%02d%02d", hour, minute))
                    }
                }
            },
            bounded: false, windowEnd: 1998),
        Example(
            name: "WKST=MO: every other week on Tuesday and Sunday", start: "19970805T090000",
            rules: ["FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO"], expected: days("199708", [5, 10, 19, 24])),
        Example(
            name: "WKST=SU: every other week on Tuesday and Sunday", start: "19970805T090000",
            rules: ["FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU"], expected: days("199708", [5, 17, 19, 31])),
        Example(
            name: "An invalid date (February 30) is ignored", start: "20070115T090000",
            rules: ["FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5"],
            expected: days("200701", [15, 30]) + days("200702", [15]) + days("200703", [15, 30])),
    ]

    private static let zone = "America/New_York"

    private func local(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: Self.zone)
        formatter.dateFormat = "yyyyMMdd'T'HHmm"
        return formatter.string(from: date)
    }

    @Test("RFC 5545 §3.8.5.3 example", arguments: examples)
    func example(_ example: Example) throws {
        for rule in example.rules {
            var lines = ["UID:rfc", "SUMMARY:RFC", "DTSTART;TZID=\(Self.zone):\(example.start)", "RRULE:\(rule)"]
            if let exdate = example.exdate { lines.append("EXDATE;TZID=\(Self.zone):\(exdate)") }
            let text = ICS.calendar(
                "BEGIN:VEVENT\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VEVENT\r\n")
            let calendar = try ICS.parse(text, zone: Self.zone)
            let found = calendar.occurrences(overlapping: When.utc(1996, 1, 1), When.utc(example.windowEnd, 1, 1)).map {
                local($0.start)
            }
            let shown = example.bounded ? found : Array(found.prefix(example.expected.count))
            #expect(shown == example.expected, "\(rule)")
            #expect(calendar.warnings.isEmpty, "\(calendar.warnings)")
        }
    }
}
