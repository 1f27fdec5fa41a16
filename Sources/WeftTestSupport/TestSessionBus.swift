import Foundation

/// A private D-Bus session bus for one test: `dbus-daemon` with its own configuration and socket in a temporary
/// directory, stopped when the last reference goes. Nothing from the user's session (no real notification server,
/// no service files) is on it.
public final class TestSessionBus {
    /// The bus's address, for DBUS_SESSION_BUS_ADDRESS.
    public let address: String
    /// An environment naming only this bus.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }
    private let home: TemporaryHome
    private let daemon: ChildProcess

    /// Starts the daemon and waits until it prints its address (it listens from then on). Fails with a message
    /// telling to run `make deps` when dbus-daemon is not installed.
    public init() throws {
        home = try TemporaryHome("dbus")
        let socket = home.path("bus")
        let configuration = home.path("session.conf")
        try home.write(
            configuration,
            """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>unix:path=\(socket)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """)
        daemon = try ChildProcess(
            "/usr/bin/dbus-daemon", ["--config-file=\(configuration)", "--print-address", "--nofork", "--nosyslog"],
            errorLog: home.path("dbus-daemon.log"))
        address = try daemon.readLine().trimmingCharacters(in: .whitespaces)
    }
}

/// A notification server on a test bus (Tests/Fixtures/dbus/notification_server.py): it records every Notify and
/// CloseNotification call, answers GetCapabilities with the given names, and sends ActionInvoked and
/// NotificationClosed when told to. Stopped when the last reference goes.
public final class TestNotificationServer {
    /// The capabilities a full-featured server (GNOME, KDE) reports.
    public static let fullCapabilities = ["actions", "body", "body-markup", "body-hyperlinks", "persistence"]
    private let home: TemporaryHome
    private let server: ChildProcess
    private let record: String

    /// Starts the server on `bus` and waits until it owns org.freedesktop.Notifications. With `rejectNotify`
    /// (a D-Bus error name and message), every Notify is answered with that error instead (a server that refuses).
    public init(
        on bus: TestSessionBus, capabilities: [String] = TestNotificationServer.fullCapabilities,
        rejectNotify: (name: String, message: String)? = nil
    ) throws {
        home = try TemporaryHome("notifications")
        record = home.path("calls.jsonl")
        var arguments = [
            FixtureFiles.path("dbus", "notification_server.py"), "--address", bus.address, "--record", record,
            "--capabilities", capabilities.joined(separator: ","),
        ]
        if let rejectNotify { arguments += ["--reject-notify", rejectNotify.name, rejectNotify.message] }
        // Debian's python3: python3-dbus and python3-gi are installed for it (`make deps`), not for a pyenv one.
        server = try ChildProcess("/usr/bin/python3", arguments, errorLog: home.path("server.log"))
        let greeting = try server.readLine()
        guard greeting.hasPrefix("ready ") else {
            throw TestServerError.helper(program: "notification_server.py", message: greeting + " " + server.errors)
        }
    }

    /// Every call recorded so far, in order.
    public func calls() throws -> [RecordedNotificationCall] {
        guard let text = try? String(contentsOfFile: record, encoding: .utf8) else { return [] }
        let decoder = JSONDecoder()
        return try text.split(separator: "\n").map {
            try decoder.decode(RecordedNotificationCall.self, from: Data($0.utf8))
        }
    }

    /// The calls once there are at least `count`, waiting for them without a fixed sleep (after 10 s, what there is,
    /// for the test's count check to report).
    public func calls(atLeast count: Int) throws -> [RecordedNotificationCall] {
        var seen: [RecordedNotificationCall] = []
        _ = try Poll.blocking {
            seen = try calls()
            return seen.count >= count
        }
        return seen
    }

    /// Makes the server send ActionInvoked(id, key), as when the user clicks the button.
    public func invokeAction(id: UInt32, key: String) throws {
        try server.send("action \(id) \(key)")
    }

    /// Makes the server send NotificationClosed(id, reason) (1 expired, 2 dismissed, 3 closed by a call, 4 other).
    public func close(id: UInt32, reason: UInt32) throws {
        try server.send("closed \(id) \(reason)")
    }
}

/// One Notify or CloseNotification call as the test server recorded it.
public struct RecordedNotificationCall: Decodable, Sendable, Equatable {
    /// `Notify` or `CloseNotification`.
    public let method: String
    /// The id returned (Notify) or asked to close (CloseNotification).
    public let id: UInt32
    /// Notify's arguments (nil for CloseNotification), by their names in the specification.
    public let appName: String?
    public let replacesID: UInt32?
    public let appIcon: String?
    public let summary: String?
    public let body: String?
    /// Keys and labels, alternating, as on the wire.
    public let actions: [String]?
    /// Every hint by name.
    public let hints: [String: RecordedHint]?
    public let expireTimeout: Int32?

    enum CodingKeys: String, CodingKey {
        case method, id, summary, body, actions, hints
        case appName = "app_name"
        case replacesID = "replaces_id"
        case appIcon = "app_icon"
        case expireTimeout = "expire_timeout"
    }
}

/// A hint's D-Bus type and value as the server received it.
public enum RecordedHint: Decodable, Sendable, Equatable {
    /// A `y`.
    case byte(UInt8)
    /// A `b`.
    case boolean(Bool)
    /// An `s`.
    case string(String)
    /// An `i`.
    case int32(Int32)
    /// Any other type, by its signature.
    case other(type: String)

    private enum CodingKeys: String, CodingKey { case type, value }

    /// Reads `{"type": signature, "value": ...}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "y": self = .byte(try container.decode(UInt8.self, forKey: .value))
        case "b": self = .boolean(try container.decode(Bool.self, forKey: .value))
        case "s": self = .string(try container.decode(String.self, forKey: .value))
        case "i": self = .int32(try container.decode(Int32.self, forKey: .value))
        default: self = .other(type: type)
        }
    }
}
