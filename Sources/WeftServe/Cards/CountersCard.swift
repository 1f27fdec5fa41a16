import Foundation
import WeftCore
import WeftPrimitives

/// The Counters card: each stored variable with a goal or a reset, its value, progress to the goal and two buttons
/// labelled with the signed amounts they apply, as `weft var incr|decr` do.
struct CountersCard {
    /// The counters, by key.
    var counters: [StoredVariable]
    var now: Date
    var zone: TimeZone
    var csrfToken: String

    /// The stored variables the card shows: counters with a goal or a reset period.
    static func shown(_ variables: [StoredVariable]) -> [StoredVariable] {
        variables.filter { $0.counter?.goal != nil || $0.counter?.reset != nil }.sorted { $0.key < $1.key }
    }

    func html() -> String {
        let frame = CardFrame(kind: "counters", title: "Counters", status: nil, now: now)
        var body = "<ul class=\"counterlist\">\n"
        for variable in counters {
            let value = variable.value(at: now, timeZone: zone)
            let rule = variable.counter ?? CounterRule()
            let path = "/v1/vars/\(ActionButton.segment(variable.key))/"
            body += "<li data-key=\"\(HTML.escape(variable.key))\"><div class=\"cname\">"
            body += "<span class=\"key\">\(HTML.escape(variable.key))</span>"
            var notes: [String] = []
            if let reset = rule.reset { notes.append(reset.rawValue) }
            if rule.step != 1 { notes.append("step \(NumberText.plain(rule.step))") }
            if let limits = rule.limitsText { notes.append(limits) }
            if !notes.isEmpty { body += "<span class=\"muted\">\(HTML.escape(notes.joined(separator: " · ")))</span>" }
            body += "</div><div class=\"cval\">"
            let (down, up) = buttons(rule, value: CheckedNumber.finite(value), path: path, key: variable.key)
            body += down.html()
            body += "<output class=\"value\">\(HTML.escape(value))</output>"
            if let goal = rule.goal { body += "<span class=\"goal\">/ \(HTML.escape(NumberText.plain(goal)))</span>" }
            body += up.html()
            body += "</div>"
            if let goal = rule.goal, goal > 0, let number = Double(value) {
                let clamped = NumberText.plain(min(max(number, 0), goal))
                body += "<progress max=\"\(NumberText.plain(goal))\" value=\"\(clamped)\"></progress>"
            }
            body += "</li>\n"
        }
        return frame.html(body + "</ul>\n")
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
            return ActionButton(
                action: path + change.rawValue, label: (lowers ? "−" : "+") + magnitude,
                title: lowers ? "Subtract \(magnitude) from \(key)" : "Add \(magnitude) to \(key)",
                csrfToken: csrfToken, css: (lowers ? "minus" : "plus") + (stuck ? " limit" : ""), disabled: stuck)
        }
        let incr = button(.incr)
        let decr = button(.decr)
        return rule.amount(.incr) < 0 ? (incr, decr) : (decr, incr)
    }
}
