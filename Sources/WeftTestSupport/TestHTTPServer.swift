import Dispatch
import Foundation
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

/// A loopback HTTP/1.1 server with scripted routes, on 127.0.0.1 (or another local address) and an ephemeral port.
/// One thread accepts, one thread serves each connection; every response closes its connection.
public final class TestHTTPServer: Sendable {
    /// Produces the response for a request; runs on the connection's thread.
    public typealias Handler = @Sendable (RecordedRequest) -> TestResponse

    /// The port the server listens on.
    public let port: UInt16
    /// The IPv4 address it listens on.
    public let host: String
    private let core: ServerCore

    /// Starts listening at once on 127.0.0.1, or on `address` (an IPv4 address of this machine, see
    /// `LocalAddress`); `routes` maps a path (without query) to its handler, anything else gets 404.
    public init(routes: [String: Handler] = [:], address: String = "127.0.0.1") throws(TestServerError) {
        var parsed = in_addr()
        guard inet_pton(AF_INET, address, &parsed) == 1 else { throw .socket(call: "inet_pton", code: EINVAL) }
        let (fd, port) = try Sockets.bind(ipv4: UInt32(bigEndian: parsed.s_addr))
        guard listen(fd, 128) == 0 else {
            let code = errno
            close(fd)
            throw .socket(call: "listen", code: code)
        }
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else {
            let code = errno
            close(fd)
            throw .socket(call: "pipe", code: code)
        }
        for pipeFD in pipeFDs { _ = fcntl(pipeFD, F_SETFD, FD_CLOEXEC) }
        self.port = port
        host = address
        core = ServerCore(listenFD: fd, wakeRead: pipeFDs[0], wakeWrite: pipeFDs[1], routes: routes)
        core.start()
    }

    deinit {
        core.stop()
    }

    /// `http://HOST:PORT`, e.g. `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://\(host):\(port)" }

    /// `baseURL` followed by `path`, which should start with "/".
    public func url(_ path: String) -> String { baseURL + path }

    /// Adds or replaces a route.
    public func route(_ path: String, _ handler: @escaping Handler) {
        core.state.withLock { $0.routes[path] = handler }
    }

    /// Every request received so far, in arrival order.
    public var requests: [RecordedRequest] { core.state.withLock { $0.requests } }

    /// The requests received for one path.
    public func requests(path: String) -> [RecordedRequest] { requests.filter { $0.path == path } }

    /// Stops accepting, breaks open connections and waits (bounded) for the threads to finish; idempotent.
    public func stop() {
        core.stop()
    }
}

/// Everything the server's threads share; they hold this, not the server, so dropping the server stops them.
final class ServerCore: Sendable {
    struct State {
        var routes: [String: TestHTTPServer.Handler]
        var requests: [RecordedRequest] = []
        var stopped = false
        /// Open connections, so `stop` can shut them down; an entry is removed before its descriptor is closed.
        var connections: Set<Int32> = []
    }

    let listenFD: Int32
    let wakeRead: Int32
    let wakeWrite: Int32
    let state: Locked<State>
    let threads = DispatchGroup()

    static let maxHeadBytes = 64 * 1024
    static let ioTimeoutSeconds = 5
    /// A stalled response holds its connection at most this long, so a client without timeouts still finishes.
    static let maxStallMilliseconds = 30_000

    init(listenFD: Int32, wakeRead: Int32, wakeWrite: Int32, routes: [String: TestHTTPServer.Handler]) {
        self.listenFD = listenFD
        self.wakeRead = wakeRead
        self.wakeWrite = wakeWrite
        state = Locked(State(routes: routes))
    }

    func start() {
        threads.enter()
        let thread = Thread { [self] in
            acceptLoop()
            threads.leave()
        }
        thread.name = "test-http-accept"
        thread.start()
    }

    func stop() {
        let first = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.stopped = true
            // Inside the lock: a handler removes its descriptor (under the lock) before closing it, so each
            // descriptor shut down here is still the connection's own.
            for fd in state.connections { shutdown(fd, Int32(SHUT_RDWR)) }
            return true
        }
        guard first else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
        if threads.wait(timeout: .now() + .seconds(5)) == .success {
            close(wakeRead)
            close(wakeWrite)
        }
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        defer { close(listenFD) }
        while !isStopped {
            var fds = [
                pollfd(fd: listenFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&fds, 2, 1000) > 0, fds[1].revents == 0 else { continue }
            let connection = accept(listenFD, nil, nil)
            guard connection >= 0 else { continue }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            let accepted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.connections.insert(connection)
                return true
            }
            guard accepted else {
                close(connection)
                return
            }
            threads.enter()
            let thread = Thread { [self] in
                serve(connection)
                state.withLock { _ = $0.connections.remove(connection) }
                close(connection)
                threads.leave()
            }
            thread.name = "test-http-conn"
            thread.start()
        }
    }

    private enum Head {
        case request([UInt8])
        case notHTTP
        case gone
    }

    private func readHead(_ fd: Int32) -> Head {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let terminator: [UInt8] = [13, 10, 13, 10]
        while buffer.count < Self.maxHeadBytes {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return .gone }
            buffer.append(contentsOf: chunk[0..<count])
            // A TLS ClientHello or other garbage: answer at once instead of waiting for a blank line.
            if let first = buffer.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) { return .notHTTP }
            if let end = buffer.firstRange(of: terminator) { return .request(Array(buffer[..<end.lowerBound])) }
        }
        return .notHTTP
    }

    private func serve(_ fd: Int32) {
        Sockets.setTimeouts(fd, seconds: Self.ioTimeoutSeconds)
        let request: RecordedRequest
        switch readHead(fd) {
        case .gone:
            return
        case .notHTTP:
            Sockets.sendAll(
                fd, Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
            return
        case .request(let head):
            guard let parsed = RecordedRequest.parse(head: head) else {
                Sockets.sendAll(
                    fd, Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
                return
            }
            request = parsed
        }
        let handler = state.withLock { state -> TestHTTPServer.Handler? in
            state.requests.append(request)
            return state.routes[request.path]
        }
        let response = handler?(request) ?? .text("no route for \(request.path)", status: 404)
        send(response, for: request, to: fd)
    }

    private func send(_ response: TestResponse, for request: RecordedRequest, to fd: Int32) {
        let reason = response.reason ?? HTTPReason.standard(response.status) ?? "Status"
        var head = "HTTP/1.1 \(response.status) \(reason)\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        let hasBody = !(response.status == 304 || response.status == 204 || request.method == "HEAD")
        if hasBody && response.framing == .contentLength { head += "Content-Length: \(response.body.count)\r\n" }
        head += "Connection: close\r\n\r\n"
        guard Sockets.sendAll(fd, Array(head.utf8)), hasBody else { return }
        switch response.delivery {
        case .complete:
            Sockets.sendAll(fd, response.body)
        case .truncate(let count):
            Sockets.sendAll(fd, response.body.prefix(count))
        case .stall(let count):
            guard Sockets.sendAll(fd, response.body.prefix(count)) else { return }
            waitForClientToLeave(fd)
        }
        shutdown(fd, Int32(SHUT_WR))
    }

    private func waitForClientToLeave(_ fd: Int32) {
        var waited: Int32 = 0
        var scratch = [UInt8](repeating: 0, count: 512)
        while waited < Self.maxStallMilliseconds && !isStopped {
            if Sockets.waitReadable(fd, milliseconds: 100) {
                let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count <= 0 { return }
            }
            waited += 100
        }
    }
}
