import Foundation
import WeftCore
import WeftNotify
import WeftPrimitives
import WeftRender
import WeftStore
import WeftTestSupport

/// A provider kind whose snapshot is a list of occasions: what a provider's `occasions(of:query:)` would find,
/// without a provider module (the notifier knows kinds only through the registry).
enum ScriptedKind: ProviderKind {
    static let type = "scripted"
    static let schemaVersion = 1
    static func defaultPrefix(instance: String) -> String { "__\(instance)_" }
    static func make(_ config: ProviderConfig) throws(ConfigError) -> any Provider {
        throw .invalidValue(file: config.file, line: nil, key: "type", message: "scripted in tests only")
    }
    static func variables(of snapshot: Snapshot, context: VariableContext) throws -> [String: String] { [:] }
    static func occasions(of snapshot: Snapshot, query: OccasionQuery) throws -> [Occasion] {
        try JSONDecoder().decode([Occasion].self, from: snapshot.payload).filter {
            $0.at >= query.context.now && $0.at < query.until
        }
    }
}

/// Records what it was asked to show; can refuse (a server gone between deciding and delivering).
final class RecordingDelivery: NotificationDelivery {
    struct Refused: Error {}
    var shown: [OutgoingNotification] = []
    var refuse = false
    /// False: the connection broke (show throws, and the notifier must make a new one).
    var isConnected = true
    var nextID = 1
    var pending: [ServerEvent] = []

    func show(_ notification: OutgoingNotification) throws -> Int? {
        if refuse || !isConnected { throw Refused() }
        shown.append(notification)
        defer { nextID += 1 }
        return notification.replaces ?? nextID
    }

    func events() -> [ServerEvent] {
        defer { pending = [] }
        return pending
    }

    var descriptor: Int32? { nil }
}

/// A cache with scripted occasions and a notify file, and notifiers over it (one per simulated process).
final class NotifierBench {
    let home: TemporaryHome
    let zone = "Europe/Berlin"

    init() throws { home = try TemporaryHome("notify") }

    var builder: RenderSessionBuilder {
        get throws {
            var settings = RenderSettings()
            settings.timeZone = zone
            return try RenderSessionBuilder(
                settings: settings, registry: ProviderRegistry([ScriptedKind.self]),
                workspace: Workspace(
                    locations: WeftLocations(cacheDirectory: home.cache, providersDirectory: home.providers)),
                environment: ["TZ": zone])
        }
    }

    /// Stores `occasions` as the scripted instance's snapshot.
    func script(_ occasions: [Occasion], at date: Date = Date(timeIntervalSince1970: 0)) throws {
        let store = try CacheStore.openForWriting(directory: home.cache)
        let snapshot = Snapshot(
            instance: "scripted", kind: ScriptedKind.type, prefix: "__scripted_", schemaVersion: 1, fetchedAt: date,
            validUntil: date.addingTimeInterval(86_400 * 365), payload: try JSONEncoder().encode(occasions))
        try store.recordSuccess(
            instance: "scripted", prefix: "__scripted_", outcome: RefreshOutcome(.updated(snapshot)), at: date)
    }

    /// A notifier as one `weft notify` process would make it.
    func notifier(
        _ toml: String = "", delivery: RecordingDelivery?,
        connect: (() throws -> any NotificationDelivery)? = nil
    ) throws -> Notifier {
        let file = NotifyFile(text: toml, file: home.path("notify.toml"))
        precondition(file.problems.isEmpty, "\(file.problems)")
        return Notifier(
            builder: try builder, file: file, store: try CacheStore.openForWriting(directory: home.cache),
            delivery: delivery, connect: connect, commands: CommandDelivery(environment: [:]))
    }

    var store: CacheStore { get throws { try CacheStore.openForWriting(directory: home.cache) } }
}

/// `2026-11-28T07:00:00Z`-style instants.
func instant(_ text: String) -> Date {
    guard let date = ISOInstant.parse(text) else { preconditionFailure("not an instant: \(text)") }
    return date
}
