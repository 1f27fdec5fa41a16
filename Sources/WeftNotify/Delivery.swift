import Foundation
import Logging
import Synchronization
import WeftCore
import WeftPrimitives
import WeftSpawn

#if canImport(Glibc)
    import Glibc
#endif

/// A notification as the notifier hands it over: plain text (sanitised), the server's markup made from it only where
/// the server takes markup.
public struct OutgoingNotification: Sendable, Equatable {
    /// The occasion's key.
    public var key: String
    /// The `notify.toml` section (or `rule:NAME`) it belongs to.
    public var kind: String
    /// The summary, plain text.
    public var title: String
    /// The body, plain text.
    public var body: String
    /// How insistent.
    public var urgency: Occasion.Urgency
    /// The buttons (none where the server has no actions).
    public var actions: [Occasion.Action]
    /// The freedesktop category hint (`x-weft.alarms`).
    public var category: String
    /// The notification it replaces in place (its server id), when it continues a thread.
    public var replaces: Int?
    /// The link the `open` action opens.
    public var link: String?
    /// The occasion's fields (what it is about), for a command's environment.
    public var fields: [String: String]
    /// When it was due.
    public var at: Date
}

/// What the notification server said since the last ask.
public enum ServerEvent: Sendable, Equatable {
    /// A button was pressed on notification `id`.
    case action(id: Int, action: String)
    /// Notification `id` was closed.
    case closed(id: Int)
}

/// Where notifications go: the desktop's notification server (D-Bus, merged from the `dbus` work) or, in tests, a
/// recorder.
public protocol NotificationDelivery: AnyObject {
    /// Shows `notification` (replacing `notification.replaces` in place when set); returns the server's id.
    func show(_ notification: OutgoingNotification) throws -> Int?
    /// The actions and closes the server reported since the last call.
    func events() -> [ServerEvent]
    /// A descriptor that becomes readable when the server has something to say (the bus), if any.
    var descriptor: Int32? { get }
    /// False once the connection to the server broke (a new one must be made).
    var isConnected: Bool { get }
}

extension NotificationDelivery {
    /// A delivery without a connection of its own never loses it.
    public var isConnected: Bool { true }
}

/// Runs a section's or rule's `command` and the actions' programs through the one spawner (WeftSpawn): argv without
/// a shell, the notification's fields in its environment (`WEFT_TITLE`, `WEFT_BODY`, `WEFT_KEY`, `WEFT_KIND`,
/// `WEFT_URGENCY`, `WEFT_AT`, `WEFT_LINK`, `WEFT_FIELD_<NAME>`), stdin and stdout on /dev/null, reaped when it ends.
public final class CommandDelivery {
    private let environment: [String: String]
    private let logger: Logger
    private let running = Running()

    /// Commands that inherit `environment` (the notifier's, with `WEFT_CACHE`/`WEFT_PROVIDERS` set).
    public init(environment: [String: String], logger: Logger = Logger(label: "weft.notify")) {
        self.environment = environment
        self.logger = logger
    }

    /// The environment a command gets for `notification`.
    public static func variables(_ notification: OutgoingNotification) -> [String: String] {
        var variables = [
            "WEFT_TITLE": notification.title, "WEFT_BODY": notification.body, "WEFT_KEY": notification.key,
            "WEFT_KIND": notification.kind, "WEFT_URGENCY": notification.urgency.rawValue,
            "WEFT_AT": ISOInstant.format(notification.at),
        ]
        if let link = notification.link { variables["WEFT_LINK"] = link }
        for (name, value) in notification.fields {
            let safe = name.uppercased().map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" }
            variables["WEFT_FIELD_" + String(safe)] = SafeText.plain(value)
        }
        return variables
    }

    /// Starts `argv` for `notification`; returns the problem when it cannot start.
    @discardableResult
    public func run(_ argv: [String], for notification: OutgoingNotification) -> String? {
        start(argv, environment: Self.variables(notification))
    }

    /// Starts `argv` with the notifier's environment (an action's program: `weft …`, `xdg-open`).
    @discardableResult
    public func start(_ argv: [String], environment extra: [String: String] = [:]) -> String? {
        guard var program = argv.first else { return nil }
        // `weft` is the weft beside this program (the notifier is `weft-notify`, installed with it).
        if program == "weft" {
            let sibling = PathExpansion.directory(of: Executables.current()) + "/weft"
            program = Executables.find(sibling) ?? "weft"
        }
        var arguments = argv
        arguments[0] = program
        let running = running
        running.started()
        do {
            // No parent-death signal: a snooze the user pressed must finish even if the notifier stops meanwhile.
            try Launch(arguments, environment: environment, adding: extra, parentDeathSignal: nil)
                .startDetached { _ in running.ended() }
            return nil
        } catch {
            running.ended()
            let problem = "cannot start \(argv[0]): \(ErrorText.words(error))"
            logger.error("\(problem)")
            return problem
        }
    }

    /// Nothing to do: each command is reaped by its own waiting thread.
    public func reap() {}

    /// Waits for every running command (before the process ends, and in tests).
    public func waitAll() {
        while running.count > 0 { usleep(5_000) }
    }

    /// How many commands run, counted across the waiting threads.
    private final class Running: Sendable {
        private let value = Mutex<Int>(0)
        var count: Int { value.withLock { $0 } }
        func started() { value.withLock { $0 += 1 } }
        func ended() { value.withLock { $0 -= 1 } }
    }
}
