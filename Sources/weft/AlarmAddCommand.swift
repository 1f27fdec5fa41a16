import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct AlarmAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add an alarm at a time of day: once (the next such time, or --on a day) or on --days.",
        discussion: """
            --days takes mon-fri, mon,wed,fri, sat-sun, weekdays, weekends or daily; --every 2w with --days tue \
            makes "every other Tuesday" (weeks counted as a calendar's RRULE counts them, from the first such day); \
            --every 3d every third day. Without --days, --every or --on the alarm goes off once, at the next such \
            time. --pre-alert (1m to 24h) counts down before each time; --snooze (1m to 60m, default 9m) is how \
            long Snooze waits.

            Examples:
              weft alarm add 07:00 --days mon-fri --label Wake --pre-alert 10m --snooze 9m
              weft alarm add 06:30 --on 2026-12-24 --label Flight
              weft alarm add 18:00 --every 2w --days tue --label "Bins out"
            """)

    @Argument(help: ArgumentHelp("The time of day, 24-hour (07:00).", valueName: "HH:MM"))
    var time: String

    @Option(help: ArgumentHelp("The days it goes off: mon-fri, mon,wed,fri, weekends, daily.", valueName: "days"))
    var days: String?

    @Option(help: ArgumentHelp("Every N days or weeks: 3d, 2w (1d–365d, 1w–52w).", valueName: "interval"))
    var every: String?

    @Option(
        help: ArgumentHelp(
            "The day (yyyy-MM-dd): the one day of a one-time alarm, else the first day.",
            valueName: "date"))
    var on: String?

    @Option(help: ArgumentHelp("What it says (default: Alarm).", valueName: "text"))
    var label: String?

    @Option(name: .customLong("pre-alert"), help: ArgumentHelp("A countdown before it: 10m.", valueName: "duration"))
    var preAlert: String?

    @Option(help: ArgumentHelp("How long a snooze lasts (default 9m).", valueName: "duration"))
    var snooze: String?

    @OptionGroup var options: AlarmOptions

    func validate() throws {
        guard AlarmSchedule.time(time) != nil else {
            throw ValidationError("\"\(time)\" is not a time of day like 07:00 (00:00 to 23:59)")
        }
        if let label, let problem = Alarm.labelProblem(label) { throw ValidationError(problem) }
        if let days, case .failure(let error) = AlarmSchedule.days(days) {
            throw ValidationError(
                "--days \"\(days)\": \"\(error.word)\" is not a weekday (mon … sun), a range like mon-fri, weekdays, "
                    + "weekends or daily")
        }
        if let on, LocalDay.parse(on) == nil {
            throw ValidationError("--on \"\(on)\" is not a date like 2026-12-24")
        }
        _ = try interval()
        if let preAlert { _ = try AlarmText.seconds(preAlert, option: "--pre-alert", range: Alarm.preAlertRange) }
        if let snooze { _ = try AlarmText.seconds(snooze, option: "--snooze", range: Alarm.snoozeRange) }
    }

    /// `--every` as (count, weekly), or nil.
    private func interval() throws -> (count: Int, weekly: Bool)? {
        guard let every else { return nil }
        let text = every.lowercased()
        guard let unit = text.last, unit == "d" || unit == "w", text.count <= 4,
            let count = Int(text.dropLast()), count >= 1, count <= (unit == "w" ? 52 : 365)
        else {
            throw ValidationError("--every \"\(every)\" is not a number of days (1d to 365d) or weeks (1w to 52w)")
        }
        return (count, unit == "w")
    }

    func run() throws {
        let now = try options.clock.instant()
        let zone = try options.clock.zone()
        let (hour, minute) = AlarmSchedule.time(time) ?? (0, 0)
        let weekdays = try days.map { text -> Set<Int> in
            guard case .success(let set) = AlarmSchedule.days(text) else { throw ValidationError("--days \(text)") }
            return set
        }
        let schedule = try AlarmText.run {
            try AlarmSchedule.make(
                hour: hour, minute: minute, zone: zone, days: weekdays, every: try interval(),
                on: on.flatMap(LocalDay.parse), now: now)
        }
        let preAlertSeconds = try preAlert.map {
            try AlarmText.seconds($0, option: "--pre-alert", range: Alarm.preAlertRange)
        }
        let snoozeSeconds =
            try snooze.map {
                try AlarmText.seconds($0, option: "--snooze", range: Alarm.snoozeRange)
            } ?? Alarm.defaultSnooze
        let edit = try options.edit(AlarmsKind.self)
        let alarm = try AlarmText.run {
            try edit.add(
                label: label ?? "Alarm", schedule: schedule, preAlert: preAlertSeconds, snooze: snoozeSeconds, at: now)
        }
        let catalog = ReaderLanguage.catalog
        var line = "\(alarm.label) (\(alarm.id)): \(schedule.timeText) \(schedule.summary(in: catalog))"
        if let next = alarm.next(after: now) {
            let minutes = TimeUntil(from: now, to: next, in: zone).minutes
            line += catalog.text(
                ", next {time} (in {countdown})",
                ["time": try options.when(next, catalog), "countdown": AlarmVariables.countdown(minutes: minutes)])
        }
        Stdout.line(line)
    }
}
