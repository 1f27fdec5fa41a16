import Foundation
import GRDB
import WeftCore
import WeftPrimitives

extension CacheStore {
    /// The stored variable `key` (canonical), if set.
    public func variable(_ key: String) throws(StoreError) -> StoredVariable? {
        try read(
            { db in
                try Row.fetchOne(db, sql: "SELECT * FROM variable WHERE key = ?", arguments: [key]).map(
                    Self.variable(from:))
            }, empty: nil)
    }

    /// Every stored variable, sorted by key.
    public func variables() throws(StoreError) -> [StoredVariable] {
        try read(
            { db in
                try Row.fetchAll(db, sql: "SELECT * FROM variable ORDER BY key").map(Self.variable(from:))
            }, empty: [])
    }

    /// Writes a variable, replacing what was there.
    public func setVariable(_ variable: StoredVariable) throws(StoreError) {
        try write { db in try Self.save(variable, db: db) }
    }

    /// Removes a variable; returns whether it existed.
    @discardableResult
    public func removeVariable(_ key: String) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM variable WHERE key = ?", arguments: [key])
            return db.changesCount > 0
        }
    }

    /// Reads, changes and writes one variable in a single IMMEDIATE transaction, so concurrent `incr`s add up.
    public func updateVariable(
        _ key: String, _ change: (StoredVariable?) throws -> StoredVariable
    ) throws(StoreError) -> StoredVariable {
        try write { db in
            let current = try Row.fetchOne(db, sql: "SELECT * FROM variable WHERE key = ?", arguments: [key])
                .map(Self.variable(from:))
            let updated = try change(current)
            try Self.save(updated, db: db)
            return updated
        }
    }

    /// The one change of a counter (`weft var incr|decr` and the dashboard's buttons), in one transaction.
    ///
    /// `rule` makes the counter's rule from the stored one (nil: a plain variable counted in steps of 1). The signed
    /// amount is `CounterRule.amount(change, by:)`; the result stops at the rule's floor and ceiling. An unset
    /// variable, or a counter whose reset period ended, starts from the reset value. A step or a result that is not
    /// a finite number (`nan`, `inf`, `1e309`), or a rule whose limits contradict themselves, is refused and nothing
    /// changes.
    public func incrementVariable(
        _ key: String, by amount: Double? = nil, change: CounterChange = .incr, at now: Date, timeZone: TimeZone,
        rule: (CounterRule?) -> CounterRule? = { $0 }
    ) throws(StoreError) -> StoredVariable {
        if let amount, !ValueRange.counterStep.contains(amount) {
            throw .notFinite(key: key, value: "the step \(amount)")
        }
        return try updateVariable(key) { current throws(StoreError) in
            let counter = rule(current?.counter) ?? CounterRule()
            guard ValueRange.counterStep.contains(counter.step), counter.resetValue.isFinite else {
                throw .notFinite(key: key, value: "the counter's step \(counter.step)")
            }
            let text = current?.value(at: now, timeZone: timeZone) ?? NumberText.plain(counter.resetValue)
            guard let number = CheckedNumber.finite(text) else { throw .notANumber(key: key, value: text) }
            let sum = number + counter.amount(change, by: amount)
            guard sum.isFinite else { throw .notFinite(key: key, value: "the result \(sum)") }
            return StoredVariable(
                key: key, value: NumberText.plain(counter.clamped(sum)), updatedAt: now, counter: counter)
        }
    }

    /// The one place a variable is written: a counter rule that cannot hold, or a number outside the counter's
    /// limits, is refused here for every writer.
    private static func save(_ variable: StoredVariable, db: Database) throws {
        if let counter = variable.counter {
            if let problem = counter.problem { throw StoreError.badCounter(key: variable.key, reason: problem) }
            if let number = CheckedNumber.finite(variable.value), let outside = counter.limitProblem(number) {
                throw StoreError.badCounter(key: variable.key, reason: outside)
            }
        }
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO variable (key, value, updated_at, counter_step, counter_goal, counter_reset,
                    counter_reset_value, counter_week_start, counter_min, counter_max)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                variable.key, variable.value, variable.updatedAt.timeIntervalSince1970, variable.counter?.step,
                variable.counter?.goal, variable.counter?.reset?.rawValue, variable.counter?.resetValue,
                variable.counter?.weekStart, variable.counter?.minimum, variable.counter?.maximum,
            ])
    }

    private static func variable(from row: Row) throws -> StoredVariable {
        var counter: CounterRule?
        if let step = try row.decode(Double?.self, forColumn: "counter_step") {
            counter = try CounterRule(
                step: step, goal: row.decode(forColumn: "counter_goal"),
                reset: (row.decode(String?.self, forColumn: "counter_reset")).flatMap(ResetPeriod.init(rawValue:)),
                resetValue: row.decode(forColumn: "counter_reset_value") ?? 0,
                weekStart: row.decode(forColumn: "counter_week_start") ?? 2,
                // A cache not yet migrated to v7 (read before any writer ran) has no limits.
                minimum: row.hasColumn("counter_min") ? row.decode(forColumn: "counter_min") : nil,
                maximum: row.hasColumn("counter_max") ? row.decode(forColumn: "counter_max") : nil)
        }
        return try StoredVariable(
            key: row.decode(forColumn: "key"), value: row.decode(forColumn: "value"),
            updatedAt: Date(timeIntervalSince1970: row.decode(forColumn: "updated_at")),
            counter: counter)
    }
}
