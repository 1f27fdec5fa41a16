import Foundation
import WeftCore
import WeftPrimitives

/// The Counters card: each stored variable with a goal or a reset, its value, progress to the goal and − / +
/// buttons that step it as `weft var incr` does.
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
            if !notes.isEmpty { body += "<span class=\"muted\">\(HTML.escape(notes.joined(separator: " · ")))</span>" }
            body += "</div><div class=\"cval\">"
            body += ActionButton(
                action: path + "decr", label: "−", title: "Decrease \(variable.key)", csrfToken: csrfToken, css: "minus"
            ).html()
            body += "<output class=\"value\">\(HTML.escape(value))</output>"
            if let goal = rule.goal { body += "<span class=\"goal\">/ \(HTML.escape(NumberText.plain(goal)))</span>" }
            body += ActionButton(
                action: path + "incr", label: "+", title: "Increase \(variable.key)", csrfToken: csrfToken, css: "plus"
            ).html()
            body += "</div>"
            if let goal = rule.goal, goal > 0, let number = Double(value) {
                let clamped = NumberText.plain(min(max(number, 0), goal))
                body += "<progress max=\"\(NumberText.plain(goal))\" value=\"\(clamped)\"></progress>"
            }
            body += "</li>\n"
        }
        return frame.html(body + "</ul>\n")
    }
}
