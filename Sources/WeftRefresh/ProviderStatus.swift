import Foundation
import WeftCore
import WeftPrimitives
import WeftStore

/// One provider's health as `weft status`, `weft explain`, the dashboard and `/v1/status` show it: what the last
/// refresh stored (``ProviderHealth``), never a check of the provider file in the viewer's own environment.
public struct ProviderStatus: Sendable, Encodable {
    public var instance: String
    public var type: String
    public var prefix: String
    /// ok, warning, stale or failed.
    public var health: ProviderHealth.State = .ok
    /// When the current snapshot was fetched.
    public var lastSuccess: Date?
    /// Seconds since `lastSuccess` at the report's now.
    public var ageSeconds: Int?
    /// Until when the snapshot is fresh.
    public var validUntil: Date?
    /// Why it failed: the configuration error its last refresh recorded, or its last attempt's error.
    public var lastError: String?
    /// The HTTP status of that failure, if it was one.
    public var lastHTTPStatus: Int?
    /// Whether `lastError` is the provider file's (the file could not be used), not the source's.
    public var configurationError = false
    /// What its last successful refresh reported besides its data, one line each.
    public var warnings: [String]? = nil
    /// The same, short and counted (what `<prefix>warnings` holds).
    public var warningSummary: String? = nil
    /// When the next refresh may run (nil: due now).
    public var nextDue: Date?
    /// Until when the source asked this request to wait (Retry-After); a refresh before then skips it.
    public var retryAfter: Date? = nil
    /// Until when a refresh without `--force` skips it, having crashed weft `crashes` times in a row.
    public var crashBackoffUntil: Date? = nil
    /// How many refreshes in a row it crashed (nil: its last attempt did not crash).
    public var crashes: Int? = nil
    /// Whether the file in providers/ still exists for it.
    public var configured: Bool

    enum CodingKeys: String, CodingKey {
        case instance, type, prefix, health, configured, warnings
        case lastSuccess = "last_success"
        case ageSeconds = "age_seconds"
        case validUntil = "valid_until"
        case lastError = "last_error"
        case lastHTTPStatus = "last_http_status"
        case configurationError = "configuration_error"
        case warningSummary = "warning_summary"
        case nextDue = "next_due"
        case retryAfter = "retry_after"
        case crashBackoffUntil = "crash_backoff_until"
        case crashes
        case dueOnChange = "due_on_change"
    }

    /// The synthesized keys, except that a provider refreshed only when its files change (a file import) says so
    /// in `due_on_change` rather than showing the sentinel year 9999 as its `next_due` and `valid_until`.
    public func encode(to encoder: any Encoder) throws {
        var keys = encoder.container(keyedBy: CodingKeys.self)
        let untilChanged = { (date: Date?) in date == Validity.untilChanged }
        try keys.encode(instance, forKey: .instance)
        try keys.encode(type, forKey: .type)
        try keys.encode(prefix, forKey: .prefix)
        try keys.encode(health, forKey: .health)
        try keys.encodeIfPresent(lastSuccess, forKey: .lastSuccess)
        try keys.encodeIfPresent(ageSeconds, forKey: .ageSeconds)
        if !untilChanged(validUntil) { try keys.encodeIfPresent(validUntil, forKey: .validUntil) }
        try keys.encodeIfPresent(lastError, forKey: .lastError)
        try keys.encodeIfPresent(lastHTTPStatus, forKey: .lastHTTPStatus)
        try keys.encode(configurationError, forKey: .configurationError)
        try keys.encodeIfPresent(warnings, forKey: .warnings)
        try keys.encodeIfPresent(warningSummary, forKey: .warningSummary)
        if untilChanged(nextDue) {
            try keys.encode(true, forKey: .dueOnChange)
        } else {
            try keys.encodeIfPresent(nextDue, forKey: .nextDue)
        }
        try keys.encodeIfPresent(retryAfter, forKey: .retryAfter)
        try keys.encodeIfPresent(crashBackoffUntil, forKey: .crashBackoffUntil)
        try keys.encodeIfPresent(crashes, forKey: .crashes)
        try keys.encode(configured, forKey: .configured)
    }

    /// Collects the status of every provider file (usable here or not) and of every instance the cache still holds.
    ///
    /// Health is what the last refresh stored: a file that cannot be used in this process's environment (a
    /// variable such as `api_key_env` that only the timer's environment sets) shows its last refresh's outcome, and
    /// a file the last refresh could not use shows that refresh's configuration error. `zone` is the refresh's
    /// zone: a provider whose settings (or zone) changed since its last refresh is due now.
    public static func collect(_ set: ProviderSet, store: CacheStore, now: Date, zone: TimeZone) throws
        -> [ProviderStatus]
    {
        let infos = Dictionary(uniqueKeysWithValues: try store.snapshotInfos().map { ($0.instance, $0) })
        let records = try store.providerFiles()
        let healths = Dictionary(uniqueKeysWithValues: try store.allHealth().map { ($0.instance, $0) })
        var result: [ProviderStatus] = []
        for entry in set.entries {
            let config = entry.config
            let fingerprint = Refresher.fingerprint(config, zone: zone)
            var line = try status(
                instance: config.instance, type: config.type, prefix: entry.provider.prefix,
                info: infos[config.instance], health: healths[config.instance], store: store, now: now,
                configModified: Refresher.lastChange(config: config, provider: entry.provider),
                fingerprint: config.fingerprint, configured: true)
            if line.retryAfter == nil, line.crashBackoffUntil == nil, infos[config.instance] != nil,
                records[config.instance]?.fingerprint != fingerprint
            {
                line.nextDue = nil
            }
            result.append(line)
        }
        for problem in set.problems {
            guard let instance = problem.instance else { continue }
            result.append(
                try status(
                    instance: instance, type: problem.type ?? infos[instance]?.kind ?? records[instance]?.type ?? "?",
                    prefix: infos[instance]?.prefix ?? problem.prefix ?? records[instance]?.prefix ?? "",
                    info: infos[instance], health: healths[instance], store: store, now: now, configModified: nil,
                    fingerprint: nil, configured: true))
        }
        // A stored snapshot that cannot become variables (one written by an older weft with a value out of range)
        // is reported for its provider, as the render path reports it, rather than shown as healthy.
        for index in result.indices where result[index].lastSuccess != nil && result[index].lastError == nil {
            if let problem = try unreadable(result[index].instance, set: set, store: store, now: now, zone: zone) {
                result[index].lastError = problem
                result[index].health = .failed
            }
        }
        let listed = Set(result.map(\.instance))
        for info in infos.values.sorted(by: { $0.instance < $1.instance }) where !listed.contains(info.instance) {
            result.append(
                try status(
                    instance: info.instance, type: info.kind, prefix: info.prefix, info: info,
                    health: healths[info.instance], store: store, now: now, configModified: nil, fingerprint: nil,
                    configured: false))
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
        instance: String, type: String, prefix: String, info: SnapshotInfo?, health: ProviderHealth?,
        store: CacheStore, now: Date, configModified: Date?, fingerprint: String?, configured: Bool
    ) throws -> ProviderStatus {
        let health = health ?? ProviderHealth(instance: instance, prefix: info?.prefix ?? prefix)
        let attempts = try store.attempts(instance, limit: CrashBackoff.window)
        let retryAfter = DuePolicy.retryAfter(attempts.first, fingerprint: fingerprint, now: now)
        let backoff = CrashBackoff.until(attempts, fingerprint: fingerprint, now: now)
        let crashes = CrashBackoff.crashes(attempts)
        return ProviderStatus(
            instance: instance, type: type, prefix: info?.prefix ?? prefix, health: health.state(at: now),
            lastSuccess: info?.fetchedAt,
            ageSeconds: info.map { max(0, Instant.seconds(from: $0.fetchedAt, to: now)) }, validUntil: info?.validUntil,
            lastError: health.failure, lastHTTPStatus: health.configError == nil ? health.httpStatus : nil,
            configurationError: health.configError != nil,
            warnings: health.warnings.isEmpty ? nil : health.warnings, warningSummary: health.warningSummary,
            nextDue: retryAfter ?? backoff?.until ?? DuePolicy.nextDue(snapshot: info, configModified: configModified),
            retryAfter: retryAfter, crashBackoffUntil: backoff?.until, crashes: crashes > 0 ? crashes : nil,
            configured: configured)
    }
}
