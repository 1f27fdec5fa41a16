import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a file is and when it last changed, from one `stat`: the one way weft notices that a file it read (a
/// provider file, an export, the cache and its WAL) changed or was replaced.
public struct FileStamp: Sendable, Hashable {
    /// The device the file is on.
    public let device: UInt64
    /// Its inode: a file renamed over the path has another.
    public let inode: UInt64
    /// Its size in bytes.
    public let size: Int64
    /// Its modification time, whole seconds since 1970.
    public let modifiedSeconds: Int64
    /// The nanoseconds of the modification time.
    public let modifiedNanoseconds: Int64

    /// The stamp of the file at `path` (symbolic links followed); nil when it cannot be stat'ed.
    public init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modifiedSeconds = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
    }

    /// The modification time as an instant, computed as Foundation's file attributes compute it (to the last bit,
    /// so `text` matches what older versions stored).
    public var modified: Date {
        Date(
            timeIntervalSinceReferenceDate: (TimeInterval(modifiedSeconds) - Date.timeIntervalBetween1970AndReferenceDate)
                + 1.0e-9 * TimeInterval(modifiedNanoseconds))
    }

    /// `size:mtime`, the text snapshots store per imported file (the form FileManager's attributes gave, so stamps
    /// stored by an older weft still match).
    public var text: String { "\(size):\(modified.timeIntervalSince1970)" }

    /// Whether both stamps are of the same file (device and inode), whatever its contents.
    public func isSameFile(as other: FileStamp) -> Bool { device == other.device && inode == other.inode }
}
