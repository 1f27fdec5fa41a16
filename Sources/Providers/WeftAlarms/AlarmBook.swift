import Foundation
import WeftCore
import WeftPrimitives

/// Every alarm, by id, and the changes the commands, the dashboard, a bar click and the notifier's buttons make to
/// them: the one owner of what `add`, `remove`, `enable`, `disable`, `skip-next`, `snooze` and `dismiss` mean.
public struct AlarmBook: RecordBook {
    /// The user-record kind alarms are kept under.
    public static let recordKind = "alarm"

    /// The alarms by id.
    public var alarms: [String: Alarm]

    /// A book of `alarms`.
    public init(alarms: [Alarm] = []) {
        self.alarms = Dictionary(alarms.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The book the user's records of kind ``recordKind`` hold.
    public init(records: [String: Data]) throws {
        alarms = try RecordCoding.decode(Alarm.self, records)
    }

    /// The alarms sorted by time of day, then label.
    public var sorted: [Alarm] {
        alarms.values.sorted {
            ($0.schedule.hour, $0.schedule.minute, $0.label, $0.id) < (
                $1.schedule.hour, $1.schedule.minute, $1.label, $1.id
            )
        }
    }

    /// The change of records that makes `before` into this book.
    public func change(from before: AlarmBook, trashAs: String? = nil) throws -> UserRecordChange {
        try RecordCoding.change(kind: Self.recordKind, from: before.alarms, to: alarms, trashAs: trashAs)
    }

    /// The alarm a label or id names, or why none does (with the closest labels).
    public func find(_ name: String) throws(AlarmError) -> Alarm {
        let id = try NameLookup(entries: alarms.values.map { ($0.id, $0.label) }, what: "alarm").find(name)
        guard let alarm = alarms[id] else { throw .notFound(what: "alarm", name: name, closest: [], known: []) }
        return alarm
    }

    /// Adds an alarm labelled `label` (an id is made from it); refuses past one-time alarms and more than
    /// ``Alarm/maximumCount``.
    public mutating func add(
        label: String, schedule: AlarmSchedule, preAlert: Int?, snooze: Int, at now: Date
    ) throws(AlarmError) -> Alarm {
        guard alarms.count < Alarm.maximumCount else { throw .tooMany(what: "alarm", limit: Alarm.maximumCount) }
        let id = NameLookup(entries: alarms.values.map { ($0.id, $0.label) }, what: "alarm").newID(for: label)
        let alarm = Alarm(
            id: id, label: label, schedule: schedule, preAlert: preAlert, snooze: snooze, created: now)
        guard alarm.next(after: now) != nil else {
            throw .inThePast("\(schedule.summary) at \(schedule.timeText)")
        }
        alarms[id] = alarm
        return alarm
    }

    /// Takes the alarm away (the caller moves its record to the trash).
    public mutating func remove(_ name: String) throws(AlarmError) -> Alarm {
        let alarm = try find(name)
        alarms[alarm.id] = nil
        return alarm
    }

    /// Turns the alarm on or off; turning it off ends its ringing and snooze, turning it on forgets a skip.
    public mutating func setEnabled(_ name: String, _ enabled: Bool, at now: Date) throws(AlarmError) -> Alarm {
        var alarm = try find(name)
        alarm.enabled = enabled
        if enabled {
            alarm.skipped = nil
        } else {
            alarm.snoozed = nil
            alarm.dismissedThrough = max(alarm.dismissedThrough ?? .distantPast, now)
        }
        alarms[alarm.id] = alarm
        return alarm
    }

    /// Skips the next occurrence (one only: the one after it goes off again); returns the alarm and the skipped
    /// occurrence.
    public mutating func skipNext(_ name: String, at now: Date) throws(AlarmError) -> (alarm: Alarm, skipped: Date) {
        var alarm = try find(name)
        guard let next = alarm.next(after: now) else { throw .nothingToSkip(label: alarm.label) }
        alarm.skipped = next
        alarms[alarm.id] = alarm
        return (alarm, next)
    }

    /// Snoozes the ringing (or snoozed) alarm `name` — nil: the one ringing — for its snooze time from `now`.
    public mutating func snooze(_ name: String?, at now: Date) throws(AlarmError) -> Alarm {
        var alarm = try sounding(name, at: now, includingSnoozed: true, verb: "snooze")
        let occurrence: Date
        switch alarm.state(at: now) {
        case .ringing(let ringing, _), .snoozed(let ringing, _): occurrence = ringing
        case .idle: throw .notRinging(label: alarm.label, next: nil)
        }
        let count = (alarm.snoozed?.occurrence == occurrence ? alarm.snoozed?.count ?? 0 : 0) + 1
        alarm.snoozed = Alarm.Snooze(
            occurrence: occurrence, until: now.addingTimeInterval(TimeInterval(alarm.snooze)), count: count)
        alarms[alarm.id] = alarm
        return alarm
    }

    /// Ends the ringing or snoozed occurrence of `name` (nil: the one ringing or snoozed); during a pre-alert, the
    /// occurrence it counts down to is dismissed before it goes off.
    public mutating func dismiss(_ name: String?, at now: Date) throws(AlarmError) -> Alarm {
        var alarm = try sounding(name, at: now, includingSnoozed: true, verb: "dismiss")
        switch alarm.state(at: now) {
        case .ringing(let occurrence, _), .snoozed(let occurrence, _):
            alarm.dismissedThrough = max(alarm.dismissedThrough ?? .distantPast, occurrence)
        case .idle:
            guard let next = alarm.preAlertTarget(at: now) else {
                throw .notRinging(label: alarm.label, next: alarm.next(after: now).map { ISOInstant.format($0) })
            }
            alarm.dismissedThrough = max(alarm.dismissedThrough ?? .distantPast, next)
        }
        alarm.snoozed = nil
        alarms[alarm.id] = alarm
        return alarm
    }

    /// The alarm named, or with no name the one ringing (or snoozed, or in its pre-alert).
    private func sounding(
        _ name: String?, at now: Date, includingSnoozed: Bool, verb: String
    ) throws(AlarmError) -> Alarm {
        if let name { return try find(name) }
        let active = sorted.filter { alarm in
            switch alarm.state(at: now) {
            case .ringing: return true
            case .snoozed: return includingSnoozed
            case .idle: return verb == "dismiss" && alarm.preAlertTarget(at: now) != nil
            }
        }
        guard let first = active.first else {
            throw .noneYet(what: "alarm ringing to \(verb)", hint: "name one: `weft alarm \(verb) LABEL`")
        }
        return first
    }
}
