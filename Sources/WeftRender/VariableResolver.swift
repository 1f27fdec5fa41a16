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
    /// The cache's rows, read once per data version when the resolver belongs to a live loop.
    private let reads: CacheReads
    private var store: CacheStore { reads.store }
    private let registry: ProviderRegistry
    private let context: VariableContext
    private let overrides: [String: String]
    private let logger: Logger
    /// Each instance read so far: its derived variables (`LiveLoop` finds the instants they count from here).
    private(set) var ownerVariables: [String: [String: String]] = [:]
    /// Each instance read so far: when its snapshot stops being valid (its `stale` turns to 1 then).
    private(set) var validities: [String: Date] = [:]
    /// Problems met while deriving variables (a snapshot that cannot be decoded).
    public private(set) var problems: [String] = []
    /// The first cache error met; after it the cache is not asked again and only non-cache sources answer.
    private(set) var cacheError: StoreError?
    /// Per instance read so far: its health as the last refresh left it, once something asked for it.
    private var conditions: [String: ProviderHealth] = [:]
    /// Per instance whose snapshot was read: its prefix and validity, which its health is completed with.
    private var snapshotsRead: [String: (prefix: String, validUntil: Date)] = [:]
    /// The instances read since `beginRender()`.
    private var touched: Set<String> = []
    /// Why a snapshot could not be turned into variables, by instance.
    private var unreadableSnapshots: [String: String] = [:]
    /// A provider-looking key (`__…`) that nothing answered, not even a provider's prefix: what `weft resolve` tells
    /// a user who has no providers yet.
    public private(set) var unansweredProviderKey: String?

    /// Creates a resolver over an open cache; `overrides` are this call's extra stored variables.
    public convenience init(
        store: CacheStore, registry: ProviderRegistry, context: VariableContext, overrides: [String: String] = [:],
        logger: Logger = Logger(label: "weft.render")
    ) {
        self.init(
            reads: CacheReads(store), registry: registry, context: context, overrides: overrides, logger: logger)
    }

    /// Creates a resolver whose cache reads may be answered by an earlier render's (``CacheReads``).
    init(
        reads: CacheReads, registry: ProviderRegistry, context: VariableContext, overrides: [String: String] = [:],
        logger: Logger = Logger(label: "weft.render")
    ) {
        self.reads = reads
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
                if let stored = try reads.variable(key) {
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
        if owner == nil, key.hasPrefix("__"), cacheError == nil { unansweredProviderKey = key }
        return VariableOrigin(key: key, value: nil, source: .none, instance: owner)
    }

    /// Starts a new render for `health`: providers read before no longer count.
    func beginRender() { touched = [] }

    /// The providers read since `beginRender()`, and which of them were stale or failing.
    var health: RenderHealth {
        var result = RenderHealth()
        for instance in touched {
            result.read.insert(instance)
            guard let condition = condition(of: instance) else { continue }
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
            if let snapshot = try reads.snapshot(answering: key) {
                let instance = snapshot.instance
                touched.insert(instance)
                if ownerVariables[instance] == nil {
                    ownerVariables[instance] = variables(of: snapshot)
                    validities[instance] = snapshot.validUntil
                    snapshotsRead[instance] = (snapshot.prefix, snapshot.validUntil)
                }
                // The last refresh's error and warnings win over the provider's own variables of those names; its
                // health is read only for them (and for a status bar's colour), not for every value.
                if key == snapshot.prefix + "error", let failure = condition(of: instance)?.failure {
                    return (failure, instance)
                }
                if key == snapshot.prefix + "warnings", let summary = condition(of: instance)?.warningSummary {
                    return (summary, instance)
                }
                return (ownerVariables[instance]?[key], instance)
            }
            // A provider that has never succeeded still reports why: its failed attempt, or its broken file.
            if let attempt = try reads.lastAttempt(answering: key), attempt.outcome == .failed {
                var health =
                    try reads.health(of: attempt.instance)
                    ?? ProviderHealth(instance: attempt.instance, prefix: attempt.prefix)
                if health.failure == nil { health.attemptError = "the last refresh failed" }
                touched.insert(attempt.instance)
                if conditions[attempt.instance] == nil { conditions[attempt.instance] = health }
                return (key == attempt.prefix + "error" ? health.failure : nil, attempt.instance)
            }
            if let broken = try reads.brokenFile(answering: key), let prefix = broken.prefix,
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

    /// The health of an instance this resolver read, read from the cache the first time it is asked: for one whose
    /// snapshot was read, with that snapshot's validity, and a snapshot that cannot be read counts as its error.
    /// Nil when it cannot be read (the cache error is kept).
    private func condition(of instance: String) -> ProviderHealth? {
        if let known = conditions[instance] { return known }
        guard let read = snapshotsRead[instance], cacheError == nil else { return nil }
        do {
            var health = try reads.health(of: instance) ?? ProviderHealth(instance: instance, prefix: read.prefix)
            health.validUntil = read.validUntil
            if health.failure == nil { health.attemptError = unreadableSnapshots[instance] }
            conditions[instance] = health
            return health
        } catch {
            cacheError = error
            return nil
        }
    }

    /// A snapshot's variables plus the bookkeeping every provider has: updated_iso, age_min and stale.
    private func variables(of snapshot: Snapshot) -> [String: String] {
        if let kept = reads.derivedVariables(of: snapshot.instance, at: context.now) { return kept }
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
            // Only what derived cleanly is kept: a problem is derived (and reported) again at every render.
            if !kind.countsSeconds {
                reads.keepDerived(result, of: snapshot.instance, validUntil: snapshot.validUntil, at: context.now)
            }
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
