import ArgumentParser
import Foundation
import WeftCalendar
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftRender

struct CalendarListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print every occurrence overlapping a window (default: today and tomorrow) as an agenda.",
        discussion: """
            Like `khal list`: one heading per local day (of the provider's timezone, else --tz), then each \
            event's time range, title, location and calendar; cancelled and tentative occurrences are marked. The window starts at --from (today, \
            tomorrow, a local date such as 2026-03-10, or an ISO 8601 instant; default today) and lasts --days \
            local days (default 2), or ends at --to. An event that crosses midnight shows its days (Sat 21:00 – \
            Mon 07:00). JSON is an array of {"title", "start", "end", "all_day", "location", "calendar", "status"}, \
            with "url" (the meeting link, else the URL property) when the event has one.

            Examples:
              weft calendar list work.ics --tz Europe/Berlin \\
                --from 2026-03-09T00:00:00Z --to 2026-03-16T00:00:00Z
              weft calendar list --instance work --from tomorrow --days 7
            """)

    @OptionGroup var calendar: CalendarReadOptions

    @Option(
        help: ArgumentHelp(
            "The window's start: today, tomorrow, yyyy-MM-dd or an ISO 8601 instant (included).", valueName: "when"))
    var from: String = "today"

    @Option(
        help: ArgumentHelp("The window's end, in the same forms (excluded); instead of --days.", valueName: "when"))
    var to: String?

    @Option(help: ArgumentHelp("How many local days the window lasts (default 2).", valueName: "n"))
    var days: Int?

    @OptionGroup var clock: ClockOptions

    func validate() throws {
        if to != nil, days != nil { throw ValidationError("give --to or --days, not both") }
        if let days, !(1...400).contains(days) { throw ValidationError("--days must be between 1 and 400") }
    }

    func run() async throws {
        let reading = try calendar.reading(clock: clock)
        let zone = reading.zone
        let now = try clock.instant()
        let first = try CalendarReadOptions.instant(from, option: "--from", now: now, zone: zone)
        let start = first.instant
        let end: Date
        if let to {
            end = try CalendarReadOptions.instant(to, option: "--to", now: now, zone: zone).instant
        } else {
            end = CalendarReadOptions.end(after: first, days: days ?? 2, zone: zone)
        }
        guard end > start else { throw ValidationError("--to must be after --from") }
        let calendars = try await calendar.load(reading)
        // Read as a stream and written as it comes: a year of a large calendar is never held whole.
        let events = ICalendar.occurrenceStream(calendars, overlapping: start, end)
        if calendar.json {
            Self.writeJSON(events)
            return
        }
        let catalog = ReaderLanguage.catalog
        func dayTitle(_ date: Date) -> String {
            LocalText.weekday(LocalTime.components(of: date, in: zone).weekday, in: catalog) + ", "
                + LocalDay.iso(of: date, in: zone)
        }
        // The times' column is as wide as `07:00–08:00`, so the titles line up in every language.
        let allDayWord = catalog.text("all day")
        let allDayColumn = allDayWord + String(repeating: " ", count: max(1, 11 - allDayWord.count))
        var heading = ""
        var output = ""
        var any = false
        for event in events {
            any = true
            let title = dayTitle(max(event.start, start))
            if title != heading {
                heading = title
                output += title + "\n"
            }
            var line =
                "  " + (event.allDay ? allDayColumn : CalendarVariables.timeRange(event, zone: zone))
            line += "  " + OneLine.flatten(event.title.isEmpty ? catalog.text("Untitled") : event.title)
            if let location = event.location { line += " @ \(OneLine.flatten(location))" }
            line += "  [\(event.calendar)]"
            if let status = event.status?.lowercased(), status != "confirmed" {
                line += " (\(Self.statusWord(status, catalog)))"
            }
            output += line + "\n"
            if output.utf8.count >= Self.chunk {
                Stdout.write(output)
                output = ""
            }
        }
        Stdout.write(any ? output : catalog.text("No events") + "\n")
    }

    /// An event's STATUS in the reader's words; one weft does not know stays as the calendar wrote it.
    static func statusWord(_ status: String, _ catalog: Catalog) -> String {
        switch status {
        case "tentative": catalog.text("tentative")
        case "cancelled": catalog.text("cancelled")
        default: status
        }
    }

    /// How much output is gathered before it is written.
    private static let chunk = 64 * 1024

    /// The occurrences as one JSON array (as ``JSONText/print(_:)`` writes it), written an element at a time.
    private static func writeJSON(_ events: MergedOccurrences) {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        var any = false
        for event in events {
            if any { bytes.append(UInt8(ascii: ",")) }
            any = true
            bytes.append(contentsOf: [UInt8(ascii: "\n"), UInt8(ascii: " "), UInt8(ascii: " ")])
            // The element one level deeper: each of its line breaks indented by two more spaces.
            for byte in JSONText.text(CalendarReadOptions.object(event, status: true)).utf8 {
                bytes.append(byte)
                if byte == UInt8(ascii: "\n") { bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
            }
            if bytes.count >= chunk {
                FileHandle.standardOutput.write(Data(bytes))
                bytes.removeAll(keepingCapacity: true)
            }
        }
        bytes.append(contentsOf: any ? Array("\n]\n".utf8) : Array("]\n".utf8))
        FileHandle.standardOutput.write(Data(bytes))
    }
}
