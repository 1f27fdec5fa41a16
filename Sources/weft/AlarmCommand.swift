import ArgumentParser
import Foundation
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives

struct AlarmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alarm",
        abstract: "Set alarms: once or on days, with a pre-alert and snooze; skip, snooze and dismiss them.",
        discussion: """
            Alarms are your own records in the database (no provider file needed): `weft backup` saves them, \
            `weft alarm remove` moves one to the trash. Their variables ({{__alarms_next_time}}, \
            {{__alarms_next_countdown}}, …) are derived when read, so a bar's countdown is always true. An alarm's \
            time is wall-clock time in the zone it was made in (--tz, else $TZ, else the system's): 07:00 stays \
            07:00 across a clock change. An alarm is named by its label or its id; at most \(Alarm.maximumCount).

            Examples:
              weft alarm add 07:00 --days mon-fri --label Wake --pre-alert 10m
              weft alarm add 09:30 --on 2026-12-24 --label Presents
              weft alarm add 18:00 --every 2w --days tue --label "Bins out"
              weft alarm list
              weft alarm skip-next Wake
              weft alarm snooze
              weft alarm dismiss
            """,
        subcommands: [
            AlarmAddCommand.self, AlarmListCommand.self, AlarmRemoveCommand.self, AlarmEnableCommand.self,
            AlarmDisableCommand.self, AlarmSkipNextCommand.self, AlarmSnoozeCommand.self, AlarmDismissCommand.self,
        ])
}

/// The clock, the database and the alarms instance every `weft alarm` command works with.
struct AlarmOptions: ParsableArguments {
    @OptionGroup var clock: ClockOptions
    @OptionGroup var locations: LocationOptions

    /// The edit of the alarms instance: a configured `type = "alarms"` file's, else `alarms`.
    func edit() throws -> AlarmEdit {
        let entry = try locations.configuredInstance(type: AlarmsKind.type, named: nil)
        return AlarmEdit(
            cacheDirectory: locations.resolved.cacheDirectory, instance: entry?.config.instance ?? AlarmsKind.type,
            prefix: entry?.provider.prefix)
    }

    /// The stored alarms (none before the first `add`).
    func book() throws -> AlarmBook {
        let store = try locations.workspace.openCache()
        return try AlarmBook(records: try store.userRecords(kind: AlarmBook.recordKind))
    }

    /// `Mon 2026-11-30 07:00` in the view's zone.
    func when(_ date: Date) throws -> String { AlarmText.when(date, in: try clock.zone()) }
}

/// What the alarm and timer commands print.
enum AlarmText {
    /// `Mon 2026-11-30 07:00`, local in `zone`.
    static func when(_ date: Date, in zone: TimeZone) -> String {
        let day = LocalDay.containing(date, in: zone)
        return "\(LocalText.weekdayShort(LocalDay.weekday(day))) \(LocalDay.iso(day)) \(LocalText.time(date, in: zone))"
    }

    /// `10m`, `1h`, `1h 30m`, `45s`: a setting's duration.
    static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds)s" }
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours)h") }
        if minutes > 0 { parts.append("\(minutes)m") }
        if rest > 0 { parts.append("\(rest)s") }
        return parts.joined(separator: " ")
    }

    /// Reads a duration option (`10m`, `90s`, `1h`) and checks it against `range`, or explains what was wrong.
    static func seconds(_ text: String, option: String, range: ValueRange) throws -> Int {
        guard let duration = DurationText.parse(text) else {
            throw ValidationError("\(option) \"\(text)\" is not a duration like 10m, 90s or 1h")
        }
        let seconds = DurationText.seconds(duration)
        guard range.contains(seconds), let whole = CheckedNumber.int(seconds) else {
            throw ValidationError("\(option) \"\(text)\" is out of range: it must be \(range.meaning)")
        }
        return whole
    }

    /// Runs an alarm or timer change, turning its refusal into the command's error message.
    static func run<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as AlarmError {
            throw CLIError(error.description)
        }
    }
}

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

    @Option(help: ArgumentHelp("The day (yyyy-MM-dd): the one day of a one-time alarm, else the first day.",
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
        if let label {
            guard !label.trimmingCharacters(in: .whitespaces).isEmpty, label.count <= Alarm.maximumLabel else {
                throw ValidationError("--label must have 1 to \(Alarm.maximumLabel) characters")
            }
        }
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
        let snoozeSeconds = try snooze.map {
            try AlarmText.seconds($0, option: "--snooze", range: Alarm.snoozeRange)
        } ?? Alarm.defaultSnooze
        let edit = try options.edit()
        let alarm = try AlarmText.run {
            try edit.add(
                label: label ?? "Alarm", schedule: schedule, preAlert: preAlertSeconds, snooze: snoozeSeconds, at: now)
        }
        var line = "\(alarm.label) (\(alarm.id)): \(schedule.timeText) \(schedule.summary)"
        if let next = alarm.next(after: now) {
            let minutes = TimeUntil(from: now, to: next, in: zone).minutes
            line += ", next \(try options.when(next)) (in \(AlarmVariables.countdown(minutes: minutes)))"
        }
        print(line)
    }
}

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
        let alarms = try options.book().sorted
        if json {
            let rows: [[String: String]] = alarms.map { alarm in
                var row = [
                    "id": alarm.id, "label": alarm.label, "time": alarm.schedule.timeText,
                    "repeats": alarm.schedule.summary, "zone": alarm.schedule.zone,
                    "enabled": alarm.enabled ? "true" : "false", "snooze": AlarmText.duration(alarm.snooze),
                    "state": Self.state(alarm, now: now),
                ]
                if let next = alarm.nextSound(after: now) { row["next"] = ISOInstant.format(next) }
                if let lead = alarm.preAlert { row["pre_alert"] = AlarmText.duration(lead) }
                if let skipped = alarm.skipped, skipped > now { row["skipped"] = ISOInstant.format(skipped) }
                return row
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(rows), as: UTF8.self))
            return
        }
        guard !alarms.isEmpty else {
            print("no alarms; `weft alarm add 07:00 --days mon-fri --label Wake` sets one")
            return
        }
        for alarm in alarms {
            var parts = [alarm.id, alarm.label, alarm.schedule.timeText, alarm.schedule.summary]
            parts.append(alarm.enabled ? Self.state(alarm, now: now) : "off")
            if alarm.enabled, let next = alarm.nextSound(after: now) { parts.append("next \(try options.when(next))") }
            if let skipped = alarm.skipped, skipped > now { parts.append("skipping \(try options.when(skipped))") }
            if let lead = alarm.preAlert { parts.append("pre-alert \(AlarmText.duration(lead))") }
            parts.append("snooze \(AlarmText.duration(alarm.snooze))")
            print(parts.joined(separator: "  "))
        }
    }

    static func state(_ alarm: Alarm, now: Date) -> String {
        guard alarm.enabled else { return "off" }
        switch alarm.state(at: now) {
        case .idle: return "on"
        case .ringing: return "ringing"
        case .snoozed(_, let until): return "snoozed until \(ISOInstant.format(until))"
        }
    }
}

/// An alarm's label or id, the clock and the database.
struct AlarmNameOptions: ParsableArguments {
    @Argument(help: "The alarm's label or id.")
    var name: String

    @OptionGroup var options: AlarmOptions
}

struct AlarmRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Move an alarm to the trash.",
        discussion: """
            The trash keeps it 30 days: `weft forget --restore "alarm LABEL"` brings it back.

            Examples:
              weft alarm remove Wake
            """)

    @OptionGroup var alarm: AlarmNameOptions

    func run() throws {
        let now = try alarm.options.clock.instant()
        let edit = try alarm.options.edit()
        let removed = try AlarmText.run { try edit.remove(alarm.name, at: now) }
        print("\(removed.label): moved to the trash (`weft forget --restore \"alarm \(removed.label)\"` brings it back)")
    }
}

struct AlarmEnableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable", abstract: "Turn an alarm on (a skipped next time goes off again).",
        discussion: "Examples:\n  weft alarm enable Wake")

    @OptionGroup var alarm: AlarmNameOptions

    func run() throws {
        let now = try alarm.options.clock.instant()
        let edit = try alarm.options.edit()
        let changed = try AlarmText.run { try edit.setEnabled(alarm.name, true, at: now) }
        var line = "\(changed.label): on"
        if let next = changed.next(after: now) { line += ", next \(try alarm.options.when(next))" }
        print(line)
    }
}

struct AlarmDisableCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: "Turn an alarm off (it stops ringing; `enable` turns it back on).",
        discussion: "Examples:\n  weft alarm disable Wake")

    @OptionGroup var alarm: AlarmNameOptions

    func run() throws {
        let now = try alarm.options.clock.instant()
        let edit = try alarm.options.edit()
        let changed = try AlarmText.run { try edit.setEnabled(alarm.name, false, at: now) }
        print("\(changed.label): off")
    }
}

struct AlarmSkipNextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip-next", abstract: "Skip an alarm's next time only (a holiday); `enable` undoes it.",
        discussion: "Examples:\n  weft alarm skip-next Wake")

    @OptionGroup var alarm: AlarmNameOptions

    func run() throws {
        let now = try alarm.options.clock.instant()
        let edit = try alarm.options.edit()
        let (changed, skipped) = try AlarmText.run { try edit.skipNext(alarm.name, at: now) }
        var line = "\(changed.label): skipping \(try alarm.options.when(skipped))"
        if let next = changed.next(after: now) { line += "; next \(try alarm.options.when(next))" }
        print(line)
    }
}

/// `snooze` and `dismiss`: an optional name (default: the alarm ringing).
struct AlarmSoundingOptions: ParsableArguments {
    @Argument(help: "The alarm's label or id (default: the one ringing).")
    var name: String?

    @OptionGroup var options: AlarmOptions
}

struct AlarmSnoozeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snooze", abstract: "Snooze the ringing alarm for its snooze time.",
        discussion: """
            Without a name, the alarm that is ringing (what a bar click runs: `on_click = ["weft", "alarm", \
            "snooze"]`). It goes off again after its snooze time (`--snooze` when added, default 9m).

            Examples:
              weft alarm snooze
              weft alarm snooze Wake
            """)

    @OptionGroup var alarm: AlarmSoundingOptions

    func run() throws {
        let now = try alarm.options.clock.instant()
        let edit = try alarm.options.edit()
        let changed = try AlarmText.run { try edit.snooze(alarm.name, at: now) }
        let until = changed.snoozed.map { LocalText.time($0.until, in: (try? alarm.options.clock.zone()) ?? .current) }
        print("\(changed.label): snoozed until \(until ?? "?")")
    }
}

struct AlarmDismissCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dismiss", abstract: "Stop the ringing or snoozed alarm (in its pre-alert: the time to come).",
        discussion: """
            Examples:
              weft alarm dismiss
              weft alarm dismiss Wake
            """)

    @OptionGroup var alarm: AlarmSoundingOptions

    func run() throws {
        let now = try alarm.options.clock.instant()
        let edit = try alarm.options.edit()
        let changed = try AlarmText.run { try edit.dismiss(alarm.name, at: now) }
        var line = "\(changed.label): dismissed"
        if let next = changed.next(after: now) { line += "; next \(try alarm.options.when(next))" }
        print(line)
    }
}
