import Foundation
import Logging
import WeftCore
import WeftPrimitives
import WeftStore

/// Answers variable lookups for one render, reading only the snapshots the keys asked for need.
///
/// Order of precedence for a key: a provider's variable, then `--vars` values, then stored variables,
/// then the time built-ins — a provider built-in wins over a stored variable; a time built-in does not.
public final class VariableResolver {
    private let store: CacheStore
    private let registry: ProviderRegistry
    private let context: VariableContext
    private let overrides: [String: String]
    private let logger: Logger
    private var ownerVariables: [String: [String: String]] = [:]
    /// Problems met while deriving variables (a snapshot that cannot be decoded).
    public private(set) var problems: [String] = []
    /// The first cache error met; after it the cache is not asked again and only non-cache sources answer.
    public private(set) var cacheError: StoreError?
    /// Per instance read so far: whether its snapshot was stale, and its last error.
    private var conditions: [String: (stale: Bool, error: String?)] = [:]
    /// The instances read since `beginRender()`.
    private var touched: Set<String> = []

    /// Creates a resolver over an open cache; `overrides` are this call's extra stored variables.
    public init(
        store: CacheStore, registry: ProviderRegistry, context: VariableContext, overrides: [String: String] = [:],
        logger: Logger = Logger(label: "weft.render")
    ) {
        self.store = store
        self.registry = registry
        self.context = context
        self.overrides = overrides
        self.logger = logger
    }

    /// The value of a canonical key, or nil when no source has it.
    public func value(_ key: String) -> String? {
        if let providerValue = providerValue(key) { return providerValue }
        if let value = overrides[key] { return value }
        if cacheError == nil {
            do {
                if let stored = try store.variable(key) {
                    return stored.value(at: context.now, timeZone: context.timeZone)
                }
            } catch {
                cacheError = error
            }
        }
        return TimeVariables.value(key, context: context)
    }

    /// Starts a new render for `health`: providers read before no longer count.
    public func beginRender() { touched = [] }

    /// The providers read since `beginRender()`, and which of them were stale or failing.
    public var health: RenderHealth {
        var result = RenderHealth()
        for instance in touched {
            result.read.insert(instance)
            guard let condition = conditions[instance] else { continue }
            if condition.stale { result.stale.insert(instance) }
            if let error = condition.error { result.errors[instance] = error }
        }
        return result
    }

    /// Every variable from every source, with the same precedence as `value(_:)`.
    public func allVariables() -> [String: String] {
        var result = TimeVariables.all(context: context)
        do {
            for stored in try store.variables() {
                result[stored.key] = stored.value(at: context.now, timeZone: context.timeZone)
            }
            result.merge(overrides) { _, new in new }
            for snapshot in try store.allSnapshots() {
                result.merge(variables(of: snapshot)) { _, new in new }
            }
            for info in try store.snapshotInfos() {
                if let error = try failure(of: info.instance) { result[info.prefix + "error"] = error }
            }
        } catch {
            cacheError = error
        }
        return result
    }

    private func providerValue(_ key: String) -> String? {
        guard key.hasPrefix("__"), cacheError == nil else { return nil }
        do {
            if let snapshot = try store.snapshot(answering: key) {
                touched.insert(snapshot.instance)
                if ownerVariables[snapshot.instance] == nil {
                    var variables = variables(of: snapshot)
                    let error = try failure(of: snapshot.instance)
                    if let error { variables[snapshot.prefix + "error"] = error }
                    conditions[snapshot.instance] = (context.now >= snapshot.validUntil, error)
                    ownerVariables[snapshot.instance] = variables
                }
                if let value = ownerVariables[snapshot.instance]?[key] { return value }
            }
            // A provider that has never succeeded still reports why.
            if let attempt = try store.lastAttempt(answering: key), attempt.outcome == .failed {
                touched.insert(attempt.instance)
                if conditions[attempt.instance] == nil {
                    conditions[attempt.instance] = (false, attempt.error ?? "the last refresh failed")
                }
                if key == attempt.prefix + "error" { return attempt.error }
            }
        } catch {
            cacheError = error
        }
        return nil
    }

    /// The last attempt's error: why it failed, or what went wrong in a partly successful one (a calendar
    /// source that could not be read while the others refreshed).
    private func failure(of instance: String) throws(StoreError) -> String? {
        try store.lastAttempt(instance)?.error
    }

    /// A snapshot's variables plus the bookkeeping every provider has: updated_iso, age_min and stale.
    private func variables(of snapshot: Snapshot) -> [String: String] {
        let age = context.now.timeIntervalSince(snapshot.fetchedAt)
        var result = [
            snapshot.prefix + "updated_iso": ISOInstant.format(snapshot.fetchedAt),
            snapshot.prefix + "age_min": String(max(0, Int(age / 60))),
            snapshot.prefix + "stale": context.now >= snapshot.validUntil ? "1" : "0",
        ]
        guard let kind = registry.kind(snapshot.kind) else {
            report("\(snapshot.instance): no provider type \"\(snapshot.kind)\" in this build of weft")
            return result
        }
        guard snapshot.schemaVersion == kind.schemaVersion else {
            report(
                "\(snapshot.instance): snapshot version \(snapshot.schemaVersion) is not \(kind.schemaVersion); run `weft refresh --force \(snapshot.instance)`"
            )
            return result
        }
        do {
            result.merge(try kind.variables(of: snapshot, context: context)) { _, new in new }
        } catch {
            report("\(snapshot.instance): cannot read its snapshot: \(error)")
        }
        return result
    }

    private func report(_ problem: String) {
        if !problems.contains(problem) {
            problems.append(problem)
            logger.warning("\(problem)")
        }
    }
}
