import GRDB

extension CacheStore {
    /// SQLite's `PRAGMA data_version` on this store's own connection: it changes whenever another connection
    /// commits, and only then, so a long-running reader (`weft watch`, `weft bar`) re-reads snapshots only after a
    /// real change. Nil when no cache existed when the store was opened.
    public func dataVersion() throws(StoreError) -> Int? {
        try read({ db in try Int.fetchOne(db, sql: "PRAGMA data_version") }, empty: nil)
    }

}
