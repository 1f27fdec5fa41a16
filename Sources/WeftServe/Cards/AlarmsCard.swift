import Foundation
import WeftCore
import WeftPrimitives
import WeftRefresh

/// The Alarms card, as alarm clocks (Ticker, GNOME Clocks) show it: the alarm ringing, snoozed or counting down its
/// pre-alert with its Snooze and Dismiss buttons, the next alarm large with its countdown, then every alarm with its
/// schedule. The countdown is the `__alarms_next_countdown` text, computed at render (the page's poll renews it).
struct AlarmsCard {
    var status: ProviderStatus
    /// The alarms, when the snapshot could be read.
    var alarms: [AlarmFigure]?
    var card: CardContext

    /// What the `alarms` template reads.
    private struct View {
        struct Active {
            var id: String
            var label: String
            var css: String
            var words: String
            var buttons: [ActionButton]
        }
        struct Next {
            var time: String
            var label: String
            var countdown: String
        }
        struct Row {
            var id: String
            var label: String
            var schedule: String
            var css: String
            var words: String
        }
        var active: [Active]
        var next: Next?
        var rows: [Row]
        var list: Bool
        /// What the card says with no alarm, before the command that adds one.
        var empty: String
    }

    func html() -> String {
        let catalog = card.catalog
        let frame = card.frame("alarms", title: catalog.text("Alarms"), status: status)
        let zone = card.zone
        let alarms = alarms ?? []
        let active = alarms.compactMap { alarm -> View.Active? in
            let path = "/v1/alarms/\(ActionButton.segment(alarm.id))/"
            let snooze = card.button(
                path, "snooze", label: catalog.text("Snooze"),
                title: catalog.text("Snooze {alarm}", ["alarm": alarm.label]))
            let dismiss = card.button(
                path, "dismiss", label: catalog.text("Dismiss"),
                title: catalog.text("Dismiss {alarm}", ["alarm": alarm.label]))
            let (css, words, buttons): (String, String, [ActionButton])
            switch alarm.state {
            case .idle: return nil
            case .ringing(let since):
                let text = catalog.text("ringing since {time}", ["time": CardText.time(since, in: zone)])
                (css, words, buttons) = ("ringing", text, [snooze, dismiss])
            case .snoozed(let until):
                (css, words, buttons) = (
                    "snoozed", catalog.text("snoozed until {time}", ["time": CardText.time(until, in: zone)]), [dismiss]
                )
            case .preAlert:
                (css, words, buttons) = (
                    "prealert",
                    alarm.countdown.map {
                        catalog.text(
                            "goes off at {time}, in {countdown}", ["time": alarm.nextTime ?? "?", "countdown": $0])
                    } ?? catalog.text("goes off at {time}", ["time": alarm.nextTime ?? "?"]),
                    [dismiss]
                )
            }
            return View.Active(id: alarm.id, label: alarm.label, css: css, words: words, buttons: buttons)
        }
        let next = alarms.first(where: \.isNext).flatMap { alarm in
            alarm.nextTime.map { time in
                View.Next(
                    time: time, label: alarm.label,
                    countdown: alarm.countdown.map { catalog.text("in {countdown}", ["countdown": $0]) } ?? "")
            }
        }
        let rows = alarms.map { alarm in
            View.Row(
                id: alarm.id, label: alarm.label, schedule: alarm.schedule, css: Self.css(alarm),
                words: Self.words(alarm, catalog))
        }
        let view = View(
            active: active, next: next, rows: rows, list: !rows.isEmpty, empty: catalog.text("No alarms yet:"))
        return frame.html(DashboardTemplates.render(.alarms, view))
    }

    /// A row's class: `off`, or its state.
    static func css(_ alarm: AlarmFigure) -> String {
        guard alarm.enabled else { return "off" }
        switch alarm.state {
        case .idle: return alarm.isNext ? "next" : "on"
        case .preAlert: return "prealert"
        case .ringing: return "ringing"
        case .snoozed: return "snoozed"
        }
    }

    /// A row's state in words: `off`, `ringing`, `snoozed`, when it goes off next, or `passed` (a one-time alarm
    /// that went off).
    static func words(_ alarm: AlarmFigure, _ catalog: Catalog) -> String {
        switch alarm.state {
        case .ringing: return catalog.text("ringing")
        case .snoozed: return catalog.text("snoozed")
        case .idle, .preAlert:
            guard alarm.enabled else { return catalog.text("off") }
            guard let countdown = alarm.countdown else { return catalog.text("passed") }
            return catalog.text("in {countdown}", ["countdown": countdown])
        }
    }
}
