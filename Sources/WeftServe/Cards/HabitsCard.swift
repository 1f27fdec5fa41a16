import Foundation
import WeftHabits
import WeftPrimitives
import WeftRefresh

/// The Habits card: each habit's week, Monday first, as done, due (scheduled and not done) or not scheduled, with its
/// streak and a button to mark today done or take it back.
struct HabitsCard {
    var status: ProviderStatus
    /// The habits, when the snapshot could be read.
    var habits: HabitsSnapshot?
    /// Today in the habits' zone.
    var today: Int64
    var now: Date
    var csrfToken: String

    func html() -> String {
        let frame = CardFrame(kind: "habits", title: "Habits", status: status, now: now)
        guard let habits, !habits.habits.isEmpty else { return frame.html("<p class=\"muted\">No habits yet.</p>\n") }
        let monday = LocalDay.weekStart(today)
        var body = "<table class=\"week\"><thead><tr><th></th>"
        for (offset, initial) in ["M", "T", "W", "T", "F", "S", "S"].enumerated() {
            body += "<th\(monday + Int64(offset) == today ? " class=\"today\"" : "")>\(initial)</th>"
        }
        body += "<th>streak</th><th></th></tr></thead><tbody>\n"
        for habit in habits.habits {
            body += "<tr data-habit=\"\(HTML.escape(habit.slug))\"><th scope=\"row\">\(HTML.escape(habit.name))</th>"
            for offset in 0..<7 {
                let day = monday + Int64(offset)
                let (css, mark, words) = Self.state(habit, day: day, today: today)
                body +=
                    "<td class=\"\(css)\(day == today ? " today" : "")\" title=\"\(HTML.escape(CardText.day(day) + " · " + words))\">"
                    + "\(mark)</td>"
            }
            body += "<td class=\"streak\">\(HabitStats.streak(habit, today: today))</td><td>"
            let path = "/v1/habits/\(ActionButton.segment(habit.slug))/"
            body +=
                habit.isDone(today)
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
    static func state(_ habit: HabitState, day: Int64, today: Int64) -> (String, String, String) {
        if habit.isDone(day) { return ("done", "✓", "done") }
        guard habit.schedule.contains(day: day) else { return ("off", "–", "not scheduled") }
        if day > today { return ("later", "", "scheduled") }
        // Before its first completion the habit may not have existed: no day there counts as missed (as in
        // `weft habit list`).
        if day < (habit.completions.first?.day ?? today) { return ("off", "", "before the first completion") }
        return ("due", "○", day == today ? "due today" : "missed")
    }
}
