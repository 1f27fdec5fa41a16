import Foundation
import Testing
import WeftCore

@testable import WeftRefresh
@testable import WeftServe

/// The Alarms and Timers cards from figures alone (the kinds' own figures are tested in WeftAlarmsTests): states,
/// buttons with the page's token, and every label escaped.
@Suite("alarm and timer cards")
struct AlarmTimerCardTests {
    static let now = CardTests.now
    static let berlin = CardTests.berlin

    static func alarm(
        _ id: String, _ label: String, state: AlarmFigure.State = .idle, enabled: Bool = true, next: String? = "07:00",
        countdown: String? = "10h 05m", isNext: Bool = false
    ) -> AlarmFigure {
        AlarmFigure(
            id: id, label: label, schedule: "Mon–Fri at 07:00", enabled: enabled, state: state,
            next: next == nil ? nil : now.addingTimeInterval(36_300), nextTime: next, countdown: countdown,
            isNext: isNext)
    }

    static func alarms(_ figures: [AlarmFigure]) -> String {
        AlarmsCard(
            status: CardTests.status("alarms", prefix: "__alarms_", validFor: 7200), alarms: figures,
            card: CardContext(now: now, zone: berlin, csrfToken: "tok\"en")
        ).html()
    }

    @Test func theNextAlarmIsLargeWithItsCountdownAndIdleAlarmsHaveNoButtons() {
        let html = Self.alarms([
            Self.alarm("wake", "Wake <b>up</b>", isNext: true),
            Self.alarm("gym", "Gym", enabled: false, next: nil, countdown: nil),
        ])
        #expect(html.contains("<section class=\"card alarms ok\""), "\(html)")
        #expect(html.contains(
            "<p class=\"next-alarm\"><span class=\"clock\">07:00</span> "
            + "<span class=\"label\">Wake &lt;b&gt;up&lt;/b&gt;</span> "
            + "<span class=\"countdown\">in 10h 05m</span></p>"),
            "\(html)")
        #expect(html.contains("<li class=\"next\" data-alarm=\"wake\">"), "\(html)")
        #expect(html.contains("<li class=\"off\" data-alarm=\"gym\"><span class=\"label\">Gym</span>"))
        #expect(html.contains("<span class=\"state\">off</span>"))
        #expect(!html.contains("<form"), "nothing rings, so nothing to press: \(html)")
        #expect(!html.contains("<b>"))
    }

    @Test func aRingingAlarmHasSnoozeAndDismissASnoozedOneDismiss() {
        // 09:30Z is 10:30 in Berlin.
        let html = Self.alarms([
            Self.alarm("wake", "Wake", state: .ringing(since: Self.now)),
            Self.alarm("nap", "Nap", state: .snoozed(until: Self.now.addingTimeInterval(540)), countdown: "9m",
                isNext: true),
            Self.alarm("tea", "<script>x</script>", state: .preAlert, countdown: "8m"),
        ])
        #expect(html.contains(
            "<div class=\"alarm-now ringing\" data-alarm=\"wake\"><p><strong>Wake</strong> "
            + "<span class=\"muted\">ringing since 10:30</span>"), "\(html)")
        #expect(html.contains("action=\"/v1/alarms/wake/snooze\""))
        #expect(html.contains("action=\"/v1/alarms/wake/dismiss\""))
        #expect(html.contains("<span class=\"muted\">snoozed until 10:39</span>"), "\(html)")
        #expect(!html.contains("/v1/alarms/nap/snooze") && html.contains("action=\"/v1/alarms/nap/dismiss\""))
        #expect(html.contains("&lt;script&gt;x&lt;/script&gt;") && !html.contains("<script>"), "\(html)")
        #expect(html.contains("<span class=\"muted\">goes off at 07:00, in 8m</span>"), "\(html)")
        #expect(html.contains("title=\"Dismiss &lt;script&gt;x&lt;/script&gt;\""), "\(html)")
        #expect(html.contains("<input type=\"hidden\" name=\"csrf\" value=\"tok&quot;en\">"), "\(html)")
    }

    @Test func timersShowTimeLeftProgressAndTheButtonsTheirStateTakes() {
        let timers = [
            TimerFigure(
                id: "focus", label: "Focus", state: .running, remaining: "21:05", fraction: 0.15666, round: 1,
                rounds: 2, endsTime: "13:25"),
            TimerFigure(
                id: "tea", label: "Tea & <i>biscuits</i>", state: .paused, remaining: "04:00", fraction: 0.2, round: 1,
                rounds: 1, endsTime: nil),
            TimerFigure(
                id: "egg", label: "Egg", state: .done, remaining: "00:00", fraction: 1, round: 1, rounds: 1,
                endsTime: nil),
        ]
        let html = TimersCard(
            status: CardTests.status("timers", prefix: "__timer_", validFor: 7200), timers: timers,
            card: CardTests.card()
        ).html()
        #expect(html.contains("<section class=\"card timers ok\""), "\(html)")
        #expect(html.contains(
            "<li class=\"running\" data-timer=\"focus\"><div class=\"tname\"><span class=\"label\">Focus</span>"
            + "<span class=\"muted\">ends 13:25 · round 1/2</span></div><output class=\"remaining\">21:05</output>"
            + "<progress max=\"1\" value=\"0.157\"></progress>"), "\(html)")
        #expect(html.contains("action=\"/v1/timers/focus/pause\"") && html.contains("action=\"/v1/timers/focus/stop\""))
        #expect(!html.contains("/v1/timers/focus/resume"))
        #expect(html.contains("<span class=\"label\">Tea &amp; &lt;i&gt;biscuits&lt;/i&gt;</span>"), "\(html)")
        #expect(html.contains("action=\"/v1/timers/tea/resume\"") && !html.contains("/v1/timers/tea/pause"))
        #expect(html.contains("<li class=\"done\" data-timer=\"egg\">"))
        #expect(html.contains("action=\"/v1/timers/egg/stop\"") && !html.contains("/v1/timers/egg/pause"))
        #expect(html.contains("action=\"/v1/timers/start/5m\"") && html.contains(">Start 25m</button>"), "\(html)")

        let empty = TimersCard(
            status: CardTests.status("timers", prefix: "__timer_", validFor: 7200), timers: [],
            card: CardTests.card()
        ).html()
        #expect(empty.contains("No timer running.") && empty.contains("action=\"/v1/timers/start/25m\""), "\(empty)")
    }

    @Test func theRoutesTellTheButtonsFromOtherPaths() {
        for path in [
            "/v1/alarms/wake/snooze", "/v1/alarms/wake/dismiss", "/v1/timers/tea/pause", "/v1/timers/tea/resume",
            "/v1/timers/tea/stop", "/v1/timers/start/25m",
        ] {
            #expect(DashboardActions.handles(path), "\(path)")
            #expect(WeftRoutes.allowedMethods(path) == "POST", "\(path)")
        }
        for path in [
            "/v1/alarms/wake", "/v1/alarms/wake/remove", "/v1/timers/tea/start", "/v1/timers", "/v1/timers/start/a/b",
        ] {
            #expect(!DashboardActions.handles(path), "\(path)")
        }
    }
}
