#if canImport(Glibc)
    import Glibc
#endif

/// A loopback port where connections are refused: bound, never listened on, so no other program can take it.
public final class ClosedPort: Sendable {
    /// The refused port on 127.0.0.1.
    public let port: UInt16
    private let fd: Int32

    /// Reserves a port.
    public init() throws(TestServerError) {
        (fd, port) = try Sockets.bindLoopback()
    }

    deinit {
        close(fd)
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }
}
