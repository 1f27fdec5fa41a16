/// The freedesktop Notifications service's names.
public enum Notifications {
    /// The well-known bus name a notification server owns.
    public static let service = "org.freedesktop.Notifications"
    /// The object path of the server.
    public static let path = "/org/freedesktop/Notifications"
    /// The interface of its methods and signals.
    public static let interface = "org.freedesktop.Notifications"
}

/// How urgent a notification is (the `urgency` hint, a byte).
public enum NotificationUrgency: UInt8, Sendable, Hashable, CaseIterable {
    /// Background information.
    case low = 0
    /// Most notifications.
    case normal = 1
    /// Stays until dismissed on most servers (an alarm).
    case critical = 2
}

/// A button on a notification: `key` comes back in ActionInvoked, `label` is shown. The key `default` is the
/// action of clicking the notification itself.
public struct NotificationAction: Sendable, Hashable {
    /// What ActionInvoked reports.
    public var key: String
    /// What the user sees.
    public var label: String

    /// An action with its key and label.
    public init(key: String, label: String) {
        self.key = key
        self.label = label
    }
}

/// A hint value of one of the D-Bus types the specification uses.
public enum NotificationHint: Sendable, Hashable {
    /// A `y`.
    case byte(UInt8)
    /// A `b`.
    case boolean(Bool)
    /// An `s`.
    case string(String)
    /// An `i`.
    case int32(Int32)

    var signature: String {
        switch self {
        case .byte: return "y"
        case .boolean: return "b"
        case .string: return "s"
        case .int32: return "i"
        }
    }
}

/// When the server closes the notification by itself.
public enum NotificationTimeout: Sendable, Hashable {
    /// The server's own default (-1).
    case serverDefault
    /// Never: it stays until the user or the program closes it (0).
    case never
    /// After this many milliseconds (at least 1).
    case milliseconds(Int32)

    var wireValue: Int32 {
        switch self {
        case .serverDefault: return -1
        case .never: return 0
        case .milliseconds(let value): return max(1, value)
        }
    }
}

/// One Notify call's content. The text goes as given: a body shown by a server with `body-markup` must be escaped
/// by the caller (`NotificationText.markupEscaped`).
public struct DesktopNotification: Sendable, Hashable {
    /// The application name the server shows and groups by.
    public var appName: String = "weft"
    /// The id of a notification to update in place; 0 for a new one.
    public var replacesID: UInt32 = 0
    /// An icon name from the icon theme, or a file:// URI; empty for none.
    public var appIcon: String = ""
    /// The one-line title.
    public var summary: String
    /// The longer text; empty for none.
    public var body: String = ""
    /// The buttons, in order (`adapted(to:)` drops them for a server without the `actions` capability).
    public var actions: [NotificationAction] = []
    /// The `urgency` hint.
    public var urgency: NotificationUrgency?
    /// The `category` hint (`x-weft.alarm`, `im.received`, ...).
    public var category: String?
    /// The `desktop-entry` hint: the .desktop file's name without the suffix.
    public var desktopEntry: String?
    /// The `resident` hint: stay after an action is invoked (a snoozable alarm).
    public var resident: Bool?
    /// The `transient` hint: do not keep in the history (a countdown's intermediate updates).
    public var transient: Bool?
    /// Further hints by name (`sound-name`, `x-...`); the named fields above win over these.
    public var extraHints: [String: NotificationHint] = [:]
    /// When the server closes it.
    public var expireTimeout: NotificationTimeout = .serverDefault

    /// A notification with a summary and otherwise the defaults.
    public init(summary: String, body: String = "") {
        self.summary = summary
        self.body = body
    }

    /// Every hint that goes on the wire, sorted by name so a call is the same bytes each time.
    public var hints: [(name: String, value: NotificationHint)] {
        var all = extraHints
        if let urgency { all["urgency"] = .byte(urgency.rawValue) }
        if let category { all["category"] = .string(category) }
        if let desktopEntry { all["desktop-entry"] = .string(desktopEntry) }
        if let resident { all["resident"] = .boolean(resident) }
        if let transient { all["transient"] = .boolean(transient) }
        return all.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }
}

extension DesktopNotification {
    /// This notification, whose summary and body are plain text, as it should be sent to a server with
    /// `capabilities`: without `actions` the buttons are dropped (the server would ignore them, and no
    /// ActionInvoked would come); with `body-markup` the body is escaped so it shows as written and no value can
    /// inject markup (a link, an image).
    public func adapted(to capabilities: NotificationCapabilities) -> DesktopNotification {
        var adapted = self
        if !capabilities.actions { adapted.actions = [] }
        if capabilities.bodyMarkup { adapted.body = NotificationText.markupEscaped(body) }
        return adapted
    }
}

/// What the server says it can do (GetCapabilities).
public struct NotificationCapabilities: Sendable, Hashable {
    /// The capability names as the server sent them.
    public let names: [String]

    /// Capabilities from their names.
    public init(names: [String]) {
        self.names = names
    }

    /// Whether the server lists `name`.
    public func contains(_ name: String) -> Bool { names.contains(name) }
    /// Buttons are shown and ActionInvoked is sent.
    public var actions: Bool { contains("actions") }
    /// The body is read as markup (so text in it must be escaped).
    public var bodyMarkup: Bool { contains("body-markup") }
    /// The body is shown at all.
    public var body: Bool { contains("body") }
    /// Notifications stay until dismissed (a history or tray).
    public var persistence: Bool { contains("persistence") }
}

/// Who the server is (GetServerInformation).
public struct NotificationServerInformation: Sendable, Hashable {
    /// The product name (`gnome-shell`, `Plasma`, `dunst`, `mako`).
    public let name: String
    /// Its vendor.
    public let vendor: String
    /// Its version.
    public let version: String
    /// The version of the specification it follows.
    public let specificationVersion: String

    /// Information with its four fields (a fake server in a test gives its own).
    public init(name: String, vendor: String, version: String, specificationVersion: String) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.specificationVersion = specificationVersion
    }
}

/// Why a notification was closed (NotificationClosed's reason).
public enum NotificationCloseReason: Sendable, Hashable {
    /// It expired.
    case expired
    /// The user dismissed it.
    case dismissed
    /// CloseNotification closed it.
    case closedByCall
    /// The server gives no reason.
    case undefined
    /// A value the specification does not define.
    case other(UInt32)

    /// The reason for the code the signal carries.
    public init(code: UInt32) {
        switch code {
        case 1: self = .expired
        case 2: self = .dismissed
        case 3: self = .closedByCall
        case 4: self = .undefined
        default: self = .other(code)
        }
    }
}

/// A signal from the notification server about one of the notifications.
public enum NotificationEvent: Sendable, Hashable {
    /// The user chose the action with this key (ActionInvoked).
    case actionInvoked(id: UInt32, actionKey: String)
    /// The notification went away (NotificationClosed).
    case closed(id: UInt32, reason: NotificationCloseReason)

    /// The notification the event is about.
    public var id: UInt32 {
        switch self {
        case .actionInvoked(let id, _), .closed(let id, _): return id
        }
    }
}

/// Text for notification bodies.
public enum NotificationText {
    /// `text` with the characters body markup gives meaning to (`&`, `<`, `>`, and `"` inside a link's attribute)
    /// written as entities, for a server with the `body-markup` capability; the text then shows as it reads.
    public static func markupEscaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
