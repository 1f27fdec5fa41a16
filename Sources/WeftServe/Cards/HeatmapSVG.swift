import WeftCore
import WeftPrimitives

/// The Steps History as inline SVG: a year heatmap (weeks × weekdays) or a month calendar, one `<rect class="day …">`
/// per day shaded by its level against that day's goal, with its date and count on hover (`<title>`).
struct HeatmapSVG {
    /// The laid-out days.
    var grid: DayGrid
    /// Today, outlined.
    var today: Int64

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

    /// `Tue 10 Mar 2026 · 8,214 steps of 10,000`, or `… · no data`.
    static func tip(_ cell: DayGrid.Cell) -> String {
        let day = CardText.day(cell.day)
        guard let steps = cell.count else { return day + (cell.level == .future ? "" : " · no data") }
        let goal = (cell.goal ?? 0) > 0 ? " of " + CardText.grouped(cell.goal ?? 0) : ""
        return day + " · " + CardText.grouped(steps) + " steps" + goal
    }

    /// The year heatmap: 11-pixel cells, Monday at the top, month names above their first week.
    func year() -> String {
        let cell = 11
        let pitch = 13
        let left = 28
        let top = 14
        let width = left + grid.columns * pitch
        let height = top + 7 * pitch
        var svg =
            "<svg class=\"heatmap\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" "
            + "aria-label=\"steps per day this year\" data-days=\"\(grid.cells.count)\">"
        for (row, name) in [(0, "Mon"), (2, "Wed"), (4, "Fri")] {
            svg += "<text class=\"axis\" x=\"0\" y=\"\(top + row * pitch + 9)\">\(name)</text>"
        }
        for label in grid.monthLabels {
            svg +=
                "<text class=\"axis\" x=\"\(left + label.column * pitch)\" y=\"10\">"
                + "\(CardText.monthShort(label.month))</text>"
        }
        for day in grid.cells {
            svg +=
                "<rect class=\"day \(Self.css(day.level))\(day.day == today ? " today" : "")\" "
                + "x=\"\(left + day.column * pitch)\" y=\"\(top + day.row * pitch)\" width=\"\(cell)\" "
                + "height=\"\(cell)\" rx=\"2\" data-date=\"\(LocalDay.iso(day.day))\""
                + (day.count.map { " data-steps=\"\($0)\"" } ?? "")
                + "><title>\(HTML.escape(Self.tip(day)))</title></rect>"
        }
        return svg + "</svg>"
    }

    /// The month calendar: a row of weekday initials, then one row per week with each day's number.
    func month() -> String {
        let pitch = 40
        let cellWidth = 36
        let cellHeight = 30
        let top = 16
        let rows = grid.columns
        var svg =
            "<svg class=\"month\" viewBox=\"0 0 \(7 * pitch) \(top + rows * (cellHeight + 4))\" role=\"img\" "
            + "aria-label=\"steps per day this month\" data-days=\"\(grid.cells.count)\">"
        for (index, initial) in ["M", "T", "W", "T", "F", "S", "S"].enumerated() {
            svg += "<text class=\"axis\" x=\"\(index * pitch + cellWidth / 2)\" y=\"11\" text-anchor=\"middle\">"
            svg += "\(initial)</text>"
        }
        for day in grid.cells {
            let x = day.row * pitch
            let y = top + day.column * (cellHeight + 4)
            svg +=
                "<g class=\"mday\"><rect class=\"day \(Self.css(day.level))\(day.day == today ? " today" : "")\" "
                + "x=\"\(x)\" y=\"\(y)\" width=\"\(cellWidth)\" height=\"\(cellHeight)\" rx=\"5\" "
                + "data-date=\"\(LocalDay.iso(day.day))\"><title>\(HTML.escape(Self.tip(day)))</title></rect>"
                + "<text x=\"\(x + cellWidth / 2)\" y=\"\(y + 19)\" text-anchor=\"middle\">"
                + "\(CivilDate.civil(fromDays: day.day).day)</text></g>"
        }
        return svg + "</svg>"
    }
}
