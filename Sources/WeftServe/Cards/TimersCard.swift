import Foundation
import WeftCore
import WeftPrimitives
import WeftRefresh

/// The Timers card, as GNOME Clocks' timer page shows it: each timer's label, time left (`mm:ss`, the
/// `__timer_remaining` text) and progress through its round (`__timer_fraction`), with Pause or Resume and Stop, and
/// the quick starts below. The time left is computed at render; the page's poll renews it.
struct TimersCard {
    var status: ProviderStatus
    /// The timers, the one a bar shows first, when the snapshot could be read.
    var timers: [TimerFigure]?
    var card: CardContext

    /// The timers the board starts with one click: a pomodoro's work and its break. Any other length is
    /// `weft timer start`'s (a bar click or the command line).
    static let quickStarts: [(text: String, seconds: Int)] = [("5m", 300), ("25m", 1500)]

    /// What the `timers` template reads.
    private struct View {
        struct Timer {
            var id: String
            var label: String
            var state: String
            var words: String
            var remaining: String
            var fraction: String
            var buttons: [ActionButton]
        }
        var timers: [Timer]
        var list: Bool
        var quick: [ActionButton]
    }

    func html() -> String {
        let catalog = card.catalog
        let frame = card.frame("timers", title: catalog.text("Timers"), status: status)
        let timers = (timers ?? []).map { timer in
            let path = "/v1/timers/\(ActionButton.segment(timer.id))/"
            func button(_ action: String, _ label: String) -> ActionButton {
                card.button(path, action, label: label, title: label + " " + timer.label)
            }
            var words: [String] = []
            var buttons: [ActionButton] = []
            switch timer.state {
            case .running:
                words.append(
                    timer.endsTime.map { catalog.text("ends {time}", ["time": $0]) } ?? catalog.text("running"))
                buttons = [button("pause", catalog.text("Pause")), button("stop", catalog.text("Stop"))]
            case .paused:
                words.append(catalog.text("paused"))
                buttons = [button("resume", catalog.text("Resume")), button("stop", catalog.text("Stop"))]
            case .done:
                words.append(catalog.text("done"))
                buttons = [button("stop", catalog.text("Stop"))]
            }
            if timer.rounds > 1 {
                words.append(
                    catalog.text(
                        "round {round}/{rounds}", ["round": String(timer.round), "rounds": String(timer.rounds)]))
            }
            return View.Timer(
                id: timer.id, label: timer.label, state: timer.state.rawValue, words: words.joined(separator: " · "),
                remaining: timer.remaining, fraction: NumberText.fixed(timer.fraction, places: 3), buttons: buttons)
        }
        let quick = Self.quickStarts.map { start in
            card.button(
                DashboardActions.quickStart, start.text,
                label: catalog.text("Start {duration}", ["duration": start.text]),
                title: catalog.text("Start a {duration} timer", ["duration": start.text]), css: "start")
        }
        let view = View(timers: timers, list: !timers.isEmpty, quick: quick)
        return frame.html(DashboardTemplates.render(.timers, view))
    }
}
