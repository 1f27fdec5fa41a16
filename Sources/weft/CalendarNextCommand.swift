import ArgumentParser
import Foundation
import Logging
import WeftCalendar
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftRender

struct CalendarNextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Print the next event and the one after it (an event in progress is next).",
        discussion: """
            As the bar shows them: with --all-day separate (the default, or the provider's all_day) next and \
            then are timed events, and the day's all-day events are listed apart; so are timed events longer \
            than the provider's long_event (default 12h) once they have started ("Ongoing"). --from looks from another \
            moment (tomorrow, a date, an ISO 8601 instant) while labels still count from --now; --days limits how \
            far ahead to look (default 400). JSON is {"next": {"title", "start", "end", "all_day", "location", \
            "calendar", "url"} | null, "then": … | null, "all_day": [ … ], "ongoing": [ … ]} with UTC instants; an all-day event starts at \
            local midnight of the provider's timezone, else --tz, else $TZ; null means nothing in that time.

            Examples:
              weft calendar next ~/calendars/work.ics
              weft calendar next --instance work --from tomorrow
              weft calendar next work.ics https://example.org/team.ics \\
                --now 2026-03-10T08:00:00Z --tz Europe/Berlin --json
            """)

    @OptionGroup var calendar: CalendarReadOptions
    @OptionGroup var clock: ClockOptions

    @Option(
        help: ArgumentHelp(
            "Look from here: now, today, tomorrow, yyyy-MM-dd or an ISO 8601 instant (default: --now).",
            valueName: "when"))
    var from: String?

    @Option(help: ArgumentHelp("How many days ahead to look (default 400).", valueName: "n"))
    var days: Int = 400

    func validate() throws {
        if !(1...400).contains(days) { throw ValidationError("--days must be between 1 and 400") }
    }

    func run() async throws {
        let now = try clock.instant()
        let reading = try calendar.reading(clock: clock)
        let zone = reading.zone
        let start: (instant: Date, day: Int64?) =
            try from.map { try CalendarReadOptions.instant($0, option: "--from", now: now, zone: zone) } ?? (now, nil)
        let horizon = CalendarReadOptions.end(after: start, days: days, zone: zone).timeIntervalSince(start.instant)
        let mode = reading.options.allDay
        let timer = ContinuousClock()
        let started = timer.now
        let calendars = try await calendar.load(reading)
        let loaded = timer.now
        let day = LocalDay.containing(start.instant, in: zone)
        let dayStart = LocalDay.start(of: day, in: zone)
        let dayEnd = LocalDay.start(of: day + 1, in: zone)
        let longEvent = reading.options.longEvent
        var candidates: [CalendarOccurrence] = []
        var allDay: [CalendarOccurrence] = []
        var ongoing: [CalendarOccurrence] = []
        for calendar in calendars {
            candidates += NextUp.search(
                calendar, now: start.instant, count: 2, horizon: horizon, allDay: mode, longEvent: longEvent)
            let today = calendar.occurrences(overlapping: dayStart, dayEnd)
            if mode == .separate { allDay += today.filter { $0.allDay && !$0.isCancelled } }
            ongoing += NextUp.ongoing(today, now: start.instant, longEvent: longEvent)
        }
        // The benchmark reads these two numbers (WEFT_LOG=debug) to report parsing and next-up separately.
        Logger(label: "weft.calendar").debug(
            "timing",
            metadata: [
                "parse_ms": "\((loaded - started).milliseconds)", "next_up_ms": "\((timer.now - loaded).milliseconds)",
            ])
        let (next, then) = NextUp.pick(candidates, now: start.instant, allDay: mode, longEvent: longEvent)
        allDay.sort(by: { $0.start != $1.start ? $0.start < $1.start : $0.uid < $1.uid })
        ongoing.sort(by: { $0.start != $1.start ? $0.start < $1.start : $0.uid < $1.uid })
        if calendar.json {
            func slot(_ event: CalendarOccurrence?) -> JSONValue {
                guard let event else { return .null }
                return CalendarReadOptions.object(event)
            }
            CalendarReadOptions.write(
                json: .object([
                    "next": slot(next), "then": slot(then),
                    "all_day": .array(allDay.map { CalendarReadOptions.object($0) }),
                    "ongoing": .array(ongoing.map { CalendarReadOptions.object($0) }),
                ]))
            return
        }
        let catalog = ReaderLanguage.catalog
        let context = VariableContext(now: now, timeZone: zone, locale: Locale(identifier: "en_US"), catalog: catalog)
        let picked = [next, then].compactMap { $0 }
        let variables = CalendarVariables.derive(
            picked + ongoing, prefix: "", context: context, allDay: .include, longEvent: longEvent)
        var lines: [String] = []
        if next == nil {
            lines.append(catalog.text("No upcoming events"))
        } else {
            lines.append(variables["header"] ?? catalog.text("Next Up"))
        }
        for slot in ["next_", "then_"] {
            guard let title = variables[slot + "title"] else { continue }
            var label = variables[slot + "label"] ?? ""
            if let ends = variables[slot + "ends_in"] { label += ", " + ends }
            var line = "  \(label)  \(variables[slot + "time_range"] ?? "")  \(OneLine.flatten(title))"
            if let location = variables[slot + "location"] { line += " @ \(OneLine.flatten(location))" }
            line += "  [\(variables[slot + "calendar"] ?? "")]"
            lines.append(line)
        }
        if !allDay.isEmpty {
            lines.append(
                catalog.text(
                    "All day: {titles}",
                    [
                        "titles": allDay.map { OneLine.flatten($0.title.isEmpty ? catalog.text("Untitled") : $0.title) }
                            .joined(separator: " · ")
                    ]))
        }
        if let running = variables["ongoing"] {
            lines.append(catalog.text("Ongoing: {events}", ["events": OneLine.flatten(running)]))
        }
        Stdout.line(lines.joined(separator: "\n"))
    }
}

extension Duration {
    /// Whole and fractional milliseconds, for timing logs.
    fileprivate var milliseconds: String { String(format: "%.1f", DurationText.seconds(self) * 1000) }
}
