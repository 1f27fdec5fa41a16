import Foundation
import WeftPrimitives

/// One timer, as the user's own record (`user_record` kind `timer`, keyed by its id): a duration run for a number of
/// rounds, with its pauses.
public struct CountdownTimer: Codable, Sendable, Equatable {
    /// What names it stably (`tea`).
    public var id: String
    /// What it says (`Tea`).
    public var label: String
    /// Seconds in one round.
    public var duration: Int
    /// Rounds in all (`--repeat`), at least 1.
    public var rounds: Int
    /// When it was started.
    public var startedAt: Date
    /// When it was paused, while it is.
    public var pausedAt: Date?
    /// Seconds spent paused before `pausedAt`.
    public var pausedSeconds: Double

    /// The range of one round, in seconds.
    public static let durationRange = ValueRange("a duration of 1 second to 24 hours", 1, 86_400)
    /// The range of `--repeat`.
    public static let roundsRange = ValueRange("a number of rounds from 1 to 100", 1, 100)
    /// The most timers kept at once (running, paused or done until stopped).
    public static let maximumCount = 20

    /// Creates a timer started at `startedAt`.
    public init(id: String, label: String, duration: Int, rounds: Int = 1, startedAt: Date) {
        self.id = id
        self.label = label
        self.duration = duration
        self.rounds = rounds
        self.startedAt = startedAt
        self.pausedAt = nil
        self.pausedSeconds = 0
    }

    /// Seconds it has run at `now` (pauses not counted), from 0 to all its rounds.
    public func elapsed(at now: Date) -> Double {
        let end = pausedAt ?? now
        let run = end.timeIntervalSince(startedAt) - pausedSeconds
        return min(max(run, 0), total)
    }

    /// Seconds of all its rounds.
    public var total: Double { Double(duration) * Double(rounds) }

    /// Running, paused or done.
    public enum State: String, Sendable {
        /// Counting down.
        case running
        /// Stopped part-way; `resume` goes on.
        case paused
        /// Every round ran out.
        case done
    }

    /// Where it stands at `now`.
    public func state(at now: Date) -> State {
        if elapsed(at: now) >= total { return .done }
        return pausedAt == nil ? .running : .paused
    }

    /// The round running at `now`, 1-based (the last once done).
    public func round(at now: Date) -> Int {
        min(Int(elapsed(at: now) / Double(duration)) + 1, rounds)
    }

    /// Seconds left in the round at `now` (0 once done).
    public func remaining(at now: Date) -> Double {
        let elapsed = elapsed(at: now)
        guard elapsed < total else { return 0 }
        return Double(round(at: now)) * Double(duration) - elapsed
    }

    /// How much of the round has run, 0 to 1.
    public func fraction(at now: Date) -> Double {
        1 - remaining(at: now) / Double(duration)
    }

    /// When each round ends (round number, instant), while it runs; a paused or done timer has none to come.
    public var roundEnds: [(round: Int, at: Date)] {
        guard pausedAt == nil else { return [] }
        let origin = startedAt.addingTimeInterval(pausedSeconds)
        return (1...max(rounds, 1)).map { ($0, origin.addingTimeInterval(Double(duration) * Double($0))) }
    }

    /// When the running round ends, at `now`; nil when paused or done.
    public func roundEnd(at now: Date) -> Date? {
        guard state(at: now) == .running else { return nil }
        return now.addingTimeInterval(remaining(at: now))
    }

    /// Pauses it at `now`.
    mutating func pause(at now: Date) { pausedAt = now }

    /// Goes on at `now` from where it was paused.
    mutating func resume(at now: Date) {
        guard let pausedAt else { return }
        pausedSeconds += max(now.timeIntervalSince(pausedAt), 0)
        self.pausedAt = nil
    }

    /// `25:00` under an hour, `1:05:00` from an hour: the whole seconds left, rounded up (a started second counts,
    /// so it shows 00:00 only once the time is up).
    public static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
        if hours > 0 { return "\(hours):\(pad(minutes)):\(pad(rest))" }
        return "\(pad(minutes)):\(pad(rest))"
    }
}
