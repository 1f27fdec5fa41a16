import Foundation
import GRDB
import WeftCore

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
        guard FileManager.default.fileExists(atPath: path) else { return CacheStore(path: path, queue: nil) }
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(5)
        config.label = "weft.reader"
        do {
            return CacheStore(path: path, queue: try DatabaseQueue(path: path, configuration: config))
        } catch {
            throw map(error, path: path)
        }
    }

    /// Opens the cache in `directory` for writing, creating the directory and the database when needed.
    ///
    /// A new database is built under a temporary name and linked into place complete, so no other process
    /// ever sees a half-created file; two processes creating it at once both end up on the same file.
    public static func openForWriting(directory: String) throws(StoreError) -> CacheStore {
        let path = directory + "/weft.sqlite"
        try prepareDirectory(directory)
        if !FileManager.default.fileExists(atPath: path) { try create(path) }
        for suffix in ["", "-wal", "-shm"] { _ = chmod(path + suffix, 0o600) }
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
    /// locations and health data. A directory made wider by an earlier version is narrowed.
    public static func prepareDirectory(_ directory: String) throws(StoreError) {
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreate(path: directory, reason: (error as NSError).localizedDescription)
        }
        var status = stat()
        if stat(directory, &status) == 0, status.st_uid == getuid(), status.st_mode & 0o077 != 0 {
            _ = chmod(directory, 0o700)
        }
    }

    private static func create(_ path: String) throws(StoreError) {
        let temporary = path + ".new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(temporary + suffix) }
        }
        do {
            // Created private before SQLite writes a byte; its -wal and -shm files take the same mode.
            let fd = open(temporary, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw StoreError.cannotCreate(path: path, reason: String(cString: strerror(errno))) }
            close(fd)
            let queue = try DatabaseQueue(path: temporary)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try CacheSchema.migrator.migrate(queue)
            try queue.close()
        } catch {
            throw .cannotCreate(path: path, reason: "\(error)")
        }
        if link(temporary, path) != 0 && errno != EEXIST {
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
    }

    private static func withFileLock(_ lockPath: String, _ body: () throws -> Void) throws {
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.cannotCreate(path: lockPath, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        flock(fd, LOCK_EX)
        try body()
    }

    static func map(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else { return .database(path: path, reason: "\(error)") }
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
