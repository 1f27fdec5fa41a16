import ArgumentParser
import Foundation
import WeftCalendar
import WeftCommandLine
import WeftCore
import WeftPrimitives

struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Ask iCalendar files, vdirs and URLs for the next events or an agenda, without the cache.",
        discussion: """
            A SOURCE is a .ics file, a directory of .ics files (as vdirsyncer and khal keep them) or an \
            http(s):// or webcal:// URL. Without SOURCE the sources of the configured calendar provider are read \
            (--instance NAME when there are several), with its logins, `me`, `all_day` and `timezone`. For the \
            bar, render {{__calendar_next_title}} instead: that reads the cache and never parses at render time.

            Examples:
              weft calendar next ~/calendars/work.ics --json
              weft calendar next --instance work --from tomorrow
              weft calendar list ~/calendars/personal/ --from today --days 7
              weft calendar list --from 2026-03-09T00:00:00Z --to 2026-03-16T00:00:00Z
            """,
        subcommands: [CalendarNextCommand.self, CalendarListCommand.self])
}

/// What `calendar next` and `calendar list` share: the sources (given, or a configured provider's), the zone and
/// the event options.
struct CalendarReadOptions: ParsableArguments {
    @Argument(
        help: ArgumentHelp(
            "Calendar files, vdir directories or URLs (default: the configured calendar provider's sources).",
            valueName: "source"))
    var sources: [String] = []

    @Option(
        help: ArgumentHelp(
            "Read the sources of this calendar provider (default, without SOURCE: the only one configured).",
            valueName: "name"),
        completion: Completions.instances(type: "calendar"))
    var instance: String?

    @Option(
        help: ArgumentHelp(
            "Your calendar address; events it declined are left out (repeatable).", valueName: "mailto:address"))
    var me: [String] = []

    @Option(
        name: .customLong("all-day"),
        help: ArgumentHelp(
            "separate (next/then are timed events, all-day ones listed apart), include or exclude (default: the provider's, else separate).",
            valueName: "mode"))
    var allDay: String?

    @Flag(name: .customLong("no-all-day"), help: "Leave out all-day events (--all-day exclude).")
    var noAllDay = false

    @Flag(help: "Print JSON with UTC ISO 8601 instants.")
    var json = false

    @OptionGroup var locations: LocationOptions

    func validate() throws {
        if sources.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw ValidationError("a SOURCE is empty; give a .ics file, a directory or an http(s):// URL")
        }
        if !sources.isEmpty, let instance {
            throw ValidationError("give SOURCE… or --instance \(instance), not both")
        }
        if let allDay, CalendarOptions.AllDay(rawValue: allDay) == nil {
            throw ValidationError("--all-day \"\(allDay)\" is not separate, include or exclude")
        }
        if noAllDay, let allDay, allDay != "exclude" {
            throw ValidationError("--no-all-day and --all-day \(allDay) disagree; give one")
        }
    }

    /// The calendars to read, with the options they are read with and the zone their days and times are shown in.
    struct Reading {
        var sources: [CalendarSource]
        var options: CalendarOptions
        /// The zone of local days and times, as ``ZoneRule`` decides: the provider's `timezone`, else `--tz`, else
        /// `$TZ`.
        var zone: TimeZone
        var contact: String?
        var timeout: Duration
    }

    /// The sources given, or those of the configured provider (its `me`, `all_day`, `timezone` and logins too).
    func reading(clock: ClockOptions) throws -> Reading {
        let rule = try clock.zones()
        var reading: Reading
        if sources.isEmpty {
            let directory = locations.resolved.providersDirectory
            guard let entry = try locations.configuredInstance(type: CalendarKind.type, named: instance) else {
                if let instance {
                    throw CLIError { catalog in
                        catalog.text(
                            "no calendar provider \"{instance}\" in {directory}; `weft check` lists them",
                            ["instance": instance, "directory": directory])
                    }
                }
                throw CLIError { catalog in
                    catalog.text(
                        "no SOURCE given and no calendar provider in {directory}; give a .ics file, a directory or a URL, or configure a provider with type = \"calendar\"",
                        ["directory": directory])
                }
            }
            guard let provider = entry.provider as? CalendarProvider else {
                throw CLIError { catalog in
                    catalog.text("{file} is not a calendar provider", ["file": entry.config.file])
                }
            }
            let zone = rule.zone(provider: provider.configuredZone)
            var options = provider.options
            options.timeZone = zone
            reading = Reading(
                sources: provider.sources, options: options, zone: zone, contact: provider.contact,
                timeout: provider.timeout)
        } else {
            let zone = rule.general
            reading = Reading(
                sources: sources.map(CalendarSource.init(argument:)), options: CalendarOptions(timeZone: zone),
                zone: zone, contact: nil, timeout: .seconds(20))
        }
        reading.options.me += me
        if let allDay, let mode = CalendarOptions.AllDay(rawValue: allDay) { reading.options.allDay = mode }
        if noAllDay { reading.options.allDay = .exclude }
        return reading
    }

    /// Loads every source; the first that fails stops the command with its file or URL named.
    func load(_ reading: Reading) async throws -> [ICalendar] {
        var calendars: [ICalendar] = []
        for source in reading.sources {
            do {
                guard
                    let (calendar, _) = try await source.load(
                        options: reading.options, contact: reading.contact, timeout: reading.timeout)
                else {
                    throw CLIError { catalog in
                        catalog.text(
                            "{source}: the server answered 304 to an unconditional request", ["source": source.origin])
                    }
                }
                for warning in calendar.warnings { Stderr.line("weft: warning: \(warning)") }
                calendars.append(calendar)
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError(verbatim: ErrorText.words(error))
            }
        }
        return calendars
    }

    /// Where a window starts: `now`, `today`, `tomorrow`, `yesterday`, a local `yyyy-MM-dd` (its midnight in
    /// `zone`) or an ISO 8601 instant; the day is given for the words and dates, so `--days` counts local days.
    static func instant(_ text: String, option: String, now: Date, zone: TimeZone) throws -> (
        instant: Date, day: Int64?
    ) {
        let today = LocalDay.containing(now, in: zone)
        let day: Int64?
        switch text.lowercased() {
        case "now": return (now, nil)
        case "today": day = today
        case "tomorrow": day = today + 1
        case "yesterday": day = today - 1
        default: day = LocalDay.parse(text)
        }
        if let day { return (LocalDay.start(of: day, in: zone), day) }
        guard let instant = ISOInstant.parse(text) else {
            throw ValidationError(
                "\(option) \"\(text)\" is not today, tomorrow, a date such as 2026-03-10 or an ISO 8601 instant "
                    + "such as 2026-03-10T09:00:00Z")
        }
        return (instant, nil)
    }

    /// The end of a window `days` long from `start`: local midnights when it starts on a day, else whole 24 hours.
    static func end(after start: (instant: Date, day: Int64?), days: Int, zone: TimeZone) -> Date {
        if let day = start.day { return LocalDay.start(of: day + Int64(days), in: zone) }
        return start.instant.addingTimeInterval(TimeInterval(days) * 86_400)
    }

    /// An occurrence as the JSON of `calendar next` and `calendar list` shows it, its keys in the order their help
    /// lists them.
    static func object(_ event: CalendarOccurrence, status: Bool = false) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("title", .string(event.title)), ("start", .string(ISOInstant.format(event.start))),
            ("end", .string(ISOInstant.format(event.end))), ("all_day", .bool(event.allDay)),
            ("location", .string(event.location)), ("calendar", .string(event.calendar)),
        ]
        if status { pairs.append(("status", .string(event.status?.lowercased() ?? "confirmed"))) }
        if let url = event.url { pairs.append(("url", .string(url))) }
        return .object(pairs)
    }

    static func write(json value: JSONValue) {
        JSONText.print(value)
    }
}
