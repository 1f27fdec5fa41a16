import Foundation
import GRDB
import WeftCore
import WeftPrimitives

extension CacheStore {
    /// The stored variable `key` (canonical), if set.
    public func variable(_ key: String) throws(StoreError) -> StoredVariable? {
        try read({ db in try Self.variable(key, db: db) }, empty: nil)
    }

    /// Every stored variable, sorted by key.
    public func variables() throws(StoreError) -> [StoredVariable] {
        try read({ db in try VariableRow.order(Column("key")).fetchAll(db).map(\.variable) }, empty: [])
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
            let current = try Self.variable(key, db: db)
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
        try VariableRow(variable).insert(db, onConflict: .replace)
    }

    /// One variable. SQL, not the query interface: a render asks this, and the record's primary key would cost a
    /// schema query.
    private static func variable(_ key: String, db: Database) throws -> StoredVariable? {
        try VariableRow.fetchOne(db, sql: "SELECT * FROM variable WHERE key = ?", arguments: [key])?.variable
    }
}
