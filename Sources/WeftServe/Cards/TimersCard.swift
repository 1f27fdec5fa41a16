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
        let frame = card.frame("timers", title: "Timers", status: status)
        let timers = (timers ?? []).map { timer in
            let path = "/v1/timers/\(ActionButton.segment(timer.id))/"
            func button(_ action: String, _ label: String, _ title: String) -> ActionButton {
                card.button(path, action, label: label, title: "\(title) \(timer.label)")
            }
            var words: [String] = []
            var buttons: [ActionButton] = []
            switch timer.state {
            case .running:
                words.append(timer.endsTime.map { "ends \($0)" } ?? "running")
                buttons = [button("pause", "Pause", "Pause"), button("stop", "Stop", "Stop")]
            case .paused:
                words.append("paused")
                buttons = [button("resume", "Resume", "Resume"), button("stop", "Stop", "Stop")]
            case .done:
                words.append("done")
                buttons = [button("stop", "Stop", "Stop")]
            }
            if timer.rounds > 1 { words.append("round \(timer.round)/\(timer.rounds)") }
            return View.Timer(
                id: timer.id, label: timer.label, state: timer.state.rawValue, words: words.joined(separator: " · "),
                remaining: timer.remaining, fraction: NumberText.fixed(timer.fraction, places: 3), buttons: buttons)
        }
        let quick = Self.quickStarts.map { start in
            card.button(
                DashboardActions.quickStart, start.text, label: "Start \(start.text)",
                title: "Start a \(start.text) timer", css: "start")
        }
        let view = View(timers: timers, list: !timers.isEmpty, quick: quick)
        return frame.html(DashboardTemplates.render(.timers, view))
    }
}
