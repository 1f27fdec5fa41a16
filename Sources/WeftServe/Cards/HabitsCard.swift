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
    /// The board, in the habits' zone.
    var card: CardContext

    /// What the `habits` template reads.
    private struct View {
        struct Weekday {
            var initial: String
            var today: Bool
        }
        struct Habit {
            var slug: String
            var name: String
            var days: [Day]
            var streak: Int
            var button: ActionButton
        }
        struct Day {
            var css: String
            var today: Bool
            var tip: String
            var mark: String
        }
        var table: Bool
        var weekdays: [Weekday]
        var habits: [Habit]
        var streakWord: String
        /// What the card says with no habit.
        var empty: String
    }

    func html() -> String {
        let frame = card.frame("habits", title: card.catalog.text("Habits"), status: status)
        let today = card.today
        let monday = LocalDay.weekStart(today)
        let habits = (weeks ?? []).map { habit in
            let path = "/v1/habits/\(ActionButton.segment(habit.slug))/"
            return View.Habit(
                slug: habit.slug, name: habit.name,
                days: habit.days.enumerated().map { offset, state in
                    let day = monday + Int64(offset)
                    let (css, mark, words) = Self.shown(state, day: day, today: today)
                    return View.Day(css: css, today: day == today, tip: CardText.day(day) + " · " + words, mark: mark)
                },
                streak: habit.streak,
                button: habit.doneToday
                    ? card.button(
                        path, "undo", label: "↺", title: card.catalog.text("Undo {habit} today", ["habit": habit.name]))
                    : card.button(
                        path, "done", label: "✓",
                        title: card.catalog.text("Mark {habit} done today", ["habit": habit.name])))
        }
        let weekdays = LocalText.weekdayInitials(in: card.catalog).enumerated().map {
            View.Weekday(initial: $0.element, today: monday + Int64($0.offset) == today)
        }
        let view = View(
            table: !habits.isEmpty, weekdays: weekdays, habits: habits, streakWord: card.catalog.text("streak"),
            empty: card.catalog.text("No habits yet."))
        return frame.html(DashboardTemplates.render(.habits, view))
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
