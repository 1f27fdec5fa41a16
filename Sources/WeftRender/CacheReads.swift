import Foundation
import WeftCore
import WeftStore

/// The cache's answers a render asked for, kept while the cache's data version stays the same.
///
/// A live loop renders again at every time boundary of its templates; the variables then change (a countdown, an
/// age), but the rows they come from change only with a write. So the loop's sessions share one `CacheReads`, and
/// each render asks SQLite's `PRAGMA data_version` first: while it is unchanged, a snapshot, a provider's health or a
/// stored variable is answered from memory instead of a statement prepared, run and decoded again. One-shot reads
/// (`weft get`, `weft resolve`) use a fresh one per session, which only spares repeated questions within it.
final class CacheReads {
    /// The open cache the answers come from.
    let store: CacheStore
    /// Decoded payloads and formatters the derivations of these reads' sessions share: a payload is decoded again
    /// only when its bytes change, whatever the data version says about the other rows.
    let derivation = DerivationCache()
    /// SQLite's data version the kept answers were read at (nil before the first check, or without a cache file).
    private(set) var version: Int?
    /// How many answers were read from the cache rather than kept (shown in a live loop's debug log).
    private(set) var misses = 0
    /// How many times a provider's variables were derived rather than kept.
    private(set) var derivations = 0
    private var snapshots: [String: Snapshot?] = [:]
    private var attempts: [String: RefreshAttempt?] = [:]
    private var brokenFiles: [String: ProviderFileRecord?] = [:]
    private var health: [String: ProviderHealth?] = [:]
    private var variables: [String: StoredVariable?] = [:]
    private var derived: [String: DerivedVariables] = [:]

    /// A provider instance's variables as derived from its snapshot at `from`: they read the same at every instant
    /// up to `until` (see ``RenderBoundary``: every clock-driven value counts whole minutes from an instant they
    /// expose), so a live loop ticking every second derives them about once a minute.
    struct DerivedVariables {
        var variables: [String: String]
        var from: Date
        var until: Date
    }

    /// Answers from `store`, nothing kept yet.
    init(_ store: CacheStore) { self.store = store }

    /// Asks SQLite whether another connection wrote since the kept answers were read, and forgets them if so;
    /// returns whether it did. The one check of "the cache changed" of a live loop.
    @discardableResult
    func revalidate() throws(StoreError) -> Bool {
        let current = try store.dataVersion()
        guard current != version else { return false }
        version = current
        forget()
        return true
    }

    /// Forgets every kept answer.
    func forget() {
        snapshots = [:]
        attempts = [:]
        brokenFiles = [:]
        health = [:]
        variables = [:]
        derived = [:]
    }

    /// The variables of `instance` kept from an earlier render, when they still hold at `now`.
    func derivedVariables(of instance: String, at now: Date) -> [String: String]? {
        guard let kept = derived[instance], kept.from <= now, now < kept.until else { return nil }
        return kept.variables
    }

    /// Keeps the variables of `instance`, derived at `now`, until the first instant they may read differently.
    func keepDerived(_ variables: [String: String], of instance: String, validUntil: Date, at now: Date) {
        derivations += 1
        var boundary = RenderBoundary()
        boundary.add(variables: variables)
        boundary.add(validUntil)
        derived[instance] = DerivedVariables(variables: variables, from: now, until: boundary.next(after: now))
    }

    /// ``CacheStore/snapshot(answering:)``, kept.
    func snapshot(answering key: String) throws(StoreError) -> Snapshot? {
        try kept(&snapshots, key) { () throws(StoreError) in try store.snapshot(answering: key) }
    }

    /// ``CacheStore/lastAttempt(answering:)``, kept.
    func lastAttempt(answering key: String) throws(StoreError) -> RefreshAttempt? {
        try kept(&attempts, key) { () throws(StoreError) in try store.lastAttempt(answering: key) }
    }

    /// ``CacheStore/brokenFile(answering:)``, kept.
    func brokenFile(answering key: String) throws(StoreError) -> ProviderFileRecord? {
        try kept(&brokenFiles, key) { () throws(StoreError) in try store.brokenFile(answering: key) }
    }

    /// ``CacheStore/health(of:)``, kept.
    func health(of instance: String) throws(StoreError) -> ProviderHealth? {
        try kept(&health, instance) { () throws(StoreError) in try store.health(of: instance) }
    }

    /// ``CacheStore/variable(_:)``, kept.
    func variable(_ key: String) throws(StoreError) -> StoredVariable? {
        try kept(&variables, key) { () throws(StoreError) in try store.variable(key) }
    }

    /// The kept answer for `key`, else `read`'s, kept (an error is not: the next render asks again).
    private func kept<Value>(
        _ answers: inout [String: Value?], _ key: String, _ read: () throws(StoreError) -> Value?
    ) throws(StoreError) -> Value? {
        if let answer = answers[key] { return answer }
        misses += 1
        let answer = try read()
        answers[key] = .some(answer)
        return answer
    }
}
