import Foundation
import Logging
import WeftCore
import WeftPrimitives
import WeftStore
import WeftTemplate

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
    /// Each instance read so far: its derived variables (`LiveRender` finds the instants they count from here).
    private(set) var ownerVariables: [String: [String: String]] = [:]
    /// Each instance read so far: when its snapshot stops being valid (its `stale` turns to 1 then).
    private(set) var validities: [String: Date] = [:]
    /// Problems met while deriving variables (a snapshot that cannot be decoded).
    public private(set) var problems: [String] = []
    /// The first cache error met; after it the cache is not asked again and only non-cache sources answer.
    private(set) var cacheError: StoreError?
    /// Per instance read so far: its health as the last refresh left it.
    private var conditions: [String: ProviderHealth] = [:]
    /// The instances read since `beginRender()`.
    private var touched: Set<String> = []
    /// Why a snapshot could not be turned into variables, by instance.
    private var unreadableSnapshots: [String: String] = [:]

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
    public func value(_ key: String) -> String? { lookup(key).value }

    /// The value of a canonical key as a render uses it: a stored variable or a `--vars` value may hold a
    /// template; a provider's value and a built-in are data.
    public func templateValue(_ key: String) -> TemplateValue? {
        let origin = lookup(key)
        guard let value = origin.value else { return nil }
        return TemplateValue(value, isTemplate: origin.source == .stored || origin.source == .vars)
    }

    /// Where the value of a canonical key comes from, found by the very lookup `value(_:)` makes: what
    /// `weft explain` prints.
    public func origin(of key: String) -> VariableOrigin { lookup(key) }

    /// The one lookup behind `value(_:)` and `origin(of:)`: a provider's variable, then `--vars`, then a stored
    /// variable, then the time built-ins.
    private func lookup(_ key: String) -> VariableOrigin {
        let (providerValue, owner) = self.providerValue(key)
        if let providerValue {
            return VariableOrigin(key: key, value: providerValue, source: .provider, instance: owner)
        }
        if let value = overrides[key] { return VariableOrigin(key: key, value: value, source: .vars, instance: owner) }
        if cacheError == nil {
            do {
                if let stored = try store.variable(key) {
                    let value = stored.value(at: context.now, timeZone: context.timeZone)
                    return VariableOrigin(key: key, value: value, source: .stored, instance: owner)
                }
            } catch {
                cacheError = error
            }
        }
        if let value = TimeVariables.value(key, context: context) {
            return VariableOrigin(key: key, value: value, source: .builtin, instance: owner)
        }
        return VariableOrigin(key: key, value: nil, source: .none, instance: owner)
    }

    /// Starts a new render for `health`: providers read before no longer count.
    func beginRender() { touched = [] }

    /// The providers read since `beginRender()`, and which of them were stale or failing.
    var health: RenderHealth {
        var result = RenderHealth()
        for instance in touched {
            result.read.insert(instance)
            guard let condition = conditions[instance] else { continue }
            result.add(condition, now: context.now)
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
            // Every instance the cache knows, those that never succeeded too: their error key is theirs to list.
            for health in try store.allHealth() where !health.prefix.isEmpty {
                if let failure = health.failure { result[health.prefix + "error"] = failure }
                if let summary = health.warningSummary { result[health.prefix + "warnings"] = summary }
            }
        } catch {
            cacheError = error
        }
        return result
    }

    /// A provider's value for `key`, and the instance whose prefix `key` falls under (even when it has no such
    /// variable).
    private func providerValue(_ key: String) -> (value: String?, owner: String?) {
        guard key.hasPrefix("__"), cacheError == nil else { return (nil, nil) }
        do {
            if let snapshot = try store.snapshot(answering: key) {
                touched.insert(snapshot.instance)
                if ownerVariables[snapshot.instance] == nil {
                    var variables = variables(of: snapshot)
                    var health =
                        try store.health(of: snapshot.instance)
                        ?? ProviderHealth(instance: snapshot.instance, prefix: snapshot.prefix)
                    health.validUntil = snapshot.validUntil
                    // A snapshot that cannot be read counts as this provider's error for the bar's error class.
                    if health.failure == nil { health.attemptError = unreadableSnapshots[snapshot.instance] }
                    if let error = health.failure { variables[snapshot.prefix + "error"] = error }
                    if let summary = health.warningSummary { variables[snapshot.prefix + "warnings"] = summary }
                    conditions[snapshot.instance] = health
                    validities[snapshot.instance] = snapshot.validUntil
                    ownerVariables[snapshot.instance] = variables
                }
                if let value = ownerVariables[snapshot.instance]?[key] { return (value, snapshot.instance) }
                return (nil, snapshot.instance)
            }
            // A provider that has never succeeded still reports why: its failed attempt, or its broken file.
            if let attempt = try store.lastAttempt(answering: key), attempt.outcome == .failed {
                var health =
                    try store.health(of: attempt.instance)
                    ?? ProviderHealth(instance: attempt.instance, prefix: attempt.prefix)
                if health.failure == nil { health.attemptError = "the last refresh failed" }
                touched.insert(attempt.instance)
                if conditions[attempt.instance] == nil { conditions[attempt.instance] = health }
                return (key == attempt.prefix + "error" ? health.failure : nil, attempt.instance)
            }
            if let broken = try store.brokenFile(answering: key), let prefix = broken.prefix,
                let error = broken.configError
            {
                touched.insert(broken.instance)
                if conditions[broken.instance] == nil {
                    conditions[broken.instance] = ProviderHealth(
                        instance: broken.instance, prefix: prefix, configError: error)
                }
                return (key == prefix + "error" ? error : nil, broken.instance)
            }
        } catch {
            cacheError = error
        }
        return (nil, nil)
    }

    /// A snapshot's variables plus the bookkeeping every provider has: updated_iso, age_min and stale.
    private func variables(of snapshot: Snapshot) -> [String: String] {
        var result = [
            snapshot.prefix + "updated_iso": ISOInstant.format(snapshot.fetchedAt),
            snapshot.prefix + "age_min": String(
                max(0, Instant.seconds(from: snapshot.fetchedAt, to: context.now) / 60)),
            snapshot.prefix + "stale": Validity.isStale(until: snapshot.validUntil, at: context.now) ? "1" : "0",
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
            // Reported for this provider where a reader looks (its error variable), never a crash of the reader.
            let problem = "cannot read its snapshot: \(error); run `weft refresh --force \(snapshot.instance)`"
            result[snapshot.prefix + "error"] = problem
            unreadableSnapshots[snapshot.instance] = problem
            report("\(snapshot.instance): \(problem)")
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

/// Where one variable's value comes from: what `weft explain` prints.
public struct VariableOrigin: Sendable, Equatable {
    /// The kinds of source, in the order a lookup asks them.
    public enum Source: String, Sendable, Encodable {
        /// A provider's snapshot (or its error).
        case provider
        /// This call's `--vars` file.
        case vars
        /// A stored variable (`weft var`).
        case stored
        /// A time built-in.
        case builtin
        /// Nothing answers the key.
        case none
    }

    /// The canonical key.
    public var key: String
    /// Its value, when a source has one.
    public var value: String?
    /// The source that answered.
    public var source: Source
    /// The provider instance whose prefix the key falls under, whether or not it answered.
    public var instance: String?
}
