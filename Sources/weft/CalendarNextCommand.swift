import ArgumentParser
import Foundation
import Logging
import WeftCalendar
import WeftCommandLine
import WeftCore
import WeftPrimitives

struct CalendarNextCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "next",
        abstract: "Print the next event and the one after it (an event in progress is next).",
        discussion: """
            JSON is {"next": {"title", "start", "end", "all_day", "location", "calendar"} | null, "then": … | null} \
            with UTC instants; an all-day event starts at local midnight of --tz. Events up to 400 days after --now are looked at; null means nothing in that time.

            Examples:
              weft calendar next ~/calendars/work.ics
              weft calendar next work.ics https://example.org/team.ics --now 2026-03-10T08:00:00Z --tz Europe/Berlin --json
            """)

    @OptionGroup var calendar: CalendarReadOptions
    @OptionGroup var clock: ClockOptions

    func run() async throws {
        let now = try clock.instant()
        let zone = try clock.zone()
        let timer = ContinuousClock()
        let started = timer.now
        let calendars = try await calendar.load(zone: zone)
        let loaded = timer.now
        let candidates = calendars.flatMap { calendar -> [CalendarOccurrence] in
            let (next, then) = calendar.nextUp(now: now)
            return [next, then].compactMap { $0 }
        }
        // The benchmark reads these two numbers (WEFT_LOG=debug) to report parsing and next-up separately.
        Logger(label: "weft.calendar").debug(
            "timing",
            metadata: [
                "parse_ms": "\((loaded - started).milliseconds)", "next_up_ms": "\((timer.now - loaded).milliseconds)",
            ])
        let (next, then) = NextUp.pick(candidates, now: now)
        if calendar.json {
            func slot(_ event: CalendarOccurrence?) -> Any {
                guard let event else { return NSNull() }
                return CalendarReadOptions.object(event)
            }
            try CalendarReadOptions.write(json: ["next": slot(next), "then": slot(then)])
            return
        }
        let context = VariableContext(now: now, timeZone: zone, locale: Locale(identifier: "en_US"))
        let variables = CalendarVariables.derive(candidates, prefix: "", context: context)
        guard next != nil else {
            print("No upcoming events")
            return
        }
        print(variables["header"] ?? "Next Up")
        for slot in ["next_", "then_"] {
            guard let title = variables[slot + "title"] else { continue }
            var line = "  \(variables[slot + "label"] ?? "")  \(variables[slot + "time_range"] ?? "")  \(title)"
            if let location = variables[slot + "location"] { line += " @ \(location)" }
            line += "  [\(variables[slot + "calendar"] ?? "")]"
            print(line)
        }
    }
}

extension Duration {
    /// Whole and fractional milliseconds, for timing logs.
    fileprivate var milliseconds: String { String(format: "%.1f", DurationText.seconds(self) * 1000) }
}
