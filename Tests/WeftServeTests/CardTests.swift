import Foundation
import Testing
import WeftCore
import WeftStore

@testable import WeftHabits
@testable import WeftRefresh
@testable import WeftServe
@testable import WeftSteps

/// What each card shows: stale and failed states over the last good values, zones, activity figures, habit weeks,
/// counter buttons.
@Suite("board cards")
struct CardTests {
    /// 2026-03-10T09:30:00Z, a Tuesday.
    static let now = Date(timeIntervalSince1970: 1_773_135_000)
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    /// The board at ``now`` in Berlin, as the cards draw it.
    static func card(now: Date = now, csrfToken: String = "t") -> CardContext {
        CardContext(now: now, zone: berlin, csrfToken: csrfToken)
    }

    static func status(
        _ type: String, prefix: String, error: String? = nil, warnings: [String] = [], validFor: TimeInterval = 600
    ) -> ProviderStatus {
        let health = ProviderHealth(
            instance: "x", prefix: prefix, attemptError: error, warnings: warnings,
            validUntil: now.addingTimeInterval(validFor - 3600))
        return ProviderStatus(
            instance: "x", type: type, prefix: prefix, health: health.state(at: now),
            lastSuccess: now.addingTimeInterval(-3600), ageSeconds: 3600, validUntil: health.validUntil,
            lastError: error, lastHTTPStatus: nil, warnings: warnings.isEmpty ? nil : warnings,
            warningSummary: health.warningSummary, nextDue: nil, configured: true)
    }

    /// Issue 25 #4: a refresh that succeeded with warnings is a normal card with a small badge, not "refresh failed".
    @Test func aWarningIsABadgeOnANormalCard() {
        let values = ["location": "Brno", "temp": "21", "condition": "Light rain", "nowcast": "Rain now"]
        let html = WeatherCard(
            status: Self.status(
                "open-meteo", prefix: "__weather_", warnings: ["/c/a.ics: skipped, x", "/c/b.ics: skipped, y"],
                validFor: 7200),
            values: values, nowcast: nil, card: Self.card(), index: 0
        ).html()
        #expect(html.contains("class=\"card weather ok\""), "\(html)")
        #expect(html.contains("<span class=\"badge warning\" title=\"2 skipped: a.ics, b.ics\">2 warnings</span>"))
        #expect(!html.contains("refresh failed") && !html.contains("class=\"problem\""), "\(html)")
    }

    @Test func aFailedOrStaleCardKeepsItsLastGoodValuesUnderAMutedHeader() {
        let values = ["location": "Brno", "temp": "21", "condition": "Light rain", "nowcast": "Rain now"]
        let failed = WeatherCard(
            status: Self.status(
                "open-meteo", prefix: "__weather_", error: "HTTP 503 from api.open-meteo.com/v1/forecast"),
            values: values, nowcast: nil, card: Self.card(), index: 0
        ).html()
        #expect(failed.contains("class=\"card weather failed\""))
        #expect(failed.contains("<span class=\"flag\">refresh failed</span>"))
        #expect(failed.contains("HTTP 503 from api.open-meteo.com/v1/forecast</p>"))
        #expect(failed.contains("21°") && failed.contains("Rain now"), "the last good values stay")
        let stale = WeatherCard(
            status: Self.status("open-meteo", prefix: "__weather_", validFor: 60), values: values, nowcast: nil,
            card: Self.card(), index: 0
        ).html()
        // The fetch's moment in the card's zone, not its age (which would change the cards at every poll); the
        // page's script writes "1 h 0 min ago" from the instant.
        #expect(stale.contains("class=\"card weather stale\""))
        #expect(stale.contains(#"<time class="ago" datetime="2026-03-10T08:30:00Z">at 09:30</time>"#), "\(stale)")
        #expect(stale.contains("21°"))
        let fresh = WeatherCard(
            status: Self.status("open-meteo", prefix: "__weather_", validFor: 7200), values: values, nowcast: nil,
            card: Self.card(), index: 0
        ).html()
        #expect(fresh.contains("class=\"card weather ok\"") && !fresh.contains("class=\"flag\""))
    }

    @Test func nextUpShowsTimesInTheBoardsZoneAndMarksAllDayEvents() {
        let values = [
            "next_title": "Stand-up", "next_start_iso": "2026-03-10T13:00:00Z", "next_end_iso": "2026-03-10T13:15:00Z",
            "next_all_day": "0", "next_countdown": "3h", "next_label": "In 3 hr", "next_location": "Room 4",
            "next_calendar": "Work", "then_title": "Offsite", "then_start_iso": "2026-03-10T23:00:00Z",
            "then_all_day": "1", "then_countdown": "14h", "then_label": "Tomorrow",
        ]
        let html = NextUpCard(
            status: Self.status("calendar", prefix: "__calendar_"), values: values, card: Self.card()
        ).html()
        #expect(html.contains("Tue 10 Mar · 14:00–14:15"), "13:00Z is 14:00 in Berlin")
        #expect(html.contains("Room 4 · Work"))
        #expect(html.contains("Wed 11 Mar · all day <span class=\"tag\">All day</span>"))
        #expect(html.contains("<span class=\"label\">Tomorrow</span>"))
        #expect(!html.contains("In 3 hr"), "a label that repeats the countdown is left out")
    }

    @Test func stepsShowTheRingTheFiguresAndActivityWhenPresent() {
        var history = StepHistory()
        history.days[StepDay(year: 2026, month: 3, day: 10)] = StepDayRecord(steps: 6200, goal: 10000)
        let values = [
            "today": "6200", "goal_today": "10000", "streak": "4", "avg_7": "8123", "avg_30": "9001",
            "best_day": "20345", "best_day_date": "2026-02-14", "best_day_date_iso": "2026-02-13T23:00:00Z",
        ]
        let today = StepDay(year: 2026, month: 3, day: 10)
        let figures = CardFigures(
            pastYear: StepCalendarGrid.pastYear(history: history, today: today).dayGrid,
            month: StepCalendarGrid.month(year: 2026, month: 3, history: history, today: today).dayGrid)
        let card = StepsCard(
            status: Self.status("steps", prefix: "__steps_"), values: values,
            activity: ["distance_km": "4.2", "flights_today": "7"], figures: figures, card: Self.card())
        let html = card.html()
        #expect(html.contains("aria-label=\"6,200 of 10,000 steps\""))
        #expect(html.contains("62% of 10,000"))
        #expect(html.contains("<dd>4 days</dd>") && html.contains("<dd>8,123</dd>"))
        #expect(html.contains("<dd>20,345 · Sat 14 Feb 2026</dd>"))
        #expect(html.contains("<dd>4.2 km</dd>") && html.contains("<dt>Flights</dt><dd>7</dd>"))
        #expect(html.components(separatedBy: "<rect class=\"day ").count - 1 == 365 + 31 + 5, "year, month, legend")
        let bare = StepsCard(
            status: Self.status("steps", prefix: "__steps_"), values: values, activity: [:], figures: figures,
            card: Self.card()
        ).html()
        #expect(!bare.contains("Distance"), "activity figures only when the export has them")
    }

    @Test func aHabitsWeekIsDoneDueOrNotScheduledMondayFirst() {
        let today: Int64 = 20522  // 2026-03-10, a Tuesday
        let read = HabitState(
            name: "Read <fast>", slug: "read-fast", schedule: HabitSchedule(weekdays: [1, 2, 3, 4, 5]),
            completions: [HabitCompletion(day: today - 8), HabitCompletion(day: today - 1)])
        let card = HabitsCard(
            status: Self.status("habits", prefix: "__habits_"),
            weeks: HabitsSnapshot(habits: [read]).weeks(today: today), card: Self.card())
        let html = card.html()
        #expect(html.contains("<th scope=\"row\">Read &lt;fast&gt;</th>"))
        #expect(html.contains("<td class=\"done\" title=\"Mon 9 Mar 2026 · done\">✓</td>"))
        #expect(html.contains("<td class=\"due today\" title=\"Tue 10 Mar 2026 · due today\">○</td>"))
        #expect(html.contains("<td class=\"off\" title=\"Sat 14 Mar 2026 · not scheduled\">–</td>"))
        #expect(html.contains("action=\"/v1/habits/read-fast/done\""))
    }

    @Test func countersStepThroughTheirOwnEndpointsWithTheToken() {
        let water = StoredVariable(
            key: "water glasses", value: "3", updatedAt: Self.now, counter: CounterRule(goal: 8, reset: .daily))
        let plain = StoredVariable(key: "note", value: "hi", updatedAt: Self.now)
        let shown = CountersCard.shown([plain, water])
        #expect(shown.map(\.key) == ["water glasses"])
        let html = CountersCard(counters: shown, card: Self.card(csrfToken: "tok")).html()
        #expect(html.contains("action=\"/v1/vars/water%20glasses/incr\""))
        #expect(html.contains("action=\"/v1/vars/water%20glasses/decr\""))
        #expect(html.contains("<input type=\"hidden\" name=\"csrf\" value=\"tok\">"))
        #expect(html.contains("<progress max=\"8\" value=\"3\"></progress>"))
        // Read after its reset period ended, the counter shows its reset value.
        let tomorrow = CountersCard(
            counters: shown, card: Self.card(now: Self.now.addingTimeInterval(86_400), csrfToken: "tok")
        ).html()
        #expect(tomorrow.contains("<output class=\"value\">0</output>"))
    }
}
