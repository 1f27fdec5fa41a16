import GRDB

extension CacheStore {
    /// SQLite's `PRAGMA data_version` on this store's own connection: it changes whenever another connection
    /// commits, and only then, so a long-running reader (`weft watch`, `weft bar`) re-reads snapshots only after a
    /// real change. Nil when no cache existed when the store was opened.
    ///
    /// Asked on every tick of a live render, so it is the cheapest question there is: a cached statement on the
    /// connection, outside any explicit transaction (SQLite takes and drops its read lock around it).
    public func dataVersion() throws(StoreError) -> Int? {
        guard let queue else { return nil }
        do {
            return try queue.inDatabase { db in try Int.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) }
        } catch {
            throw Self.map(error, path: path)
        }
    }
}
