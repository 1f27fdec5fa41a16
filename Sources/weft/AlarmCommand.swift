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

/// The clock, the database and the alarms and timers instances every `weft alarm` and `weft timer` command works
/// with.
struct AlarmOptions: ParsableArguments {
    @OptionGroup var clock: ClockOptions
    @OptionGroup var locations: LocationOptions

    /// The edit of the `Kind` instance: a configured file's of that type, else the one named after the kind.
    func edit<Kind: RecordKind>(_ kind: Kind.Type) throws -> RecordEdit<Kind> where Kind.Payload.Book: EditableBook {
        let entry = try locations.configuredInstance(type: Kind.type, named: nil)
        return RecordEdit(
            cacheDirectory: locations.resolved.cacheDirectory, instance: entry?.config.instance ?? Kind.type,
            prefix: entry?.provider.prefix)
    }

    /// Runs `body`, a change to the alarms or timers at the command's now, and prints the line it returns; a refusal
    /// (no such alarm) is the command's error.
    func change<Kind: RecordKind>(
        _ kind: Kind.Type, _ body: (RecordEdit<Kind>, Date) throws -> String
    ) throws where Kind.Payload.Book: EditableBook {
        let now = try clock.instant()
        let edit = try edit(kind)
        Stdout.line(try AlarmText.run { try body(edit, now) })
    }

    /// ``change(_:_:)`` of the alarms.
    func change(_ body: (AlarmEdit, Date) throws -> String) throws { try change(AlarmsKind.self, body) }

    /// ``change(_:_:)`` of the timers.
    func changeTimer(_ body: (TimerEdit, Date) throws -> String) throws { try change(TimersKind.self, body) }

    /// The stored alarms or timers (none before the first `add` or `start`).
    func book<Kind: RecordKind>(_ kind: Kind.Type) throws -> Kind.Payload.Book {
        let store = try locations.workspace.openCache()
        return try Kind.Payload.Book(records: try store.userRecords(kind: Kind.Payload.Book.recordKind))
    }

    /// `Mon 2026-11-30 07:00` in the view's zone, its weekday in `catalog`'s language.
    func when(_ date: Date, _ catalog: Catalog) throws -> String { AlarmText.when(date, in: try clock.zone(), catalog) }

    /// `text`, then `next Mon 2026-11-30 07:00` after `joiner` when `alarm` goes off again after `now`.
    func line(_ text: String, next alarm: Alarm, after now: Date, joiner: String = "; ") throws -> String {
        guard let next = alarm.next(after: now) else { return text }
        let catalog = ReaderLanguage.catalog
        return text + joiner + catalog.text("next {time}", ["time": try when(next, catalog)])
    }

    /// `Tea (t1): 02:59 left, round 1/2, running until 10:40`, in the reader's language.
    func line(_ timer: CountdownTimer, at now: Date) -> String {
        let catalog = ReaderLanguage.catalog
        var line = catalog.text(
            "{label} ({id}): {left} left",
            ["label": timer.label, "id": timer.id, "left": CountdownTimer.clock(timer.remaining(at: now))])
        if timer.rounds > 1 {
            line += catalog.text(
                ", round {round}/{rounds}", ["round": "\(timer.round(at: now))", "rounds": "\(timer.rounds)"])
        }
        line += ", " + Self.word(timer.state(at: now), in: catalog)
        if let end = timer.roundEnd(at: now), let zone = try? clock.zone() {
            line += catalog.text(" until {time}", ["time": LocalText.time(end, in: zone)])
        }
        return line
    }

    /// A timer's state as its line says it.
    static func word(_ state: CountdownTimer.State, in catalog: Catalog) -> String {
        switch state {
        case .running: catalog.text("running")
        case .paused: catalog.text("paused")
        case .done: catalog.text("done")
        }
    }
}

/// What the alarm and timer commands print.
enum AlarmText {
    /// `Mon 2026-11-30 07:00`, local in `zone`, the weekday in `catalog`'s language.
    static func when(_ date: Date, in zone: TimeZone, _ catalog: Catalog) -> String {
        let day = LocalDay.containing(date, in: zone)
        let weekday = LocalText.weekdayShort(LocalDay.weekday(day), in: catalog)
        return "\(weekday) \(LocalDay.iso(day)) \(LocalText.time(date, in: zone))"
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
            throw CLIError { catalog in error.text(in: catalog) }
        }
    }
}

/// An alarm's label or id, the clock and the database.
struct AlarmNameOptions: ParsableArguments {
    @Argument(help: "The alarm's label or id.")
    var name: String

    @OptionGroup var options: AlarmOptions
}

/// `snooze` and `dismiss`: an optional name (default: the alarm ringing).
struct AlarmSoundingOptions: ParsableArguments {
    @Argument(help: "The alarm's label or id (default: the one ringing).")
    var name: String?

    @OptionGroup var options: AlarmOptions
}
