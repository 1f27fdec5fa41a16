import Foundation
import WeftCore
import WeftPrimitives
import WeftRefresh

/// The Habits card: each habit's week, Monday first, as done, due (scheduled and not done) or not scheduled, with its
/// streak and a button to mark today done or take it back.
struct HabitsCard {
    var status: ProviderStatus
    /// Each habit's week, when the snapshot could be read.
    var weeks: [HabitWeek]?
    /// Today in the habits' zone.
    var today: Int64
    var now: Date
    var csrfToken: String

    func html() -> String {
        let frame = CardFrame(kind: "habits", title: "Habits", status: status, now: now)
        guard let weeks, !weeks.isEmpty else { return frame.html("<p class=\"muted\">No habits yet.</p>\n") }
        let monday = LocalDay.weekStart(today)
        var body = "<table class=\"week\"><thead><tr><th></th>"
        for (offset, initial) in ["M", "T", "W", "T", "F", "S", "S"].enumerated() {
            body += "<th\(monday + Int64(offset) == today ? " class=\"today\"" : "")>\(initial)</th>"
        }
        body += "<th>streak</th><th></th></tr></thead><tbody>\n"
        for habit in weeks {
            body += "<tr data-habit=\"\(HTML.escape(habit.slug))\"><th scope=\"row\">\(HTML.escape(habit.name))</th>"
            for (offset, state) in habit.days.enumerated() {
                let day = monday + Int64(offset)
                let (css, mark, words) = Self.shown(state, day: day, today: today)
                body +=
                    "<td class=\"\(css)\(day == today ? " today" : "")\" title=\"\(HTML.escape(CardText.day(day) + " · " + words))\">"
                    + "\(mark)</td>"
            }
            body += "<td class=\"streak\">\(habit.streak)</td><td>"
            let path = "/v1/habits/\(ActionButton.segment(habit.slug))/"
            body +=
                habit.doneToday
                ? ActionButton(
                    action: path + "undo", label: "↺", title: "Undo \(habit.name) today", csrfToken: csrfToken,
                    css: "undo"
                ).html()
                : ActionButton(
                    action: path + "done", label: "✓", title: "Mark \(habit.name) done today", csrfToken: csrfToken,
                    css: "done"
                ).html()
            body += "</td></tr>\n"
        }
        return frame.html(body + "</tbody></table>\n")
    }

    /// A day's class, mark and words: done, due (scheduled, past or today, not done), to come, or not scheduled.
    static func shown(_ state: HabitWeek.Mark, day: Int64, today: Int64) -> (String, String, String) {
        switch state {
        case .done: ("done", "✓", "done")
        case .notScheduled: ("off", "–", "not scheduled")
        case .later: ("later", "", "scheduled")
        case .beforeFirst: ("off", "", "before the first completion")
        case .due: ("due", "○", day == today ? "due today" : "missed")
        }
    }
}
