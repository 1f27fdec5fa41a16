import Foundation

/// A moment worth telling the user about (an alarm going off, an event about to start, rain about to begin),
/// derived from a snapshot at read time; the notifier delivers each once, by its ``key``.
public struct Occasion: Sendable, Hashable, Codable {
    /// What made it; `notify.toml` configures each kind in its own section (`[alarms]`, `[reminders]`, …).
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// An alarm going off.
        case alarm = "alarms"
        /// The countdown before an alarm.
        case preAlert = "pre-alerts"
        /// A timer reaching zero.
        case timer = "timers"
        /// A calendar event's reminder (its own VALARM or the provider's `remind` default).
        case reminder = "reminders"
        /// Rain about to start or stop, from the minute nowcast.
        case rain
        /// A habit not yet done on a scheduled day.
        case habit = "habits"
        /// A counter or step goal reached.
        case goal = "goals"
        /// A severe-weather alert issued for a weather provider's place.
        case alerts
        /// A rule the user wrote in `notify.toml`.
        case rule
    }

    /// How insistent the notification is (the freedesktop `urgency` hint).
    public enum Urgency: String, Sendable, Hashable, Codable, CaseIterable {
        /// Informational; servers may show it quietly.
        case low
        /// The default.
        case normal
        /// Stays until dismissed (alarms).
        case critical
    }

    /// A button on the notification.
    public struct Action: Sendable, Hashable, Codable {
        /// What pressing it does: `snooze`, `dismiss`, `done`, `stop`, or `open` (of ``Occasion/link``).
        public var id: String
        /// The button's text.
        public var label: String

        /// Creates an action.
        public init(id: String, label: String) {
            self.id = id
            self.label = label
        }
    }

    /// What made it.
    public var kind: Kind
    /// Names this one occurrence stably across runs and machines' restarts (`alarm:wake:2026-11-28T06:00:00Z`):
    /// the notifier records it when it decides to fire, and never fires the same key twice.
    public var key: String
    /// When it is due.
    public var at: Date
    /// Occasions with the same thread update one notification in place (a rain spell as it nears, a timer's
    /// countdown, an alarm's pre-alert then the alarm); nil: a notification of its own.
    public var thread: String?
    /// The notification's summary line, plain text.
    public var title: String
    /// The notification's body, plain text (the notifier escapes it where the server takes markup).
    public var body: String
    /// How insistent it is.
    public var urgency: Urgency
    /// The buttons it offers.
    public var actions: [Action]
    /// A link the `open` action opens (an event's URL), when it has one.
    public var link: String?
    /// After this instant it is no longer true (the snapshot it came from expired, the event began): it is not
    /// delivered past it, however late the notifier wakes. Nil: it stays true (an alarm).
    public var expires: Date?
    /// What identifies its source for the actions (`instance`, `alarm`, `habit`, `timer`, `event` …) and the
    /// command fallback's environment.
    public var fields: [String: String]

    /// Creates an occasion.
    public init(
        kind: Kind, key: String, at: Date, thread: String? = nil, title: String, body: String = "",
        urgency: Urgency = .normal, actions: [Action] = [], link: String? = nil, expires: Date? = nil,
        fields: [String: String] = [:]
    ) {
        self.kind = kind
        self.key = key
        self.at = at
        self.thread = thread
        self.title = title
        self.body = body
        self.urgency = urgency
        self.actions = actions
        self.link = link
        self.expires = expires
        self.fields = fields
    }
}

/// What a provider kind is asked when the notifier looks ahead: the occasions of one snapshot due in a window.
public struct OccasionQuery: Sendable {
    /// The render's context (`now` is the window's start; the zone and locale texts are written in).
    public var context: VariableContext
    /// The window's end: occasions due at or after it are asked for again later.
    public var until: Date
    /// The settings of the kind's section in `notify.toml` (`lead = "15m"` under `[rain]`, `at = "20:00"` under
    /// `[habits]`), as written; a kind reads the ones it knows and ignores the rest.
    public var options: [String: String]

    /// Creates a query.
    public init(context: VariableContext, until: Date, options: [String: String] = [:]) {
        self.context = context
        self.until = until
        self.options = options
    }
}

extension ProviderKind {
    /// Most kinds have nothing to tell.
    public static func occasions(of snapshot: Snapshot, query: OccasionQuery) throws -> [Occasion] { [] }
}
