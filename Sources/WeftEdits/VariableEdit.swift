import Foundation
import WeftCore
import WeftStore

/// The user's stored variables and counters changed by hand: `weft var set|incr|decr|now|rm` and the dashboard's
/// counter buttons, each in one transaction of the store.
public struct VariableEdit: Sendable {
    /// The cache the change goes to.
    public var cacheDirectory: String

    /// Edits of the stored variables in the cache at `cacheDirectory`.
    public init(cacheDirectory: String) {
        self.cacheDirectory = cacheDirectory
    }

    /// Applies a counter's step (`incr`) or its opposite (`decr`), or the signed amount `by`, at `now` (a reset
    /// period ends in `zone`); `rule` makes the counter's rule from the stored one. Returns the variable as stored.
    public func step(
        _ key: String, change: CounterChange, by amount: Double? = nil, at now: Date, timeZone zone: TimeZone,
        rule: (CounterRule?) -> CounterRule? = { $0 }
    ) throws -> StoredVariable {
        try CacheStore.openForWriting(directory: cacheDirectory).incrementVariable(
            key, by: amount, change: change, at: now, timeZone: zone, rule: rule)
    }

    /// Steps the counter `key` only when it is stored (a button's counter); nil when it is not.
    public func stepExisting(
        _ key: String, change: CounterChange, at now: Date, timeZone zone: TimeZone
    ) throws -> StoredVariable? {
        guard try CacheStore.openForReading(directory: cacheDirectory).variable(key) != nil else { return nil }
        return try step(key, change: change, at: now, timeZone: zone)
    }

    /// Sets `key` to `value` at `now`; a counter keeps its rule unless `rule` changes it.
    public func set(
        _ key: String, to value: String, at now: Date, rule: (CounterRule?) -> CounterRule? = { $0 }
    ) throws {
        _ = try CacheStore.openForWriting(directory: cacheDirectory).updateVariable(key) { current in
            StoredVariable(key: key, value: value, updatedAt: now, counter: rule(current?.counter))
        }
    }

    /// Removes `key`; returns whether it was set.
    public func remove(_ key: String) throws -> Bool {
        try CacheStore.openForWriting(directory: cacheDirectory).removeVariable(key)
    }
}
