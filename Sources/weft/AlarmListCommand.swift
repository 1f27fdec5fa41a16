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
        guard !alarms.isEmpty else {
            Stdout.line("no alarms; `weft alarm add 07:00 --days mon-fri --label Wake` sets one")
            return
        }
        for alarm in alarms {
            var parts = [alarm.id, alarm.label, alarm.schedule.timeText, alarm.schedule.summary]
            parts.append(alarm.enabled ? try Self.state(alarm, now: now, until: options.when) : "off")
            if alarm.enabled, let next = alarm.nextSound(after: now) { parts.append("next \(try options.when(next))") }
            if let skipped = alarm.skipped, skipped > now { parts.append("skipping \(try options.when(skipped))") }
            if let lead = alarm.preAlert { parts.append("pre-alert \(AlarmText.duration(lead))") }
            parts.append("snooze \(AlarmText.duration(alarm.snooze))")
            Stdout.line(parts.joined(separator: "  "))
        }
    }

    /// The alarm's state; `until` writes a snooze's end (an ISO instant for JSON, the local time for people).
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
