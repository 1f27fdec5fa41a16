import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct AlarmListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List the alarms: time, days, next time, state.",
        discussion: """
            Examples:
              weft alarm list
              weft alarm list --json
            """)

    @Flag(help: "Print JSON.")
    var json = false

    @OptionGroup var options: AlarmOptions

    func run() throws {
        let now = try options.clock.instant()
        let alarms = try options.book(AlarmsKind.self).sorted
        if json {
            let rows: [[String: String]] = alarms.map { alarm in
                var row = [
                    "id": alarm.id, "label": alarm.label, "time": alarm.schedule.timeText,
                    "repeats": alarm.schedule.summary, "zone": alarm.schedule.zone,
                    "enabled": alarm.enabled ? "true" : "false", "snooze": AlarmText.duration(alarm.snooze),
                    "state": Self.state(alarm, now: now) { ISOInstant.format($0) },
                ]
                if let next = alarm.nextSound(after: now) { row["next"] = ISOInstant.format(next) }
                if let lead = alarm.preAlert { row["pre_alert"] = AlarmText.duration(lead) }
                if let skipped = alarm.skipped, skipped > now { row["skipped"] = ISOInstant.format(skipped) }
                return row
            }
            print(try JSONText.text(rows))
            return
        }
        let catalog = ReaderLanguage.catalog
        guard !alarms.isEmpty else {
            Stdout.line(catalog.text("no alarms; `weft alarm add 07:00 --days mon-fri --label Wake` sets one"))
            return
        }
        let when = { (date: Date) in try options.when(date, catalog) }
        for alarm in alarms {
            var parts = [alarm.id, alarm.label, alarm.schedule.timeText, alarm.schedule.summary(in: catalog)]
            parts.append(Self.said(alarm, now: now, catalog, until: when))
            if alarm.enabled, let next = alarm.nextSound(after: now) {
                parts.append(catalog.text("next {time}", ["time": try when(next)]))
            }
            if let skipped = alarm.skipped, skipped > now {
                parts.append(catalog.text("skipping {time}", ["time": try when(skipped)]))
            }
            if let lead = alarm.preAlert {
                parts.append(catalog.text("pre-alert {duration}", ["duration": AlarmText.duration(lead)]))
            }
            parts.append(catalog.text("snooze {duration}", ["duration": AlarmText.duration(alarm.snooze)]))
            Stdout.line(parts.joined(separator: "  "))
        }
    }

    /// ``state(_:now:until:)`` in `catalog`'s words, for people.
    static func said(_ alarm: Alarm, now: Date, _ catalog: Catalog, until: (Date) throws -> String) -> String {
        guard alarm.enabled else { return catalog.text("off") }
        switch alarm.state(at: now) {
        case .idle: return catalog.text("on")
        case .ringing: return catalog.text("ringing")
        case .snoozed(_, let end):
            return catalog.text("snoozed until {time}", ["time": (try? until(end)) ?? ISOInstant.format(end)])
        }
    }

    /// The alarm's state in the English words `--json` keeps; `until` writes a snooze's end (an ISO instant).
    static func state(
        _ alarm: Alarm, now: Date, until: (Date) throws -> String
    ) rethrows -> String {
        guard alarm.enabled else { return "off" }
        switch alarm.state(at: now) {
        case .idle: return "on"
        case .ringing: return "ringing"
        case .snoozed(_, let end): return "snoozed until \(try until(end))"
        }
    }
}
