import Foundation
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on the cache directory held for one refresh, so overlapping cron runs do not collide.
/// The kernel releases it when the process dies, so a killed refresh never leaves it stuck.
public struct RefreshLock: ~Copyable, Sendable {
    private let descriptor: Int32

    /// Takes the lock, waiting up to `wait` for another holder to finish.
    public init(directory: String, wait: Duration = .seconds(5)) throws(StoreError) {
        let path = directory + "/weft.lock"
        try CacheFiles.checkDirectory(directory)
        let fd = try CacheFiles.open(path, O_RDWR | O_CREAT)
        guard fd >= 0 else { throw CacheFiles.openError(path, errno: errno) }
        let clock = ContinuousClock()
        let deadline = clock.now + wait
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, clock.now < deadline else {
                let holder = Self.holder(fd)
                close(fd)
                throw .refreshRunning(
                    lockFile: path, holder: holder, waited: DurationText.seconds(wait))
            }
            usleep(50_000)
        }
        let stamp = "pid \(getpid())\n"
        _ = ftruncate(fd, 0)
        _ = stamp.withCString { pwrite(fd, $0, strlen($0), 0) }
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    private static func holder(_ fd: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = pread(fd, &buffer, buffer.count, 0)
        let text = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : ""
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "another process" : trimmed
    }
}
