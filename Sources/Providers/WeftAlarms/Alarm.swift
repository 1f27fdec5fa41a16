import Foundation
import WeftPrimitives

/// One alarm, as the user's own record (`user_record` kind `alarm`, keyed by its id): its schedule, its settings and
/// where it stands (snoozed, dismissed, the next one skipped).
public struct Alarm: Codable, Sendable, Equatable {
    /// What names it stably: its label's slug when it was made (`wake`), made unique with a number.
    public var id: String
    /// What it says (`Wake`).
    public var label: String
    /// When it goes off.
    public var schedule: AlarmSchedule
    /// Seconds before each occurrence a pre-alert counts down from; nil: none.
    public var preAlert: Int?
    /// Seconds a snooze lasts.
    public var snooze: Int
    /// Whether it goes off at all.
    public var enabled: Bool
    /// When it was made.
    public var created: Date
    /// The one occurrence `skip-next` took out.
    public var skipped: Date?
    /// Occurrences at or before this instant are over (dismissed).
    public var dismissedThrough: Date?
    /// The occurrence a snooze put off, and when it goes off again.
    public var snoozed: Snooze?

    /// A snoozed occurrence.
    public struct Snooze: Codable, Sendable, Equatable {
        /// The occurrence as scheduled.
        public var occurrence: Date
        /// When it goes off again.
        public var until: Date
        /// How many times it was snoozed.
        public var count: Int
    }

    /// How long an occurrence rings when nobody snoozes or dismisses it (GNOME Clocks' default ring time).
    public static let ringsFor: TimeInterval = 10 * 60
    /// The default snooze: nine minutes, as alarm clocks (and Ticker, GNOME Clocks) have it.
    public static let defaultSnooze = 9 * 60
    /// The range of a snooze, in seconds.
    public static let snoozeRange = ValueRange("a snooze of 1 to 60 minutes", 60, 3600)
    /// The range of a pre-alert, in seconds.
    public static let preAlertRange = ValueRange("a pre-alert of 1 minute to 24 hours", 60, 86_400)
    /// The most alarms one database keeps: enough for every alarm clock a person needs, few enough that a render's
    /// expansion stays small.
    public static let maximumCount = 100
    /// The longest label.
    public static let maximumLabel = 100

    /// What is wrong with `label` as an alarm's or timer's label, or nil: it is shown in bars, notifications and
    /// terminals, so it is one line of 1 to ``maximumLabel`` characters without control characters.
    public static func labelProblem(_ label: String) -> String? {
        if label.trimmingCharacters(in: .whitespaces).isEmpty || label.count > maximumLabel {
            return "--label must have 1 to \(maximumLabel) characters"
        }
        if label.unicodeScalars.contains(where: TerminalText.isUnsafe) {
            return "--label must be one line of text without control characters"
        }
        return nil
    }

    /// Creates an alarm.
    public init(
        id: String, label: String, schedule: AlarmSchedule, preAlert: Int? = nil, snooze: Int = Alarm.defaultSnooze,
        enabled: Bool = true, created: Date
    ) {
        self.id = id
        self.label = label
        self.schedule = schedule
        self.preAlert = preAlert
        self.snooze = snooze
        self.enabled = enabled
        self.created = created
    }

    /// Whether an occurrence still goes off: not skipped, not dismissed.
    func isPending(_ occurrence: Date) -> Bool {
        occurrence != skipped && occurrence > (dismissedThrough ?? .distantPast)
    }

    /// The occurrences in `[lower, upper]` that go off (none while disabled), ascending.
    public func pending(from lower: Date, through upper: Date) -> [Date] {
        guard enabled else { return [] }
        return schedule.occurrences(from: lower, through: upper).filter(isPending)
    }

    /// The first occurrence after `now` that goes off, searched up to two years from `now` or the first day,
    /// whichever is later (an `--every 52w` alarm, one set for a day years ahead).
    public func next(after now: Date) -> Date? {
        guard enabled else { return nil }
        let first = LocalDay.start(of: schedule.startDay - 1, in: schedule.timeZone)
        var lower = max(now.addingTimeInterval(1), first)
        let origin = lower
        for days in [8.0, 64, 800] {
            let upper = origin.addingTimeInterval(days * 86_400)
            if let first = pending(from: lower, through: upper).first { return first }
            lower = upper
        }
        return nil
    }

    /// What it is doing at `now`.
    public enum State: Sendable, Equatable {
        /// Nothing: waiting for its next occurrence.
        case idle
        /// Going off since `since` for the occurrence `occurrence`.
        case ringing(occurrence: Date, since: Date)
        /// Snoozed until `until`.
        case snoozed(occurrence: Date, until: Date)
    }

    /// Rings for ``ringsFor`` after an occurrence (or a snooze's end) until dismissed or snoozed.
    public func state(at now: Date) -> State {
        if let snoozed, snoozed.occurrence > (dismissedThrough ?? .distantPast) {
            if now < snoozed.until { return .snoozed(occurrence: snoozed.occurrence, until: snoozed.until) }
            if now < snoozed.until.addingTimeInterval(Self.ringsFor) {
                return .ringing(occurrence: snoozed.occurrence, since: snoozed.until)
            }
        }
        guard enabled else { return .idle }
        let recent = pending(from: now.addingTimeInterval(-Self.ringsFor), through: now)
        if let last = recent.last, last > (snoozed?.occurrence ?? .distantPast) {
            return .ringing(occurrence: last, since: last)
        }
        return .idle
    }

    /// The occurrence whose pre-alert counts down at `now` (within ``preAlert`` before it), or nil: what Dismiss
    /// takes out before it goes off, and what the board shows as counting down.
    func preAlertTarget(at now: Date) -> Date? {
        guard let lead = preAlert, let next = next(after: now), next.timeIntervalSince(now) <= TimeInterval(lead) else {
            return nil
        }
        return next
    }

    /// When it next makes a sound after `now`: a snooze's end, else its next occurrence.
    public func nextSound(after now: Date) -> Date? {
        if case .snoozed(_, let until) = state(at: now) {
            return min(until, next(after: now) ?? until)
        }
        return next(after: now)
    }
}
