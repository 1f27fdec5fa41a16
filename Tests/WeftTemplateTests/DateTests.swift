import Foundation
import Testing
import WeftTestSupport

@testable import WeftTemplate

private let pinnedSeconds = 1_773_135_000
/// 2026-03-10T00:00 in Berlin.
private let berlinMidnight = 1_773_097_200

private func parse(_ text: String, now: Date = pinnedNow, timeZone: TimeZone = berlin) -> Double? {
    TemplateDate.parse(text, context: context(now: now, timeZone: timeZone))?.timeIntervalSince1970
}

/// Unix seconds `offset` away from the pinned now, as a template value.
private func at(_ offset: Int) -> String {
    String(pinnedSeconds + offset)
}

@Suite("Date parser")
struct TemplateDateTests {
    @Test func words() {
        #expect(parse("now") == Double(pinnedSeconds))
        #expect(parse(" NOW ") == Double(pinnedSeconds))
        #expect(parse("today") == Double(berlinMidnight))
        #expect(parse("Tomorrow") == Double(berlinMidnight + 86_400))
        #expect(parse("yesterday") == Double(berlinMidnight - 86_400))
    }

    @Test func wordsFollowTheTimeZone() {
        #expect(parse("today", timeZone: TimeZone(identifier: "UTC")!) == Double(berlinMidnight + 3600))
        #expect(parse("today", timeZone: TimeZone(identifier: "America/New_York")!) == 1_773_115_200)
    }

    @Test func tomorrowIsCalendarBasedAcrossDaylightSaving() {
        // 2026-03-29 12:00Z: Berlin switches to summer time that night, so the day has 23 hours.
        let now = Date(timeIntervalSince1970: 1_774_785_600)
        #expect(parse("today", now: now) == 1_774_738_800)
        #expect(parse("tomorrow", now: now) == Double(1_774_738_800 + 23 * 3600))
    }

    @Test func unixSecondsAndMilliseconds() {
        #expect(parse("1773135000") == Double(pinnedSeconds))
        #expect(parse("1773135000000") == Double(pinnedSeconds))
        #expect(parse("1,773,135,000") == Double(pinnedSeconds))
        #expect(parse("1773135000.5") == Double(pinnedSeconds) + 0.5)
        #expect(parse("-1773135000000") == -Double(pinnedSeconds))
        #expect(parse("0x1F") == 31)
    }

    @Test func millisecondThresholdIsAbove1e11() {
        #expect(parse("100000000000") == 100_000_000_000)
        #expect(abs((parse("100000000001") ?? 0) - 100_000_000.001) < 1e-6)
    }

    @Test func numbersComeBeforeOtherForms() {
        // A bare year is a number, so it is Unix seconds, not a date.
        #expect(parse("2026") == 2026)
    }

    @Test func isoWithZone() {
        #expect(parse("2026-03-10T09:30:00Z") == Double(pinnedSeconds))
        #expect(parse("2026-03-10T09:30:00.250Z") == Double(pinnedSeconds) + 0.25)
        #expect(parse("2026-03-10T09:30:00.123456789Z") == Double(pinnedSeconds) + 0.123_456_789)
        #expect(parse("2026-03-10T10:30:00+01:00") == Double(pinnedSeconds))
        #expect(parse("2026-03-10T10:30:00+0100") == Double(pinnedSeconds))
        #expect(parse("2026-03-10T04:30:00-05:00") == Double(pinnedSeconds))
        #expect(parse("2026-03-10T04:30:00.5-05:00") == Double(pinnedSeconds) + 0.5)
        #expect(parse("1969-12-31T23:59:59Z") == -1)
    }

    @Test func isoWithoutZoneIsNotADate() {
        #expect(parse("2026-03-10T09:30:00") == nil)
        #expect(parse("2026-03-10T09:30:00.5") == nil)
    }

    @Test func malformedIsoIsNotADate() {
        #expect(parse("2026-02-30T09:30:00Z") == nil)
        #expect(parse("2026-13-10T09:30:00Z") == nil)
        #expect(parse("2026-03-10T24:00:00Z") == nil)
        #expect(parse("2026-03-10T09:30Z") == nil)
        #expect(parse("2026-03-10T09:30:00Zjunk") == nil)
        #expect(parse("2026-03-10T09:30:00.Z") == nil)
    }

    @Test func localDates() {
        #expect(parse("2026-03-10") == Double(berlinMidnight))
        #expect(parse("2026/03/10") == Double(berlinMidnight))
        #expect(parse("2026-03-10 10:30") == Double(pinnedSeconds))
        #expect(parse("2026/03/10 10:30") == Double(pinnedSeconds))
        #expect(parse("2026-03-10 10:30:15") == Double(pinnedSeconds + 15))
        #expect(parse("2026/03/10 10:30:15") == Double(pinnedSeconds + 15))
        #expect(parse("2026-3-5") == Double(berlinMidnight - 5 * 86_400))
        #expect(parse("2028-02-29") != nil)
    }

    @Test func malformedLocalDates() {
        #expect(parse("2026-03/10") == nil)
        #expect(parse("2026-02-29") == nil)
        #expect(parse("2026-04-31") == nil)
        #expect(parse("26-03-10") == nil)
        #expect(parse("2026-03-10 25:00") == nil)
        #expect(parse("2026-03-10 10") == nil)
        #expect(parse("2026-03-10T10:30") == nil)
    }

    @Test func clockTimesAreToday() {
        #expect(parse("7:05") == Double(berlinMidnight + 7 * 3600 + 5 * 60))
        #expect(parse("07:05") == Double(berlinMidnight + 7 * 3600 + 5 * 60))
        #expect(parse("23:59") == Double(berlinMidnight + 23 * 3600 + 59 * 60))
        #expect(parse("0:00") == Double(berlinMidnight))
    }

    @Test func malformedClockTimes() {
        #expect(parse("24:00") == nil)
        #expect(parse("7:60") == nil)
        #expect(parse("7:5") == nil)
        #expect(parse("123:00") == nil)
    }

    @Test func everythingElseIsNotADate() {
        #expect(parse("") == nil)
        #expect(parse("soon") == nil)
        #expect(parse("inf") == nil)
        #expect(parse("next tuesday") == nil)
    }
}

@Suite("date filter")
struct DateFilterTests {
    private let iso = "2026-03-10T09:30:00Z"

    @Test func mediumStyleWithoutPattern() {
        #expect(render("{{t||date}}", ["t": iso]) == "Mar 10, 2026")
    }

    @Test func patterns() {
        #expect(render("{{t||date:HH:mm}}", ["t": iso]) == "10:30")
        #expect(render("{{t||date:EEE}}", ["t": iso]) == "Tue")
        #expect(render("{{t||date:yyyy-MM-dd}}", ["t": iso]) == "2026-03-10")
        #expect(render("{{t||date:MMM d}}", ["t": iso]) == "Mar 10")
        #expect(render("{{t||date:EEE}} {{t||date: HH:mm }}", ["t": iso]) == "Tue 10:30")
    }

    @Test func mixedPatternsInOneTemplate() {
        let template = "{{t||date}} {{t||date:HH:mm}} {{t||date}} {{t||date:EEE}}"
        #expect(render(template, ["t": iso]) == "Mar 10, 2026 10:30 Mar 10, 2026 Tue")
    }

    @Test func usesTheRenderTimeZoneAndLocale() {
        #expect(render("{{t||date:HH:mm}}", ["t": iso], timeZone: TimeZone(identifier: "UTC")!) == "09:30")
        #expect(render("{{t||date:EEEE}}", ["t": iso], locale: "de_DE") == "Dienstag")
    }

    @Test func anyAcceptedFormWorks() {
        #expect(render("{{x|today|date:yyyy-MM-dd HH:mm}}") == "2026-03-10 00:00")
        #expect(render("{{x|1773135000000|date:HH:mm:ss}}") == "10:30:00")
        #expect(render("{{x|7:05|date:h:mm a}}") == "7:05 AM")
    }

    @Test func notADatePassesThrough() {
        #expect(render("{{x|soon|date:HH:mm}}") == "soon")
        #expect(render("{{missing||date}}") == "")
    }
}

@Suite("until and since filters")
struct DeltaFilterTests {
    @Test func daysUntilCeilsFutureAndFloorsPast() {
        #expect(render("{{t||daysuntil}}", ["t": "2026-03-11T09:30:00Z"]) == "1")
        #expect(render("{{t||daysuntil}}", ["t": "2026-03-10T09:30:01Z"]) == "1")
        #expect(render("{{t||daysuntil}}", ["t": "now"]) == "0")
        #expect(render("{{t||daysuntil}}", ["t": "2026-03-10T09:29:59Z"]) == "-1")
        #expect(render("{{t||daysuntil}}", ["t": "2026-03-09T09:30:00Z"]) == "-1")
        #expect(render("{{t||daysuntil}}", ["t": "2026-03-09T09:29:59Z"]) == "-2")
    }

    @Test func daysUntilLocalDates() {
        // Midnight of the 12th in Berlin is 1 day 13.5 hours away.
        #expect(render("{{t||daysuntil}}", ["t": "2026-03-12"]) == "2")
        #expect(render("{{t||daysuntil}}", ["t": "tomorrow"]) == "1")
        #expect(render("{{t||daysuntil}}", ["t": "today"]) == "-1")
    }

    @Test func hoursAndMinutesUntil() {
        #expect(render("{{t||hoursuntil}}", ["t": "2026-03-10T11:00:00Z"]) == "2")
        #expect(render("{{t||hoursuntil}}", ["t": "2026-03-10T08:00:00Z"]) == "-2")
        #expect(render("{{t||minutesuntil}}", ["t": "10:45"]) == "15")
        #expect(render("{{t||minutesuntil}}", ["t": at(30)]) == "1")
        #expect(render("{{t||minutesuntil}}", ["t": at(-30)]) == "-1")
    }

    @Test func sinceIsTheReverseDelta() {
        #expect(render("{{t||sincedays}}", ["t": "2026-03-09T09:30:00Z"]) == "1")
        #expect(render("{{t||sincedays}}", ["t": at(1)]) == "-1")
        #expect(render("{{t||sincehours}}", ["t": "yesterday"]) == "35")
        #expect(render("{{t||sinceminutes}}", ["t": "10:00"]) == "30")
        #expect(render("{{t||sinceminutes}}", ["t": "1773134940000"]) == "1")
    }

    @Test func notADatePassesThrough() {
        for filter in ["daysuntil", "hoursuntil", "minutesuntil", "sincedays", "sincehours", "sinceminutes"] {
            #expect(render("{{t||\(filter)}}", ["t": "someday"]) == "someday", "\(filter)")
        }
    }

    /// Numbers print in exponent form from 1e21 on (NumberText), not as hundreds of digits.
    @Test func hugeTimestampsPrintAsNumbers() {
        let days = render("{{t||daysuntil}}", ["t": "1e300"])
        #expect(days.hasPrefix("1.157407407407"))
        #expect(days.hasSuffix("e+292"))
        #expect(render("{{t||sincedays}}", ["t": "1e300"]).hasPrefix("-1.157407407407"))
    }
}

@Suite("relative filter")
struct RelativeFilterTests {
    @Test func underAMinuteIsNow() {
        #expect(render("{{t||relative}}", ["t": "now"]) == "now")
        #expect(render("{{t||relative}}", ["t": at(59)]) == "now")
        #expect(render("{{t||relative}}", ["t": at(-59)]) == "now")
    }

    @Test func minutesAndHours() {
        #expect(render("{{t||relative}}", ["t": at(60)]) == "in 1 minute")
        #expect(render("{{t||relative}}", ["t": at(-60)]) == "1 minute ago")
        #expect(render("{{t||relative}}", ["t": at(5 * 60)]) == "in 5 minutes")
        #expect(render("{{t||relative}}", ["t": at(59 * 60 + 59)]) == "in 59 minutes")
        #expect(render("{{t||relative}}", ["t": at(-2 * 3600)]) == "2 hours ago")
        #expect(render("{{t||relative}}", ["t": at(-(3600 + 59 * 60))]) == "1 hour ago")
    }

    @Test func daysWeeksMonthsYears() {
        let day = 86_400
        #expect(render("{{t||relative}}", ["t": at(day)]) == "in 1 day")
        #expect(render("{{t||relative}}", ["t": at(-3 * day)]) == "3 days ago")
        #expect(render("{{t||relative}}", ["t": at(8 * day)]) == "in 1 week")
        #expect(render("{{t||relative}}", ["t": at(29 * day)]) == "in 4 weeks")
        #expect(render("{{t||relative}}", ["t": at(45 * day)]) == "in 1 month")
        #expect(render("{{t||relative}}", ["t": at(364 * day)]) == "in 11 months")
        #expect(render("{{t||relative}}", ["t": at(-400 * day)]) == "1 year ago")
        #expect(render("{{t||relative}}", ["t": at(-800 * day)]) == "2 years ago")
    }

    @Test func acceptsEveryDateForm() {
        #expect(render("{{t||relative}}", ["t": "2026-03-10T09:35:00Z"]) == "in 5 minutes")
        #expect(render("{{t||relative}}", ["t": "tomorrow"]) == "in 13 hours")
        #expect(render("{{t||relative}}", ["t": "8:30"]) == "2 hours ago")
    }

    @Test func germanFrenchSpanish() {
        #expect(render("{{t||relative}}", ["t": at(300)], locale: "de_DE") == "in 5 Minuten")
        #expect(render("{{t||relative}}", ["t": at(-7200)], locale: "de_DE") == "vor 2 Stunden")
        #expect(render("{{t||relative}}", ["t": at(-3 * 86_400)], locale: "de_DE") == "vor 3 Tagen")
        #expect(render("{{t||relative}}", ["t": at(86_400)], locale: "de_DE") == "in 1 Tag")
        #expect(render("{{t||relative}}", ["t": "now"], locale: "de_DE") == "jetzt")
        #expect(render("{{t||relative}}", ["t": at(300)], locale: "fr_FR") == "dans 5 minutes")
        #expect(render("{{t||relative}}", ["t": at(-7200)], locale: "fr_FR") == "il y a 2 heures")
        #expect(render("{{t||relative}}", ["t": at(400 * 86_400)], locale: "fr_FR") == "dans 1 an")
        #expect(render("{{t||relative}}", ["t": "now"], locale: "fr_FR") == "maintenant")
        #expect(render("{{t||relative}}", ["t": at(300)], locale: "es_ES") == "dentro de 5 minutos")
        #expect(render("{{t||relative}}", ["t": at(-7200)], locale: "es_ES") == "hace 2 horas")
        #expect(render("{{t||relative}}", ["t": at(-86_400)], locale: "es") == "hace 1 día")
    }

    @Test func otherLanguagesFallBackToEnglish() {
        #expect(render("{{t||relative}}", ["t": at(300)], locale: "ja_JP") == "in 5 minutes")
    }

    @Test func notADatePassesThrough() {
        #expect(render("{{t||relative}}", ["t": "later"]) == "later")
        #expect(render("{{missing|never|relative}}") == "never")
    }
}
