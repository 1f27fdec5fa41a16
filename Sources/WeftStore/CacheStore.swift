import Foundation
import GRDB
import WeftCore
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// The SQLite cache: snapshots, refresh attempts, HTTP validators and stored variables in one WAL file.
///
/// Readers open it read-only and never block on a writer; every write is one short IMMEDIATE transaction.
public struct CacheStore: Sendable {
    /// The database file.
    public let path: String
    /// Nil when opened for reading and no cache exists yet: everything reads as empty.
    let queue: DatabaseQueue?

    private init(path: String, queue: DatabaseQueue?) {
        self.path = path
        self.queue = queue
    }

    /// Opens the cache in `directory` read-only; a missing cache reads as empty.
    public static func openForReading(directory: String) throws(StoreError) -> CacheStore {
        let path = directory + "/weft.sqlite"
        try CacheFiles.checkDirectoryIfPresent(directory)
        for suffix in ["", "-wal", "-shm"] { try CacheFiles.checkFile(path + suffix) }
        guard FileManager.default.fileExists(atPath: path) else { return CacheStore(path: path, queue: nil) }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(5)
        config.label = "weft.reader"
        do {
            do {
                let queue = try DatabaseQueue(path: path, configuration: config)
                // A WAL reader needs to write the -shm index; opening or this first read is where that fails.
                _ = try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
                return CacheStore(path: path, queue: queue)
            } catch let error as DatabaseError where Self.needsImmutableOpen(error) {
                // A read-only directory or a full disk: read the database file as it stands, without the -shm
                // index (a writer that closed cleanly left everything in the main file).
                return CacheStore(path: path, queue: try DatabaseQueue(path: immutableURI(path), configuration: config))
            }
        } catch {
            throw map(error, path: path)
        }
    }

    /// Whether a reader failed only because it could not write its WAL index (read-only directory or file
    /// system, full disk), so an immutable open can still read the cache.
    private static func needsImmutableOpen(_ error: DatabaseError) -> Bool {
        switch error.resultCode.primaryResultCode {
        case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_FULL, .SQLITE_IOERR, .SQLITE_PERM: return true
        default: return false
        }
    }

    /// An SQLite URI opening `path` immutable (SQLite is built with URI file names on Debian and here).
    private static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
    }

    /// Opens the cache in `directory` for writing, creating the directory and the database when needed.
    ///
    /// A new database is built under a temporary name and linked into place complete, so no other process
    /// ever sees a half-created file; two processes creating it at once both end up on the same file.
    public static func openForWriting(directory: String) throws(StoreError) -> CacheStore {
        let path = directory + "/weft.sqlite"
        try prepareDirectory(directory)
        try CacheFiles.checkDirectory(directory)
        for suffix in ["", "-wal", "-shm", "-journal"] { try CacheFiles.checkFile(path + suffix, narrow: true) }
        if !FileManager.default.fileExists(atPath: path) { try create(path) }
        var config = Configuration()
        config.busyMode = .timeout(10)
        config.label = "weft.writer"
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        do {
            let queue = try DatabaseQueue(path: path, configuration: config)
            if try !queue.read({ db in try CacheSchema.migrator.hasCompletedMigrations(db) }) {
                try withFileLock(directory + "/weft.migrate.lock") { try CacheSchema.migrator.migrate(queue) }
            }
            return CacheStore(path: path, queue: queue)
        } catch {
            throw map(error, path: path)
        }
    }

    /// Creates the cache directory when needed, private to its owner (0700): the cache holds calendar titles,
    /// locations and health data. A directory of this user's that others may only read is narrowed; one that others
    /// may write to, or that is someone else's, is refused (``CacheFiles``).
    public static func prepareDirectory(_ directory: String) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreate(path: directory, reason: (error as NSError).localizedDescription)
        }
        try CacheFiles.checkDirectory(directory)
        var status = stat()
        if stat(directory, &status) == 0, status.st_mode & 0o077 != 0, chmod(directory, 0o700) != 0 {
            throw .unsafeCache(
                path: directory,
                reason: "others may read it and it cannot be made private: \(String(cString: strerror(errno)))")
        }
    }

    private static func create(_ path: String) throws(StoreError) {
        let temporary = path + ".new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) }
        }
        do {
            // Created private before SQLite writes a byte; its -wal and -shm files take the same mode.
            let fd = try CacheFiles.open(temporary, O_RDWR | O_CREAT | O_EXCL)
            guard fd >= 0 else { throw StoreError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
            close(fd)
            let queue = try DatabaseQueue(path: temporary)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try CacheSchema.migrator.migrate(queue)
            try queue.close()
        } catch let error as StoreError {
            throw error
        } catch {
            throw .cannotCreate(path: path, reason: "\(ErrorText.words(error))")
        }
        if link(temporary, path) != 0 && errno != EEXIST {
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
    }

    private static func withFileLock(_ lockPath: String, _ body: () throws -> Void) throws {
        let fd = try CacheFiles.open(lockPath, O_RDWR | O_CREAT)
        guard fd >= 0 else { throw CacheFiles.openError(lockPath, errno: errno) }
        defer { close(fd) }
        flock(fd, LOCK_EX)
        try body()
    }

    static func map(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        // A cell of the wrong type (text where a time belongs) is damage, not a bug to crash on.
        if error is RowDecodingError { return .corrupt(path: path, reason: "a value of the wrong type in it") }
        guard let error = error as? DatabaseError else {
            return .database(path: path, reason: "\(ErrorText.words(error))")
        }
        let reason = error.message ?? "\(error.resultCode)"
        switch error.resultCode.primaryResultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .corrupt(path: path, reason: reason)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH:
            return .unreadable(path: path, reason: reason)
        case .SQLITE_ERROR where reason.hasPrefix("no such table"): return .corrupt(path: path, reason: reason)
        case .SQLITE_FULL: return .diskFull(path: path)
        default: return .database(path: path, reason: reason)
        }
    }

    func read<T>(_ body: (Database) throws -> T, empty: T) throws(StoreError) -> T {
        guard let queue else { return empty }
        do {
            return try queue.read(body)
        } catch {
            throw Self.map(error, path: path)
        }
    }

    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        guard let queue else { throw .database(path: path, reason: "opened for reading only") }
        do {
            return try queue.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try body(db)
                    return .commit
                }
                guard let result else { throw StoreError.database(path: path, reason: "transaction produced nothing") }
                return result
            }
        } catch {
            throw Self.map(error, path: path)
        }
    }
}
