import Foundation
import WeftCore
import WeftStore

#if canImport(Glibc)
    import Glibc
#endif

/// One notifier per database: an exclusive lock on `weft.notify.lock` beside it, held while `weft notify` runs and
/// released by the kernel when the process ends however it ends.
public final class NotifierLock {
    private let descriptor: Int32
    /// The lock file.
    public let path: String

    /// Takes the lock at once or throws naming the process that holds it.
    public init(cacheDirectory: String) throws(NotifierError) {
        path = cacheDirectory + "/weft.notify.lock"
        // Opened as every file of the cache is: no link followed, and a lock file another user planted (and may hold
        // locked, so no notifier would ever start) is refused.
        let fd: Int32
        do {
            fd = try CacheFiles.open(path, O_RDWR | O_CREAT)
        } catch {
            throw .lockUnavailable(path: path, reason: error.description)
        }
        guard fd >= 0 else {
            throw .lockUnavailable(path: path, reason: CacheFiles.openError(path, errno: errno).description)
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = pread(fd, &buffer, buffer.count, 0)
            close(fd)
            let holder = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
            let trimmed = holder.trimmingCharacters(in: .whitespacesAndNewlines)
            throw .alreadyRunning(lockFile: path, holder: trimmed.isEmpty ? "another process" : trimmed)
        }
        let stamp = "pid \(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = stamp.withCString { pwrite(fd, $0, strlen($0), 0) }
        descriptor = fd
    }

    deinit { close(descriptor) }
}

/// What stops the notifier.
public enum NotifierError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Another `weft notify` runs on the same database.
    case alreadyRunning(lockFile: String, holder: String)
    /// The lock file cannot be opened.
    case lockUnavailable(path: String, reason: String)
    /// `notify.toml` has problems.
    case badFile([SettingsFileError])

    public var description: String {
        switch self {
        case .alreadyRunning(let lockFile, let holder):
            "another weft notify (\(holder)) already runs on this database (lock \(lockFile)); "
                + "one notifier per database: stop it first, or use it"
        case .lockUnavailable(let path, let reason): "cannot open the notifier's lock \(path): \(reason)"
        case .badFile(let problems): problems.map(\.description).joined(separator: "\n")
        }
    }
}
