import Foundation
import WeftCore
import WeftDBus

/// Delivery to the desktop's notification server over the session bus (freedesktop Notifications): what the server
/// cannot do is left out (no buttons without `actions`; the body escaped where it takes `body-markup`), an update of a
/// thread replaces its notification in place, and the buttons and closes come back through the bus's descriptor.
public final class DesktopDelivery: NotificationDelivery {
    private let client: NotificationClient
    /// What the server said it supports, asked once.
    public let capabilities: NotificationCapabilities
    /// False once the bus connection broke or the server left the bus.
    public private(set) var isConnected = true

    /// Connects to the session bus of `environment`; throws when there is no bus or no notification server.
    public init(environment: [String: String]) throws {
        client = try NotificationClient(environment: environment)
        capabilities = try client.capabilities()
    }

    public func show(_ notification: OutgoingNotification) throws -> Int? {
        var desktop = DesktopNotification(summary: notification.title, body: notification.body)
        desktop.replacesID = notification.replaces.flatMap { UInt32(exactly: $0) } ?? 0
        desktop.actions = notification.actions.map { NotificationAction(key: $0.id, label: $0.label) }
        desktop.urgency = Self.urgency(notification.urgency)
        desktop.category = notification.category
        desktop.desktopEntry = "weft"
        // An alarm stays until the user answers it.
        if notification.urgency == .critical { desktop.resident = true }
        do {
            return Int(try client.notify(desktop.adapted(to: capabilities)))
        } catch {
            if Self.meansGone(error) { isConnected = false }
            throw error
        }
    }

    /// Whether `error` says the connection or the server is gone (rather than one call refused).
    static func meansGone(_ error: any Error) -> Bool {
        switch error as? DBusError {
        case .connectionLost: true
        case .callFailed(_, let name, _):
            name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner"
                || name == "org.freedesktop.DBus.Error.Disconnected"
        default: false
        }
    }

    public func events() -> [ServerEvent] {
        let events: [NotificationEvent]
        do {
            events = try client.process()
        } catch {
            if Self.meansGone(error) { isConnected = false }
            return []
        }
        return events.map { event in
            switch event {
            case .actionInvoked(let id, let key): .action(id: Int(id), action: key)
            case .closed(let id, _): .closed(id: Int(id))
            }
        }
    }

    public var descriptor: Int32? { isConnected ? try? client.waitRequest().descriptor : nil }

    static func urgency(_ urgency: Occasion.Urgency) -> NotificationUrgency {
        switch urgency {
        case .low: .low
        case .normal: .normal
        case .critical: .critical
        }
    }
}
