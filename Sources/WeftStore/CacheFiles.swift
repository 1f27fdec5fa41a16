import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The rules for the files in a cache directory: weft never follows a symbolic link there and never writes into a
/// directory someone else could swap files in, so a link planted in a shared directory cannot make a refresh
/// truncate or create a file elsewhere (with root's rights, when root runs it).
enum CacheFiles {
    /// Refuses a cache directory that is not owned by this user or that others may write to.
    static func checkDirectory(_ directory: String) throws(StoreError) {
        var status = stat()
        guard stat(directory, &status) == 0 else {
            throw .cannotCreate(path: directory, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw .unsafeCache(path: directory, reason: "it is not a directory")
        }
        guard status.st_uid == geteuid() else {
            throw .unsafeCache(
                path: directory,
                reason: "it is owned by user id \(status.st_uid), not by this user (id \(geteuid())); "
                    + "use a cache directory of your own (--cache DIR)")
        }
        guard status.st_mode & 0o022 == 0 else {
            throw .unsafeCache(
                path: directory,
                reason: "others may write to it (mode \(String(status.st_mode & 0o7777, radix: 8))); "
                    + "run `chmod 700 \(directory)`")
        }
    }

    /// Refuses `path` when it is a symbolic link or anything but a regular file; a missing file is fine.
    static func refuseLink(_ path: String) throws(StoreError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFLNK: throw .unsafeCache(path: path, reason: linkReason)
        default: throw .unsafeCache(path: path, reason: "it is not a regular file; move it aside")
        }
    }

    /// Opens (or creates) a file of the cache without following a link; a negative descriptor sets `errno`.
    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600) -> Int32 {
        Glibc.open(path, flags | O_NOFOLLOW | O_CLOEXEC, mode)
    }

    /// The error for a failed `open`: a link found by O_NOFOLLOW (ELOOP) says so.
    static func openError(_ path: String, errno code: Int32) -> StoreError {
        code == ELOOP
            ? .unsafeCache(path: path, reason: linkReason)
            : .cannotCreate(path: path, reason: String(cString: strerror(code)))
    }

    private static let linkReason =
        "it is a symbolic link, and weft does not follow links in its cache directory; remove the link"
}
