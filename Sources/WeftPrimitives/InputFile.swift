import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The one way a provider opens a file someone else may have made (an export, a calendar, a habit file): regular
/// files only. The open never waits (`O_NONBLOCK`: a FIFO would block until a writer came, while the refresh holds
/// its lock), the descriptor is then checked with `fstat`, so a path swapped between a check and the open cannot
/// slip through, and a regular file's reads cannot block.
public enum InputFile {
    /// Why a file was not opened.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// `open` or `fstat` failed; the system's reason.
        case system(String)
        /// The path is a FIFO, a device, a socket or a directory (`kind` says which).
        case notRegular(kind: String)

        public var description: String {
            switch self {
            case .system(let reason): reason
            case .notRegular(let kind): "it is \(kind), not a regular file; weft reads only regular files"
            }
        }
    }

    /// A descriptor for reading the regular file at `path` (close it), and its size.
    public static func open(_ path: String) throws(Problem) -> (descriptor: Int32, size: Int) {
        let descriptor = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(ErrorText.systemText(errno)) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let reason = ErrorText.systemText(errno)
            close(descriptor)
            throw .system(reason)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw .notRegular(kind: kind(info.st_mode))
        }
        // Back to blocking reads: a regular file's never wait, and readers need not handle EAGAIN.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return (descriptor, max(Int(exactly: info.st_size) ?? 0, 0))
    }

    /// The whole regular file at `path`, refused when it is larger than `limit` bytes.
    public static func read(_ path: String, limit: Int = Int.max) throws(Problem) -> Data {
        let (descriptor, size) = try open(path)
        defer { close(descriptor) }
        guard size <= limit else { throw .system("larger than the limit of \(limit) bytes") }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .system(ErrorText.systemText(errno))
            }
            if got == 0 { return data }
            data.append(contentsOf: chunk[0..<got])
            if data.count > limit { throw .system("larger than the limit of \(limit) bytes") }
        }
    }

    /// Copies the regular file at `source` to a new file `destination` (0600, never over an existing one).
    public static func copy(_ source: String, to destination: String) throws(Problem) {
        let (input, _) = try open(source)
        defer { close(input) }
        let output = Glibc.open(destination, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw .system(ErrorText.systemText(errno)) }
        defer { close(output) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let got = chunk.withUnsafeMutableBytes { Glibc.read(input, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw .system(ErrorText.systemText(errno))
            }
            if got == 0 { return }
            var written = 0
            while written < got {
                let put = chunk.withUnsafeBytes {
                    Glibc.write(output, $0.baseAddress.map { $0 + written }, got - written)
                }
                if put < 0 {
                    if errno == EINTR { continue }
                    throw .system(ErrorText.systemText(errno))
                }
                written += put
            }
        }
    }

    private static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }
}
