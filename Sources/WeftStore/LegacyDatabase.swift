import Foundation
import WeftCore
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// Moves a database from where weft kept it before (`$XDG_CACHE_HOME/weft`) to its state directory, once.
///
/// The move happens under the old directory's refresh lock, so no writer is halfway through a transaction, and by
/// renaming the write-ahead log before the database file: whoever opens the new path finds both, and nothing
/// committed is lost. There are never two live databases: once the new one exists, the old location is not read or
/// written again.
public enum LegacyDatabase {
    /// Moves the database when `locations` uses the default directory, that holds none yet, and the old default
    /// holds one. Returns the line to tell the user, or nil when there was nothing to move. When another process
    /// holds the old lock for longer than `wait`, nothing moves now and the old directory is used for this run.
    public static func adopt(_ locations: WeftLocations, wait: Duration = .seconds(2)) -> (
        locations: WeftLocations, message: String?
    ) {
        guard let old = locations.legacyDirectory else { return (locations, nil) }
        let new = locations.cacheDirectory
        let name = "/weft.sqlite"
        guard !exists(new + name), exists(old + name) else { return (locations, nil) }
        var fallback = locations
        fallback.cacheDirectory = old
        do {
            let lock = try RefreshLock(directory: old, wait: wait)
            return try holding(lock) { () throws -> (locations: WeftLocations, message: String?) in
            // Another process may have moved it while this one waited for the lock.
            guard !exists(new + name), exists(old + name) else { return (locations, nil) }
            try CacheStore.prepareDirectory(new)
            try CacheFiles.checkDirectory(new)
            for suffix in ["", "-wal", "-shm"] { try CacheFiles.checkFile(old + name + suffix) }
            if rename(old + name + "-wal", new + name + "-wal") != 0, errno != ENOENT {
                return try copyAcross(from: old, to: new, locations: locations)
            }
            _ = rename(old + name + "-shm", new + name + "-shm")
            guard rename(old + name, new + name) == 0 else {
                let reason = String(cString: strerror(errno))
                // Put the log back beside its database so the old location stays whole.
                _ = rename(new + name + "-wal", old + name + "-wal")
                throw StoreError.cannotCreate(path: new + name, reason: reason)
            }
            return (locations, "weft: moved the database from \(old) to \(new): it holds your own records, and "
                + "\(old) is a cache directory that cleaners empty")
            }
        } catch {
            return (
                fallback,
                "weft: could not move the database from \(old) to \(new) (\(ErrorText.words(error))); using \(old)"
            )
        }
    }

    /// The move when the two directories are on different file systems: the database and its log are copied, the
    /// copy is linked into place complete, and the old files are renamed aside (kept, not deleted).
    private static func copyAcross(
        from old: String, to new: String, locations: WeftLocations
    ) throws -> (locations: WeftLocations, message: String?) {
        let name = "/weft.sqlite"
        let temporary = new + name + ".moving-\(getpid())"
        defer { for suffix in ["", "-wal"] { unlink(temporary + suffix) } }
        for suffix in ["-wal", ""] where exists(old + name + suffix) {
            guard let data = FileManager.default.contents(atPath: old + name + suffix) else {
                throw StoreError.unreadable(path: old + name + suffix, reason: "cannot read it")
            }
            let fd = try CacheFiles.open(temporary + suffix, O_WRONLY | O_CREAT | O_TRUNC)
            guard fd >= 0 else { throw CacheFiles.openError(temporary + suffix, errno: errno) }
            defer { close(fd) }
            let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            guard written == data.count, fsync(fd) == 0 else { throw StoreError.diskFull(path: new) }
        }
        if exists(temporary + "-wal") { _ = rename(temporary + "-wal", new + name + "-wal") }
        guard link(temporary, new + name) == 0 else {
            throw StoreError.cannotCreate(path: new + name, reason: String(cString: strerror(errno)))
        }
        for suffix in ["", "-wal"] where exists(old + name + suffix) {
            _ = rename(old + name + suffix, old + name + suffix + ".moved")
        }
        unlink(old + name + "-shm")
        return (
            locations,
            "weft: copied the database from \(old) to \(new) (the old files are kept as weft.sqlite.moved): it "
                + "holds your own records, and \(old) is a cache directory that cleaners empty"
        )
    }

    /// Runs `body` while `lock` is held: borrowing it keeps it alive until `body` returns.
    private static func holding<T>(_ lock: borrowing RefreshLock, _ body: () throws -> T) throws -> T { try body() }

    private static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}
