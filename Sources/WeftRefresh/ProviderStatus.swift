import Foundation
import WeftCore
import WeftPrimitives
import WeftStore

/// One provider's health as `weft status` shows it.
public struct ProviderStatus: Sendable, Encodable {
    public var instance: String
    public var type: String
    public var prefix: String
    /// When the current snapshot was fetched.
    public var lastSuccess: Date?
    /// Seconds since `lastSuccess` at the report's now.
    public var ageSeconds: Int?
    /// Until when the snapshot is fresh.
    public var validUntil: Date?
    /// The last attempt's error, when it failed, or what went wrong in a partly successful one.
    public var lastError: String?
    /// The HTTP status of that failure, if it was one.
    public var lastHTTPStatus: Int?
    /// When the next refresh may run (nil: due now).
    public var nextDue: Date?
    /// Whether the file in providers/ still exists for it.
    public var configured: Bool

    enum CodingKeys: String, CodingKey {
        case instance, type, prefix, configured
        case lastSuccess = "last_success"
        case ageSeconds = "age_seconds"
        case validUntil = "valid_until"
        case lastError = "last_error"
        case lastHTTPStatus = "last_http_status"
        case nextDue = "next_due"
    }

    /// Collects the status of every configured provider, of every broken provider file (its configuration
    /// error as the last error) and of every instance the cache still holds.
    ///
    /// `zone` is the refresh's zone: a provider whose settings (or zone) changed since its last refresh is due now.
    public static func collect(_ set: ProviderSet, store: CacheStore, now: Date, zone: TimeZone) throws
        -> [ProviderStatus]
    {
        let infos = Dictionary(uniqueKeysWithValues: try store.snapshotInfos().map { ($0.instance, $0) })
        let records = try store.providerFiles()
        var result: [ProviderStatus] = []
        for entry in set.entries {
            let config = entry.config
            var line = try status(
                instance: config.instance, type: config.type, prefix: entry.provider.prefix,
                info: infos[config.instance], store: store, now: now,
                configModified: Refresher.lastChange(config: config, provider: entry.provider), configured: true)
            if infos[config.instance] != nil,
                records[config.instance]?.fingerprint != Refresher.fingerprint(config, zone: zone)
            {
                line.nextDue = nil
            }
            result.append(line)
        }
        for problem in set.problems {
            guard let instance = problem.instance else { continue }
            var broken = try status(
                instance: instance, type: problem.type ?? infos[instance]?.kind ?? "?",
                prefix: infos[instance]?.prefix ?? problem.prefix ?? "", info: infos[instance],
                store: store, now: now, configModified: nil, configured: true)
            broken.lastError = "configuration error: \(problem)"
            broken.lastHTTPStatus = nil
            result.append(broken)
        }
        // A stored snapshot that cannot become variables (one written by an older weft with a value out of range)
        // is reported for its provider, as the render path reports it, rather than shown as healthy.
        for index in result.indices where result[index].lastSuccess != nil {
            if let problem = try unreadable(result[index].instance, set: set, store: store, now: now, zone: zone) {
                result[index].lastError = problem
            }
        }
        let listed = Set(result.map(\.instance))
        for info in infos.values.sorted(by: { $0.instance < $1.instance }) where !listed.contains(info.instance) {
            result.append(
                try status(
                    instance: info.instance, type: info.kind, prefix: info.prefix, info: info, store: store, now: now,
                    configModified: nil, configured: false))
        }
        return result.sorted { $0.instance < $1.instance }
    }

    /// Why `instance`'s stored snapshot cannot be turned into variables, or nil when it can.
    private static func unreadable(
        _ instance: String, set: ProviderSet, store: CacheStore, now: Date, zone: TimeZone
    ) throws -> String? {
        guard let snapshot = try store.snapshot(instance), let kind = set.registry.kind(snapshot.kind),
            snapshot.schemaVersion == kind.schemaVersion
        else { return nil }
        do {
            _ = try kind.variables(
                of: snapshot, context: VariableContext(now: now, timeZone: zone, locale: Locale(identifier: "en_US")))
            return nil
        } catch {
            return "cannot read its snapshot: \(error); run `weft refresh --force \(instance)`"
        }
    }

    private static func status(
        instance: String, type: String, prefix: String, info: SnapshotInfo?, store: CacheStore, now: Date,
        configModified: Date?, configured: Bool
    ) throws -> ProviderStatus {
        let attempt = try store.lastAttempt(instance)
        let failed = attempt?.outcome == .failed
        return ProviderStatus(
            instance: instance, type: type, prefix: info?.prefix ?? prefix, lastSuccess: info?.fetchedAt,
            ageSeconds: info.map { max(0, Instant.seconds(from: $0.fetchedAt, to: now)) }, validUntil: info?.validUntil,
            lastError: attempt?.error, lastHTTPStatus: failed ? attempt?.httpStatus : nil,
            nextDue: DuePolicy.nextDue(snapshot: info, lastAttempt: attempt, configModified: configModified),
            configured: configured)
    }
}
