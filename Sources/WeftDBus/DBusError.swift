#if canImport(Glibc)
    import Glibc
#endif

/// Why talking to the session bus or the notification server failed, in words a user can act on.
public enum DBusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The environment names no session bus.
    case noSessionBus
    /// libsystemd (sd-bus) could not be loaded.
    case libraryUnavailable(String)
    /// The bus address was given but connecting to it failed.
    case cannotConnect(address: String, reason: String)
    /// Nobody owns org.freedesktop.Notifications (and no service file can start one).
    case noNotificationServer
    /// A call was answered with a D-Bus error.
    case callFailed(method: String, name: String, message: String)
    /// A reply did not have the shape the specification gives.
    case unexpectedReply(method: String, detail: String)
    /// The connection broke while reading or writing.
    case connectionLost(reason: String)

    /// The message for the user.
    public var description: String {
        switch self {
        case .noSessionBus:
            return "no session bus: DBUS_SESSION_BUS_ADDRESS is not set"
        case .libraryUnavailable(let detail):
            return "cannot use D-Bus: \(detail) (install libsystemd0)"
        case .cannotConnect(let address, let reason):
            return "cannot connect to the session bus at \(address): \(reason)"
        case .noNotificationServer:
            return "no notification server on the session bus (\(Notifications.service) is not owned)"
        case .callFailed(let method, let name, let message):
            return message.isEmpty ? "\(method) failed: \(name)" : "\(method) failed: \(name): \(message)"
        case .unexpectedReply(let method, let detail):
            return "\(method) returned an unexpected reply: \(detail)"
        case .connectionLost(let reason):
            return "the session bus connection was lost: \(reason)"
        }
    }

    /// The text of a negative errno as sd-bus returns it.
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code < 0 ? -code : code))
    }
}
