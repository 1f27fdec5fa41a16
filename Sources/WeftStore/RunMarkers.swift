import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One empty file per provider being refreshed (`weft.running.<instance>` in the cache directory), made before it
/// runs and removed after, by the holder of the refresh lock. A marker found when the lock is taken again means the
/// process died while that provider ran: a crash in a C library, a kill -9, a power cut.
public struct RunMarkers: Sendable {
    /// The cache directory.
    public let directory: String
    static let prefix = "weft.running."

    /// Markers in `directory`; only the holder of the refresh lock should use them.
    public init(directory: String) { self.directory = directory }

    /// Marks `instance` as running (created without following a link, never over an existing file).
    public func mark(_ instance: String) throws(StoreError) {
        let path = self.path(instance)
        let fd = try CacheFiles.open(path, O_WRONLY | O_CREAT | O_EXCL)
        if fd < 0, errno == EEXIST { return }
        guard fd >= 0 else { throw CacheFiles.openError(path, errno: errno) }
        close(fd)
    }

    /// Removes the marker of `instance`.
    public func clear(_ instance: String) { unlink(path(instance)) }

    /// The instances whose markers a dead process left, sorted.
    public func left() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasPrefix(Self.prefix) }.map { String($0.dropFirst(Self.prefix.count)) }.sorted()
    }

    private func path(_ instance: String) -> String { directory + "/" + Self.prefix + instance }
}
