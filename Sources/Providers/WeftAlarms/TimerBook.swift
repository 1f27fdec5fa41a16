import Foundation
import WeftCore

/// Every timer, by id, and what `start`, `pause`, `resume`, `stop` and `restart` do to them: the one owner the
/// commands, a bar click, the dashboard and the notifier's buttons share.
public struct TimerBook: RecordBook {
    /// The user-record kind timers are kept under.
    public static let recordKind = "timer"

    /// The timers by id.
    public var timers: [String: CountdownTimer]

    /// A book of `timers`.
    public init(timers: [CountdownTimer] = []) {
        self.timers = Dictionary(timers.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    /// The book the user's records of kind ``recordKind`` hold.
    public init(records: [String: Data]) throws {
        timers = try RecordCoding.decode(CountdownTimer.self, records)
    }

    /// The timers by start, oldest first.
    public var sorted: [CountdownTimer] {
        timers.values.sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
    }

    /// The change of records that makes `before` into this book.
    public func change(from before: TimerBook) throws -> UserRecordChange {
        try RecordCoding.change(kind: Self.recordKind, from: before.timers, to: timers, trashAs: nil)
    }

    /// The timer a label or id names; with no name the current one (``current(at:)``), or why none.
    public func find(_ name: String?, at now: Date) throws(AlarmError) -> CountdownTimer {
        guard let name else {
            guard let current = current(at: now) else {
                throw .noneYet(what: "timer", hint: "start one: `weft timer start 25m`")
            }
            return current
        }
        let id = try NameLookup(entries: timers.values.map { ($0.id, $0.label) }, what: "timer").find(name)
        guard let timer = timers[id] else { throw .notFound(what: "timer", name: name, closest: [], known: []) }
        return timer
    }

    /// The timer a bar shows: the running one ending first, else the last paused, else the last to finish.
    public func current(at now: Date) -> CountdownTimer? {
        let all = Array(timers.values)
        let running = all.filter { $0.state(at: now) == .running }
        if let first = running.min(by: { ($0.remaining(at: now), $0.id) < ($1.remaining(at: now), $1.id) }) {
            return first
        }
        let paused = all.filter { $0.state(at: now) == .paused }
        if let last = paused.max(by: { ($0.pausedAt ?? .distantPast, $0.id) < ($1.pausedAt ?? .distantPast, $1.id) }) {
            return last
        }
        return all.max { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
    }

    /// Starts a timer of `duration` seconds for `rounds` rounds; a finished timer with the same label is started
    /// afresh instead of kept beside it. At most ``CountdownTimer/maximumCount``.
    public mutating func start(label: String?, duration: Int, rounds: Int, at now: Date) throws(AlarmError)
        -> CountdownTimer
    {
        let label = label ?? Self.defaultLabel(duration)
        if let same = timers.values.first(where: {
            NameLookup.fold($0.label) == NameLookup.fold(label) && $0.state(at: now) == .done
        }) {
            timers[same.id] = nil
        }
        guard timers.count < CountdownTimer.maximumCount else {
            throw .tooMany(what: "timer", limit: CountdownTimer.maximumCount)
        }
        let id = NameLookup(entries: timers.values.map { ($0.id, $0.label) }, what: "timer").newID(for: label)
        let timer = CountdownTimer(id: id, label: label, duration: duration, rounds: rounds, startedAt: now)
        timers[id] = timer
        return timer
    }

    /// Pauses a running timer.
    public mutating func pause(_ name: String?, at now: Date) throws(AlarmError) -> CountdownTimer {
        try turn(name, at: now, from: .running, wanted: "paused") { $0.pause(at: now) }
    }

    /// Resumes a paused timer.
    public mutating func resume(_ name: String?, at now: Date) throws(AlarmError) -> CountdownTimer {
        try turn(name, at: now, from: .paused, wanted: "resumed") { $0.resume(at: now) }
    }

    /// Applies `change` to the timer `name` names when it is in `state`, else refuses with what was `wanted`.
    private mutating func turn(
        _ name: String?, at now: Date, from state: CountdownTimer.State, wanted: String,
        _ change: (inout CountdownTimer) -> Void
    ) throws(AlarmError) -> CountdownTimer {
        var timer = try find(name, at: now)
        let current = timer.state(at: now)
        guard current == state else { throw .timerState(label: timer.label, state: current.rawValue, wanted: wanted) }
        change(&timer)
        timers[timer.id] = timer
        return timer
    }

    /// Stops a timer and takes it away.
    public mutating func stop(_ name: String?, at now: Date) throws(AlarmError) -> CountdownTimer {
        let timer = try find(name, at: now)
        timers[timer.id] = nil
        return timer
    }

    /// Starts a timer again from its first round at `now` (the notification's Restart button).
    public mutating func restart(_ name: String?, at now: Date) throws(AlarmError) -> CountdownTimer {
        var timer = try find(name, at: now)
        timer = CountdownTimer(
            id: timer.id, label: timer.label, duration: timer.duration, rounds: timer.rounds, startedAt: now)
        timers[timer.id] = timer
        return timer
    }

    /// `25m timer`: a label for a timer started without one.
    static func defaultLabel(_ duration: Int) -> String {
        if duration % 3600 == 0 { return "\(duration / 3600)h timer" }
        if duration % 60 == 0 { return "\(duration / 60)m timer" }
        return "\(duration)s timer"
    }
}
