import Foundation
import WeftPrimitives
import WeftSteps

/// The Steps History as terminal text: shade characters, and ANSI colours when asked.
struct StepHistoryText {
    /// Whether to colour the shades.
    var colour: Bool
    /// Today, underlined when in colour and bracketed in the month.
    var today: StepDay
    /// The language of the titles, month and weekday names and the legend.
    var catalog: Catalog = .english

    /// The shade character of a level.
    static func shade(_ level: StepCalendarGrid.Level) -> String {
        switch level {
        case .noData: "·"
        case .future: " "
        case .low: "░"
        case .some: "▒"
        case .most: "▓"
        case .met: "█"
        }
    }

    /// The ANSI colour of a level (256 colours, greens as on the dashboard).
    private static func ansi(_ level: StepCalendarGrid.Level) -> String {
        switch level {
        case .noData, .future: "2"
        case .low: "38;5;151"
        case .some: "38;5;114"
        case .most: "38;5;71"
        case .met: "38;5;28"
        }
    }

    private func paint(_ text: String, _ level: StepCalendarGrid.Level, today: Bool = false) -> String {
        guard colour else { return text }
        return "\u{1B}[\(Self.ansi(level))\(today ? ";4" : "")m\(text)\u{1B}[0m"
    }

    /// Month names over their first week, then seven rows of one character per day.
    func year(_ grid: StepCalendarGrid, title: String) -> String {
        var header = [Character](repeating: " ", count: grid.columns + 8)
        for label in grid.monthLabels(gap: 4) {
            // Three letters at most, so a long abbreviation (`janv.`) does not run into the next month's.
            for (offset, letter) in LocalText.monthShort(label.month, in: catalog).prefix(3).enumerated()
            where label.column + offset < header.count {
                header[label.column + offset] = letter
            }
        }
        var rows = [[String]](repeating: [String](repeating: " ", count: grid.columns), count: 7)
        var withData = 0
        var met = 0
        for cell in grid.cells {
            rows[cell.row][cell.column] = paint(Self.shade(cell.level), cell.level, today: cell.day == today)
            if cell.record != nil { withData += 1 }
            if cell.level == .met { met += 1 }
        }
        var lines = [
            title + " · "
                + catalog.plural(
                    "{count} day with data, goal met on {met}", "{count} days with data, goal met on {met}",
                    count: withData, ["met": String(met)])
        ]
        lines.append("    " + String(header))
        for (row, cells) in rows.enumerated() {
            lines.append(Self.column(LocalText.weekdayShort(row + 1, in: catalog), 3) + " " + cells.joined())
        }
        return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            .joined(separator: "\n")
    }

    /// The month as a Monday-first calendar: each day's number and shade.
    func month(_ grid: StepCalendarGrid, year: Int, month: Int) -> String {
        let names = (1...7).map { LocalText.weekdayShort($0, in: catalog).prefix(2) }
        var lines = [
            "\(LocalText.month(month, in: catalog)) \(year)",
            names.map { " " + Self.column(String($0), 4) }.joined().replacingOccurrences(
                of: "\\s+$", with: "", options: .regularExpression),
        ]
        var weeks = [[String]](repeating: [String](repeating: "     ", count: 7), count: grid.columns)
        for cell in grid.cells {
            let day = cell.day.components.day
            let number = day < 10 ? " \(day)" : "\(day)"
            let text =
                (cell.day == today ? "[" : " ") + number + Self.shade(cell.level) + (cell.day == today ? "]" : " ")
            weeks[cell.column][cell.row] = paint(text, cell.level, today: cell.day == today)
        }
        for week in weeks {
            lines.append(week.joined().replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
        }
        return lines.joined(separator: "\n")
    }

    /// `text` cut or padded with spaces to `width` characters, so the columns stay where they are.
    private static func column(_ text: String, _ width: Int) -> String {
        let cut = String(text.prefix(width))
        return cut + String(repeating: " ", count: width - cut.count)
    }

    /// What the shades mean.
    var legend: String {
        let items: [(StepCalendarGrid.Level, String)] = [
            (.noData, catalog.text("no data")), (.low, catalog.text("under 25% of the goal")), (.some, "25–50%"),
            (.most, "50–99%"), (.met, catalog.text("goal met")),
        ]
        return items.map { paint(Self.shade($0.0), $0.0) + " " + $0.1 }.joined(separator: "  ")
    }
}
