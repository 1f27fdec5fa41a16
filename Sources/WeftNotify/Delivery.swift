import Foundation
import Logging
import WeftCore
import WeftPrimitives

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
public enum NotificationEvent: Sendable, Equatable {
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
    func events() -> [NotificationEvent]
    /// A descriptor that becomes readable when the server has something to say (the bus), if any.
    var descriptor: Int32? { get }
}

/// Runs a section's or rule's `command`: argv without a shell, the notification's fields in its environment
/// (`WEFT_TITLE`, `WEFT_BODY`, `WEFT_KEY`, `WEFT_KIND`, `WEFT_URGENCY`, `WEFT_AT`, `WEFT_LINK`, `WEFT_FIELD_<NAME>`),
/// stdin and stdout on /dev/null; children are reaped without blocking the notifier.
public final class CommandDelivery {
    private let environment: [String: String]
    private let logger: Logger
    private var running: Set<pid_t> = []

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
            variables["WEFT_FIELD_" + String(safe)] = NotificationText.plain(value)
        }
        return variables
    }

    /// Starts `argv` for `notification`; returns the problem when it cannot start.
    @discardableResult
    public func run(_ argv: [String], for notification: OutgoingNotification) -> String? {
        reap()
        var merged = environment
        for (name, value) in Self.variables(notification) { merged[name] = value }
        return start(argv, environment: merged)
    }

    /// Starts `argv` with the notifier's environment (an action's program: `weft …`, `xdg-open`).
    @discardableResult
    public func start(_ argv: [String], environment extra: [String: String] = [:]) -> String? {
        guard var program = argv.first else { return nil }
        // `weft` is the weft beside this program (the notifier is `weft-notify`, installed with it).
        if program == "weft" {
            let sibling = (Executables.current() as NSString).deletingLastPathComponent + "/weft"
            program = Executables.find(sibling) ?? "weft"
        }
        var arguments = argv
        arguments[0] = program
        var merged = environment
        for (name, value) in extra { merged[name] = value }
        let cArguments = arguments.map { strdup($0) } + [nil]
        let cEnvironment = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in cArguments + cEnvironment { free(pointer) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, program, &actions, &attributes, cArguments, cEnvironment)
        guard status == 0 else {
            let problem = "cannot start \(argv[0]): \(String(cString: strerror(status)))"
            logger.error("\(problem)")
            return problem
        }
        running.insert(pid)
        return nil
    }

    /// Reaps the commands that ended.
    public func reap() {
        for pid in running {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result < 0 && errno == ECHILD) { running.remove(pid) }
        }
    }

    /// Waits for every running command (before the process ends, and in tests).
    public func waitAll() {
        for pid in running {
            var status: Int32 = 0
            _ = waitpid(pid, &status, 0)
        }
        running.removeAll()
    }
}
