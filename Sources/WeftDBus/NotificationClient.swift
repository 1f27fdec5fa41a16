import CSDBus
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A client of the freedesktop Notifications service on the session bus: Notify, CloseNotification,
/// GetCapabilities, GetServerInformation, and the ActionInvoked and NotificationClosed signals.
///
/// It owns its connection. Calls block until the server answers (at most `callTimeout`). Signals are collected by
/// `process()`: a program with its own loop polls `waitRequest()` together with its other deadlines and calls
/// `process()` when it wakes; `wait(until:)` does both for simple callers and tests. Not thread-safe: use it from
/// one thread.
public final class NotificationClient {
    private let bus: Bus
    private let inbox: SignalInbox
    private var slots: [MatchSlot] = []

    /// Connects to the session bus named by `DBUS_SESSION_BUS_ADDRESS` in `environment` and checks that a
    /// notification server is there (owning the name, or startable by the bus).
    public convenience init(
        environment: [String: String] = ProcessInfo.processInfo.environment, callTimeout: Duration = .seconds(5)
    ) throws {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            throw DBusError.noSessionBus
        }
        try self.init(address: address, callTimeout: callTimeout)
    }

    /// Connects to the bus at `address` (a D-Bus address such as `unix:path=/run/user/1000/bus`).
    public init(address: String, callTimeout: Duration = .seconds(5)) throws {
        bus = try Bus(address: address, callTimeout: callTimeout)
        inbox = SignalInbox()
        guard try serverIsReachable() else { throw DBusError.noNotificationServer }
        let userdata = Unmanaged.passUnretained(inbox).toOpaque()
        for member in ["ActionInvoked", "NotificationClosed"] {
            let rule =
                "type='signal',interface='\(Notifications.interface)',path='\(Notifications.path)',member='\(member)'"
            slots.append(try bus.addMatch(rule, userdata: userdata, callback: receiveSignal))
        }
    }

    deinit {
        // The slots point at the inbox: release them first (the bus, then the inbox, go after).
        slots.removeAll()
    }

    /// Shows a notification (or replaces the one `notification.replacesID` names) and returns its id.
    public func notify(_ notification: DesktopNotification) throws -> UInt32 {
        let message = try notificationsCall("Notify")
        var writer = MessageWriter(message)
        writer.string(notification.appName)
        writer.uint32(notification.replacesID)
        writer.string(notification.appIcon)
        writer.string(notification.summary)
        writer.string(notification.body)
        writer.strings(notification.actions.flatMap { [$0.key, $0.label] })
        writer.container(TypeCode.array, "{sv}") { writer in
            for (name, value) in notification.hints {
                writer.container(TypeCode.dictEntry, "sv") { writer in
                    writer.string(name)
                    writer.container(TypeCode.variant, value.signature) { writer in
                        switch value {
                        case .byte(let byte): writer.byte(byte)
                        case .boolean(let flag): writer.boolean(flag)
                        case .string(let text): writer.string(text)
                        case .int32(let number): writer.int32(number)
                        }
                    }
                }
            }
        }
        writer.int32(notification.expireTimeout.wireValue)
        let reply = try bus.call(message, method: "Notify", writer: writer)
        guard let id = MessageReader(message: reply.handle).uint32() else {
            throw DBusError.unexpectedReply(method: "Notify", detail: "expected a notification id")
        }
        return id
    }

    /// Closes a notification (the server then sends NotificationClosed with `closedByCall`).
    public func close(id: UInt32) throws {
        let message = try notificationsCall("CloseNotification")
        var writer = MessageWriter(message)
        writer.uint32(id)
        _ = try bus.call(message, method: "CloseNotification", writer: writer)
    }

    /// What the server supports.
    public func capabilities() throws -> NotificationCapabilities {
        let message = try notificationsCall("GetCapabilities")
        let reply = try bus.call(message, method: "GetCapabilities", writer: MessageWriter(message))
        guard let names = MessageReader(message: reply.handle).strings() else {
            throw DBusError.unexpectedReply(method: "GetCapabilities", detail: "expected a list of names")
        }
        return NotificationCapabilities(names: names)
    }

    /// Who the server is.
    public func serverInformation() throws -> NotificationServerInformation {
        let message = try notificationsCall("GetServerInformation")
        let reply = try bus.call(message, method: "GetServerInformation", writer: MessageWriter(message))
        let reader = MessageReader(message: reply.handle)
        guard let name = reader.string(), let vendor = reader.string(), let version = reader.string(),
            let specification = reader.string()
        else {
            throw DBusError.unexpectedReply(method: "GetServerInformation", detail: "expected four strings")
        }
        return NotificationServerInformation(
            name: name, vendor: vendor, version: version, specificationVersion: specification)
    }

    /// What to poll before calling `process()`. Ask again after every `process()` or call: the events and the
    /// timeout change.
    public func waitRequest() throws -> BusWait {
        try bus.waitRequest()
    }

    /// Reads and dispatches whatever the bus has ready, without blocking, and returns the signals received since
    /// the last time (including those that arrived while a call waited for its reply).
    public func process() throws -> [NotificationEvent] {
        try bus.processPending()
        return inbox.drain()
    }

    /// Waits until a signal arrives or `deadline` passes, and returns the signals (none at the deadline). Sleeps in
    /// poll(2) on the bus; for a program without a loop of its own, and tests.
    public func wait(until deadline: ContinuousClock.Instant) throws -> [NotificationEvent] {
        let clock = ContinuousClock()
        while true {
            let events = try process()
            if !events.isEmpty { return events }
            let now = clock.now
            if now >= deadline { return [] }
            let request = try waitRequest()
            var limit = deadline - now
            if let busLimit = request.timeout { limit = min(limit, busLimit) }
            var descriptor = pollfd(fd: request.descriptor, events: request.events, revents: 0)
            let result = poll(&descriptor, 1, BusWait.pollMilliseconds(limit))
            if result < 0, errno != EINTR {
                throw DBusError.connectionLost(reason: DBusError.reason(errno))
            }
        }
    }

    private func notificationsCall(_ member: String) throws -> BusMessage {
        try bus.methodCall(
            destination: Notifications.service, path: Notifications.path, interface: Notifications.interface,
            member: member)
    }

    /// Whether the name is owned now or can be started by the bus (a server installed with a service file, as
    /// dunst and notification-daemon are, starts on the first Notify).
    private func serverIsReachable() throws -> Bool {
        let owned = try bus.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "NameHasOwner")
        var writer = MessageWriter(owned)
        writer.string(Notifications.service)
        let ownedReply = try bus.call(owned, method: "NameHasOwner", writer: writer)
        if MessageReader(message: ownedReply.handle).boolean() == true { return true }
        let activatable = try bus.methodCall(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "ListActivatableNames")
        let names = try bus.call(activatable, method: "ListActivatableNames", writer: MessageWriter(activatable))
        return MessageReader(message: names.handle).strings()?.contains(Notifications.service) ?? false
    }
}

extension BusWait {
    /// `timeout` as poll(2)'s milliseconds, rounded up so a wait never ends just before the moment it waits for
    /// (and spins); -1 when there is none.
    public static func pollMilliseconds(_ timeout: Duration?) -> Int32 {
        guard let timeout else { return -1 }
        let (seconds, attoseconds) = timeout.components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        let whole = min(seconds, Int64(Int32.max / 1000 - 1)) * 1000
        let part = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: whole + part)
    }
}

/// The signals a match callback hands over until `process()` collects them.
final class SignalInbox {
    private var events: [NotificationEvent] = []

    func append(_ event: NotificationEvent) { events.append(event) }

    func drain() -> [NotificationEvent] {
        defer { events.removeAll() }
        return events
    }
}

/// The match callback: sd-bus lends the message for the call; the inbox is the client's.
private func receiveSignal(
    message: OpaquePointer?, userdata: UnsafeMutableRawPointer?, error: UnsafeMutablePointer<sd_bus_error>?
) -> Int32 {
    guard let message, let userdata else { return 0 }
    let inbox = Unmanaged<SignalInbox>.fromOpaque(userdata).takeUnretainedValue()
    let reader = MessageReader(message: message)
    switch reader.member {
    case "ActionInvoked":
        if let id = reader.uint32(), let key = reader.string() { inbox.append(.actionInvoked(id: id, actionKey: key)) }
    case "NotificationClosed":
        if let id = reader.uint32(), let reason = reader.uint32() {
            inbox.append(.closed(id: id, reason: NotificationCloseReason(code: reason)))
        }
    default:
        break
    }
    return 0
}
