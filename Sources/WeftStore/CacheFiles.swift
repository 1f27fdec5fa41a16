import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The rules for the cache directory and every file in it (the database and its -wal and -shm, the lock files, the
/// run markers, the server's token and revocations): the directory is this user's and nobody else may write to it,
/// every file in it is this user's and private, and no symbolic link is followed. A directory others could write to
/// is refused rather than narrowed, because a file planted there before (a `weft.sqlite` another user holds open, a
/// `weft.lock` another user holds locked) would outlive the narrowing.
public enum CacheFiles {
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
                reason: "it is owned by \(owner(status.st_uid)), not by you (user id \(geteuid())); "
                    + "use a cache directory of your own (--cache DIR)")
        }
        guard status.st_mode & 0o022 == 0 else {
            throw .unsafeCache(
                path: directory,
                reason: "others may write to it (mode \(mode(status.st_mode))), so files in it may not be yours; "
                    + "run `chmod 700 \(directory)` and check that every file in it is yours, "
                    + "or use a new cache directory (--cache DIR)")
        }
    }

    /// Checks the cache directory when it exists (a reader of a missing cache reads nothing).
    static func checkDirectoryIfPresent(_ directory: String) throws(StoreError) {
        var status = stat()
        guard lstat(directory, &status) == 0 else { return }
        try checkDirectory(directory)
    }

    /// Refuses `path` when it is a symbolic link, anything but a regular file, or another user's; a missing file is
    /// fine. With `narrow`, a file of this user's that others could read is made private (0600), and a failed
    /// `chmod` is an error.
    static func checkFile(_ path: String, narrow: Bool = false) throws(StoreError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFLNK: throw .unsafeCache(path: path, reason: linkReason)
        default: throw .unsafeCache(path: path, reason: "it is not a regular file; move it aside")
        }
        try checkOwner(path, status)
        if narrow, status.st_mode & 0o077 != 0, chmod(path, 0o600) != 0 {
            throw .unsafeCache(
                path: path,
                reason: "others may read it (mode \(mode(status.st_mode))) and it cannot be made private: "
                    + String(cString: strerror(errno)))
        }
    }

    /// Opens (or creates) a file of the cache without following a link, and refuses it when it is another user's;
    /// a file of this user's that others could read is made private. A negative descriptor sets `errno`; a file that
    /// is not this user's throws.
    public static func open(_ path: String, _ flags: Int32, mode: mode_t = 0o600) throws(StoreError) -> Int32 {
        let fd = Glibc.open(path, flags | O_NOFOLLOW | O_CLOEXEC, mode)
        guard fd >= 0 else { return fd }
        var status = stat()
        guard fstat(fd, &status) == 0 else {
            let code = errno
            close(fd)
            throw .cannotCreate(path: path, reason: String(cString: strerror(code)))
        }
        do throws(StoreError) {
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw StoreError.unsafeCache(path: path, reason: "it is not a regular file; move it aside")
            }
            try checkOwner(path, status)
            if status.st_mode & 0o077 != 0, fchmod(fd, 0o600) != 0 {
                throw StoreError.unsafeCache(
                    path: path,
                    reason: "others may read it (mode \(Self.mode(status.st_mode))) and it cannot be made private: "
                        + String(cString: strerror(errno)))
            }
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// The error for a failed `open`: a link found by O_NOFOLLOW (ELOOP) says so.
    public static func openError(_ path: String, errno code: Int32) -> StoreError {
        code == ELOOP
            ? .unsafeCache(path: path, reason: linkReason)
            : .cannotCreate(path: path, reason: String(cString: strerror(code)))
    }

    /// The contents of the private file `name` in the cache directory `directory` (at most `limit` bytes), or nil
    /// when there is none; the directory and the file are checked as every cache file is.
    public static func readPrivate(_ name: String, in directory: String, limit: Int = 1 << 20) throws(StoreError)
        -> String?
    {
        let path = directory + "/" + name
        try checkDirectoryIfPresent(directory)
        let fd = try open(path, O_RDONLY)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw openError(path, errno: errno)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while bytes.count <= limit {
            let count = read(fd, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[0..<count]
        }
        guard bytes.count <= limit else { throw .unsafeCache(path: path, reason: "it is larger than \(limit) bytes") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the private file `name` (0600) in the cache directory `directory`, made private (0700) if needed:
    /// written under a temporary name and renamed into place, so a reader sees the old or the new contents whole.
    /// With `exclusive`, a file already there is kept and false is returned.
    @discardableResult
    public static func writePrivate(_ name: String, _ text: String, in directory: String, exclusive: Bool = false)
        throws(StoreError) -> Bool
    {
        try CacheStore.prepareDirectory(directory)
        try checkDirectory(directory)
        let path = directory + "/" + name
        try checkFile(path, narrow: true)
        let temporary = path + ".new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = try open(temporary, O_WRONLY | O_CREAT | O_EXCL)
        guard fd >= 0 else { throw openError(temporary, errno: errno) }
        defer { unlink(temporary) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced else { throw .diskFull(path: path) }
        if exclusive {
            guard link(temporary, path) == 0 else {
                if errno == EEXIST { return false }
                throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
            }
            return true
        }
        guard rename(temporary, path) == 0 else {
            throw .cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        return true
    }

    private static func checkOwner(_ path: String, _ status: stat) throws(StoreError) {
        guard status.st_uid != geteuid() else { return }
        throw .unsafeCache(
            path: path,
            reason: "it is owned by \(owner(status.st_uid)), not by you (user id \(geteuid())), so someone else "
                + "may hold it open or locked; remove it (as root if need be) and check who else can write to "
                + "the cache directory")
    }

    /// `name (id N)`, or `user id N` for an id without a name.
    static func owner(_ uid: uid_t) -> String {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 1024)
        if getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, let found = result,
            let name = found.pointee.pw_name
        {
            return "\(String(cString: name)) (user id \(uid))"
        }
        return "user id \(uid)"
    }

    private static func mode(_ mode: mode_t) -> String { String(mode & 0o7777, radix: 8) }

    private static let linkReason =
        "it is a symbolic link, and weft does not follow links in its cache directory; remove the link"
}
