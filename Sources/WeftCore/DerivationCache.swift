import Foundation
import Synchronization
import WeftPrimitives

/// What a session's derivations of provider variables build once and use again: each instance's decoded payload,
/// while its snapshot's bytes stay the same, and date formatters. A live loop derives a provider's variables again at
/// every minute its values count from; decoding the snapshot's JSON and building ICU formatters each time cost more
/// than the derivation itself. Kept per session (a live loop's), never globally.
public final class DerivationCache: Sendable {
    /// The date formatters derivations format with.
    public let formatters = DateFormatterCache()
    /// Per instance and payload type: the payload bytes decoded and their value.
    private let payloads = Mutex<[String: (payload: Data, value: any Sendable)]>([:])

    /// Nothing kept yet.
    public init() {}

    /// `snapshot`'s payload as `type`, decoded again only when its bytes differ from the ones kept for its instance.
    func decoded<Payload: Decodable & Sendable>(_ snapshot: Snapshot, as type: Payload.Type) throws -> Payload {
        let key = "\(snapshot.instance)\u{0}\(String(reflecting: type))"
        if let kept = payloads.withLock({ $0[key] }), kept.payload == snapshot.payload,
            let value = kept.value as? Payload
        {
            return value
        }
        let value = try snapshot.decode(type)
        payloads.withLock { $0[key] = (snapshot.payload, value) }
        return value
    }
}

extension VariableContext {
    /// `snapshot`'s payload as `type`: decoded once per session while its bytes stay the same, else every time.
    public func decode<Payload: Decodable & Sendable>(_ snapshot: Snapshot, as type: Payload.Type) throws -> Payload {
        guard let derivation else { return try snapshot.decode(type) }
        return try derivation.decoded(snapshot, as: type)
    }

    /// The formatters to format dates with: the session's, else new ones (kept by the caller for one derivation).
    public var dateFormatters: DateFormatterCache { derivation?.formatters ?? DateFormatterCache() }
}
