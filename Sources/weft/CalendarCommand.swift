import ArgumentParser
import Foundation
import WeftCalendar
import WeftCore
import WeftPrimitives

struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Ask iCalendar files, vdirs and URLs for the next events or an agenda, without the cache.",
        discussion: """
            A SOURCE is a .ics file, a directory of .ics files (as vdirsyncer and khal keep them) or an \
            http(s):// or webcal:// URL. For the bar, configure a provider with type = "calendar" and render \
            {{__calendar_next_title}} instead: that reads the cache and never parses at render time.

            Examples:
              weft calendar next ~/calendars/work.ics --json
              weft calendar list ~/calendars/personal/ --from 2026-03-09T00:00:00Z --to 2026-03-16T00:00:00Z
            """,
        subcommands: [CalendarNextCommand.self, CalendarListCommand.self])
}

/// What `calendar next` and `calendar list` share: the sources, the zone and the event options.
struct CalendarReadOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Calendar files, vdir directories or URLs.", valueName: "source"))
    var sources: [String]

    @Option(
        help: ArgumentHelp(
            "Your calendar address; events it declined are left out (repeatable).", valueName: "mailto:address"))
    var me: [String] = []

    @Flag(name: .customLong("no-all-day"), help: "Leave out all-day events.")
    var noAllDay = false

    @Flag(help: "Print JSON with UTC ISO 8601 instants.")
    var json = false

    func validate() throws {
        if sources.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError("a SOURCE is empty; give a .ics file, a directory or an http(s):// URL")
        }
    }

    /// Loads every source; the first that fails stops the command with its file or URL named.
    func load(zone: TimeZone) async throws -> [ICalendar] {
        let options = CalendarOptions(timeZone: zone, me: me, includeAllDay: !noAllDay)
        var calendars: [ICalendar] = []
        for argument in sources {
            let source = CalendarSource(argument: argument)
            do {
                guard let (calendar, _) = try await source.load(options: options) else {
                    throw CLIError("\(argument): the server answered 304 to an unconditional request")
                }
                for warning in calendar.warnings { Stderr.line("weft: warning: \(warning)") }
                calendars.append(calendar)
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError("\(error)")
            }
        }
        return calendars
    }

    /// An occurrence as the JSON of `calendar next` and `calendar list` shows it.
    static func object(_ event: CalendarOccurrence, status: Bool = false) -> [String: Any] {
        var object: [String: Any] = [
            "title": event.title, "start": ISOInstant.format(event.start), "end": ISOInstant.format(event.end),
            "all_day": event.allDay, "location": event.location ?? NSNull(), "calendar": event.calendar,
        ]
        if status { object["status"] = event.status?.lowercased() ?? "confirmed" }
        return object
    }

    static func write(json value: Any) throws {
        let data = try JSONSerialization.data(
            withJSONObject: value, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed])
        FileHandle.standardOutput.write(data + Data("\n".utf8))
    }
}
