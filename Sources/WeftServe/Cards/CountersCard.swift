import Foundation
import WeftCore
import WeftPrimitives

/// The Counters card: each stored variable with a goal or a reset, its value, progress to the goal and two buttons
/// labelled with the signed amounts they apply, as `weft var incr|decr` do.
struct CountersCard {
    /// The counters, by key.
    var counters: [StoredVariable]
    var card: CardContext

    /// The stored variables the card shows: counters with a goal or a reset period.
    static func shown(_ variables: [StoredVariable]) -> [StoredVariable] {
        variables.filter { $0.counter?.goal != nil || $0.counter?.reset != nil }.sorted { $0.key < $1.key }
    }

    /// What the `counters` template reads.
    private struct View {
        struct Counter {
            var key: String
            var notes: String?
            var down: ActionButton
            var value: String
            var goal: String?
            var up: ActionButton
            var progress: Progress?
        }
        struct Progress {
            var max: String
            var value: String
        }
        var counters: [Counter]
    }

    func html() -> String {
        let frame = card.frame("counters", title: card.catalog.text("Counters"), status: nil)
        let counters = counters.map { variable in
            let value = variable.value(at: card.now, timeZone: card.zone)
            let rule = variable.counter ?? CounterRule()
            let path = "/v1/vars/\(ActionButton.segment(variable.key))/"
            var notes: [String] = []
            if let reset = rule.reset { notes.append(reset.rawValue) }
            if rule.step != 1 { notes.append("step \(NumberText.plain(rule.step))") }
            if let limits = rule.limitsText { notes.append(limits) }
            let (down, up) = buttons(rule, value: CheckedNumber.finite(value), path: path, key: variable.key)
            var progress: View.Progress?
            if let goal = rule.goal, goal > 0, let number = Double(value) {
                progress = View.Progress(
                    max: NumberText.plain(goal), value: NumberText.plain(min(max(number, 0), goal)))
            }
            return View.Counter(
                key: variable.key, notes: notes.isEmpty ? nil : notes.joined(separator: " · "), down: down,
                value: value, goal: rule.goal.map(NumberText.plain), up: up, progress: progress)
        }
        return frame.html(DashboardTemplates.render(.counters, View(counters: counters)))
    }

    /// The button that lowers the counter (left) and the one that raises it (right), each labelled with the signed
    /// amount it applies: for a count-down counter (step −1) `incr` is the lowering one. A button that would only
    /// push against a limit the value already sits at is disabled.
    private func buttons(
        _ rule: CounterRule, value: Double?, path: String, key: String
    ) -> (down: ActionButton, up: ActionButton) {
        func button(_ change: CounterChange) -> ActionButton {
            let amount = rule.amount(change)
            let magnitude = NumberText.plain(Swift.abs(amount))
            let lowers = amount < 0
            let limit = lowers ? rule.minimum : rule.maximum
            let stuck = value.flatMap { current in limit.map { lowers ? current <= $0 : current >= $0 } } ?? false
            return card.button(
                path, change.rawValue, label: (lowers ? "−" : "+") + magnitude,
                title: lowers ? "Subtract \(magnitude) from \(key)" : "Add \(magnitude) to \(key)",
                css: (lowers ? "minus" : "plus") + (stuck ? " limit" : ""), disabled: stuck)
        }
        let incr = button(.incr)
        let decr = button(.decr)
        return rule.amount(.incr) < 0 ? (incr, decr) : (decr, incr)
    }
}
