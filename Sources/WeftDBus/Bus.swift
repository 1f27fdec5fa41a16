import CSDBus

#if canImport(Glibc)
    import Glibc
#endif

/// One connection to a message bus, owning its `sd_bus *` (closed and released exactly once, at deinit).
///
/// sd-bus objects are not thread-safe, so neither is this: one thread (the notifier's loop) uses it.
final class Bus {
    private let handle: OpaquePointer
    /// How long a method call waits for its reply.
    let callTimeout: Duration

    init(address: String, callTimeout: Duration) throws {
        if let failure = csdbus_load_error() { throw DBusError.libraryUnavailable(String(cString: failure)) }
        var made: OpaquePointer?
        let created = csdbus_new(&made)
        guard created >= 0, let made else {
            throw DBusError.cannotConnect(address: address, reason: DBusError.reason(created))
        }
        handle = made
        self.callTimeout = callTimeout
        // From here deinit releases the handle, also when a step below throws.
        func check(_ result: Int32) throws {
            if result < 0 { throw DBusError.cannotConnect(address: address, reason: DBusError.reason(result)) }
        }
        try check(address.withCString { csdbus_set_address(made, $0) })
        try check(csdbus_set_bus_client(made, 1))
        try check(csdbus_set_description(made, "weft"))
        try check(csdbus_start(made))
    }

    deinit {
        csdbus_flush_close_unref(handle)
    }

    /// A method call to fill with arguments.
    func methodCall(destination: String, path: String, interface: String, member: String) throws -> BusMessage {
        var made: OpaquePointer?
        let result = csdbus_message_new_method_call(handle, &made, destination, path, interface, member)
        guard result >= 0, let made else { throw DBusError.connectionLost(reason: DBusError.reason(result)) }
        return BusMessage(adopting: made)
    }

    /// Sends a call and waits for its reply (signals that arrive meanwhile are queued for `process`).
    func call(_ message: BusMessage, method: String, writer: MessageWriter) throws -> BusMessage {
        if writer.failure < 0 {
            throw DBusError.unexpectedReply(method: method, detail: "arguments: \(DBusError.reason(writer.failure))")
        }
        var error = sd_bus_error()
        defer { csdbus_error_free(&error) }
        var reply: OpaquePointer?
        let (seconds, attoseconds) = callTimeout.components
        // A day is longer than any call should wait, and keeps the product in range.
        let microseconds = UInt64(clamping: max(1, min(seconds, 86_400) * 1_000_000 + attoseconds / 1_000_000_000_000))
        let result = csdbus_call(handle, message.handle, microseconds, &error, &reply)
        if result < 0 {
            if let name = error.name.map({ String(cString: $0) }) {
                let text = error.message.map { String(cString: $0) } ?? ""
                if name == "org.freedesktop.DBus.Error.ServiceUnknown"
                    || name == "org.freedesktop.DBus.Error.NameHasNoOwner"
                {
                    throw DBusError.noNotificationServer
                }
                throw DBusError.callFailed(method: method, name: name, message: text)
            }
            throw DBusError.connectionLost(reason: DBusError.reason(result))
        }
        guard let reply else { throw DBusError.unexpectedReply(method: method, detail: "no reply message") }
        return BusMessage(adopting: reply)
    }

    /// Registers a match rule with the bus; `callback` gets each matching message with `userdata`. The returned
    /// slot removes the match when released.
    func addMatch(
        _ rule: String, userdata: UnsafeMutableRawPointer, callback: sd_bus_message_handler_t
    ) throws -> MatchSlot {
        var slot: OpaquePointer?
        let result = rule.withCString { csdbus_add_match(handle, &slot, $0, callback, userdata) }
        guard result >= 0, let slot else {
            throw DBusError.callFailed(method: "AddMatch", name: rule, message: DBusError.reason(result))
        }
        return MatchSlot(adopting: slot)
    }

    /// Dispatches everything already readable or queued, without blocking.
    func processPending() throws {
        while true {
            let result = csdbus_process(handle)
            if result < 0 { throw DBusError.connectionLost(reason: DBusError.reason(result)) }
            if result == 0 { return }
        }
    }

    /// What to wait for before the next `processPending`.
    func waitRequest() throws -> BusWait {
        let descriptor = csdbus_get_fd(handle)
        if descriptor < 0 { throw DBusError.connectionLost(reason: DBusError.reason(descriptor)) }
        let events = csdbus_get_events(handle)
        if events < 0 { throw DBusError.connectionLost(reason: DBusError.reason(events)) }
        var until: UInt64 = 0
        let timed = csdbus_get_timeout(handle, &until)
        if timed < 0 { throw DBusError.connectionLost(reason: DBusError.reason(timed)) }
        return BusWait(
            descriptor: descriptor, events: Int16(truncatingIfNeeded: events), timeout: Bus.remaining(until: until))
    }

    /// sd-bus gives an absolute CLOCK_MONOTONIC time in microseconds (UINT64_MAX for none); the caller wants how
    /// long from now.
    private static func remaining(until: UInt64) -> Duration? {
        if until == UInt64.max { return nil }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nowMicroseconds = UInt64(max(0, now.tv_sec)) &* 1_000_000 &+ UInt64(max(0, now.tv_nsec / 1000))
        guard until > nowMicroseconds else { return .zero }
        return .microseconds(Int64(clamping: until - nowMicroseconds))
    }
}

/// A match registered with sd-bus, owning its `sd_bus_slot *` (released exactly once).
final class MatchSlot {
    private let handle: OpaquePointer

    init(adopting handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        csdbus_slot_unref(handle)
    }
}

/// What a caller's own loop waits on for the bus: poll(2) `descriptor` for `events`, for at most `timeout`
/// (nil: the bus sets no limit), then call `process()`.
public struct BusWait: Sendable, Equatable {
    /// The connection's file descriptor.
    public let descriptor: Int32
    /// The poll(2) events to ask for (POLLIN, POLLOUT).
    public let events: Int16
    /// How long the bus may wait before `process()` must run anyway; zero when work is already queued.
    public let timeout: Duration?
}
