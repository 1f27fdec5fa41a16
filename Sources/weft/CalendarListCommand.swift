import ArgumentParser
import Foundation
import WeftCalendar
import WeftCore
import WeftPrimitives

struct CalendarListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print every occurrence overlapping [--from, --to) as an agenda, with its status.",
        discussion: """
            Like `khal list`: one heading per local day of --tz, then each event's time range, title, location \
            and calendar; cancelled and tentative occurrences are marked. JSON is an array of {"title", "start", \
            "end", "all_day", "location", "calendar", "status"}.

            Examples:
              weft calendar list work.ics --from 2026-03-09T00:00:00Z --to 2026-03-16T00:00:00Z --tz Europe/Berlin
            """)

    @OptionGroup var calendar: CalendarReadOptions

    @Option(help: ArgumentHelp("The window's start (ISO 8601, included).", valueName: "iso8601"))
    var from: String

    @Option(help: ArgumentHelp("The window's end (ISO 8601, excluded).", valueName: "iso8601"))
    var to: String

    @Option(
        help: ArgumentHelp("Time zone for local days and times (default: $TZ, else the system's).", valueName: "zone"))
    var tz: String?

    func run() async throws {
        guard let start = ISOInstant.parse(from) else {
            throw ValidationError("--from \"\(from)\" is not an ISO 8601 instant such as 2026-03-10T00:00:00Z")
        }
        guard let end = ISOInstant.parse(to) else {
            throw ValidationError("--to \"\(to)\" is not an ISO 8601 instant such as 2026-03-17T00:00:00Z")
        }
        guard end > start else { throw ValidationError("--to must be after --from") }
        let zone = try TimeZoneName.resolve(tz, environment: ProcessInfo.processInfo.environment)
        let calendars = try await calendar.load(zone: zone)
        let events = calendars.flatMap { $0.occurrences(overlapping: start, end) }.sorted {
            $0.start != $1.start ? $0.start < $1.start : $0.uid < $1.uid
        }
        if calendar.json {
            try CalendarReadOptions.write(json: events.map { CalendarReadOptions.object($0, status: true) })
            return
        }
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = zone
        day.dateFormat = "EEEE, yyyy-MM-dd"
        let time = DateFormatter()
        time.locale = day.locale
        time.timeZone = zone
        time.dateFormat = "HH:mm"
        var heading = ""
        var lines: [String] = []
        for event in events {
            let title = day.string(from: max(event.start, start))
            if title != heading {
                heading = title
                lines.append(title)
            }
            var line =
                "  "
                + (event.allDay ? "all day    " : time.string(from: event.start) + "–" + time.string(from: event.end))
            line += "  " + (event.title.isEmpty ? "Untitled" : event.title)
            if let location = event.location { line += " @ \(location)" }
            line += "  [\(event.calendar)]"
            if let status = event.status?.lowercased(), status != "confirmed" { line += " (\(status))" }
            lines.append(line)
        }
        print(lines.isEmpty ? "No events" : lines.joined(separator: "\n"))
    }
}
