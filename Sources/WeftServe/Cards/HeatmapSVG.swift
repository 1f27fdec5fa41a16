import Mustache
import WeftCore
import WeftPrimitives

/// The Steps History as inline SVG: a year heatmap (weeks × weekdays) or a month calendar, one `<rect class="day …">`
/// per day shaded by its level against that day's goal, with its date and count on hover (`<title>`).
struct HeatmapSVG {
    /// The laid-out days.
    var grid: DayGrid
    /// Today, outlined.
    var today: Int64
    /// The language of the weekday and month labels.
    var catalog: Catalog = .english

    /// The CSS class of a level.
    static func css(_ level: DayLevel) -> String {
        switch level {
        case .noData: "nodata"
        case .future: "future"
        case .low: "l1"
        case .some: "l2"
        case .most: "l3"
        case .met: "l4"
        }
    }

    /// `Tue 10 Mar 2026 · 8,214 steps of 10,000 · 5.2 km · 7 flights · 412 kcal` (the activity the day has), or
    /// `… · no data`.
    static func tip(_ cell: DayGrid.Cell) -> String {
        let day = CardText.day(cell.day)
        var activity = ""
        if let metres = cell.distance {
            activity +=
                " · " + (metres < 1000 ? String(format: "%.0f m", metres) : String(format: "%.1f km", metres / 1000))
        }
        if let flights = cell.flights { activity += " · " + String(format: "%.0f flights", flights) }
        if let kcal = cell.energy {
            activity +=
                " · "
                + CardText.grouped(CheckedNumber.clamped(kcal, to: 0...(1 << 53), rounding: .toNearestOrAwayFromZero))
                + " kcal"
        }
        guard let steps = cell.count else {
            if !activity.isEmpty { return day + activity }
            return day + (cell.level == .future ? "" : " · no data")
        }
        let goal = (cell.goal ?? 0) > 0 ? " of " + CardText.grouped(cell.goal ?? 0) : ""
        return day + " · " + CardText.grouped(steps) + " steps" + goal + activity
    }

    /// What the `heatmap-year` and `heatmap-month` templates read.
    private struct View: MustacheParent {
        struct Label {
            var x: Int
            var y: Int
            var name: String
        }
        /// A day; read by name without reflection, since a board draws some 400 of them on every poll.
        struct Cell: MustacheParent {
            var level: String
            var today: Bool
            var x: Int
            var y: Int
            var date: String
            var steps: Int?
            var tip: String
            var textX: Int
            var textY: Int
            var dayOfMonth: Int

            func child(named name: String) -> Any? {
                switch name {
                case "level": level
                case "today": today
                case "x": x
                case "y": y
                case "date": date
                case "steps": steps
                case "tip": tip
                case "textX": textX
                case "textY": textY
                case "dayOfMonth": dayOfMonth
                default: nil
                }
            }
        }
        var width: Int
        var height: Int
        var days: Int
        var weekdays: [Label] = []
        var months: [Label] = []
        var initials: [Label] = []
        var cells: [Cell]

        func child(named name: String) -> Any? {
            switch name {
            case "width": width
            case "height": height
            case "days": days
            case "weekdays": weekdays
            case "months": months
            case "initials": initials
            case "cells": cells
            default: nil
            }
        }
    }

    /// A cell at (`x`, `y`) for `day`, with its day-of-month text at (`textX`, `textY`).
    private func cell(_ day: DayGrid.Cell, x: Int, y: Int, textX: Int = 0, textY: Int = 0) -> View.Cell {
        View.Cell(
            level: Self.css(day.level), today: day.day == today, x: x, y: y, date: LocalDay.iso(day.day),
            steps: day.count, tip: Self.tip(day), textX: textX, textY: textY,
            dayOfMonth: CivilDate.civil(fromDays: day.day).day)
    }

    /// The year heatmap: 11-pixel cells, Monday at the top, month names above their first week.
    func year() -> String {
        let pitch = 13
        let left = 28
        let top = 14
        let view = View(
            width: left + grid.columns * pitch, height: top + 7 * pitch, days: grid.cells.count,
            weekdays: [0, 2, 4].map {
                View.Label(x: 0, y: top + $0 * pitch + 9, name: LocalText.weekdayShort($0 + 1, in: catalog))
            },
            months: grid.monthLabels.map {
                View.Label(x: left + $0.column * pitch, y: 10, name: CardText.monthShort($0.month, catalog))
            },
            cells: grid.cells.map { cell($0, x: left + $0.column * pitch, y: top + $0.row * pitch) })
        return DashboardTemplates.render(.heatmapYear, view)
    }

    /// The month calendar: a row of weekday initials, then one row per week with each day's number.
    func month() -> String {
        let pitch = 40
        let cellWidth = 36
        let cellHeight = 30
        let top = 16
        let view = View(
            width: 7 * pitch, height: top + grid.columns * (cellHeight + 4), days: grid.cells.count,
            initials: LocalText.weekdayInitials(in: catalog).enumerated().map {
                View.Label(x: $0.offset * pitch + cellWidth / 2, y: 11, name: $0.element)
            },
            cells: grid.cells.map { day in
                let x = day.row * pitch
                let y = top + day.column * (cellHeight + 4)
                return cell(day, x: x, y: y, textX: x + cellWidth / 2, textY: y + 19)
            })
        return DashboardTemplates.render(.heatmapMonth, view)
    }
}
