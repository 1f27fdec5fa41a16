import Foundation
import NIOCore
import WeftCore
import WeftPrimitives
import WeftRender

/// What `weft serve` serves and the limits it keeps.
///
/// `weft-serve` (what `weft serve` runs) builds it from its command line and reads the token from its file.
public struct ServeConfiguration: Sendable {
    /// The address to listen on: a name or a numeric address, resolved once at start.
    public var bind = "127.0.0.1"
    /// The port (0 picks a free one).
    public var port = 7878
    /// The file holding the bearer token, if one is required.
    public var tokenFile: String?
    /// When set, every request needs `Authorization: Bearer <token>` or a session from `/login` (read from
    /// `tokenFile`).
    var token: String?
    /// Host names (optionally `name:port`) the server answers to besides its own address, for a reverse proxy or a
    /// name on the LAN; without them a request whose `Host` is another name is refused (DNS rebinding).
    public var allowedHosts: [String] = []
    /// The largest request body accepted (a POSTed template), in bytes.
    public var maxBodyBytes = 64 * 1024
    /// Requests per second each client may make, on average.
    public var requestsPerSecond = 20.0
    /// How many requests a client may make at once before the rate applies.
    public var burst = 40
    /// How long a new connection may take to send a complete request, and a request (head and body) may take
    /// from its first byte.
    public var headerTimeout = Duration.seconds(10)
    /// How long a connection may wait between requests before it is closed.
    public var idleTimeout = Duration.seconds(60)
    /// How many connections one client address may hold; beyond it, its longest-waiting connection is closed.
    public var connectionsPerClient = 32
    /// How many connections the server holds in all; nil takes it from the open-file limit.
    public var maxConnections: Int?
    /// Cache, providers, zone and locale for renders; `now` pins the clock (for tests), else each request
    /// renders at its own moment.
    public var render = RenderSettings()
    /// The process environment, for `$TZ` and the default locations.
    public var environment: [String: String] = [:]
    /// The provider kinds the serving program was built with: they turn snapshots into variables and read the
    /// provider files.
    public var registry: ProviderRegistry

    /// Defaults for a program with the provider kinds `registry`: loopback, port 7878, no token, 64 KiB bodies,
    /// 20 requests/s with bursts of 40, 10 s to send a request, 60 s idle, 32 connections per client.
    public init(registry: ProviderRegistry) { self.registry = registry }

    /// Reads `tokenFile` into `token`; a token shorter than 16 characters is refused.
    public mutating func loadToken() throws(ServeConfigurationError) {
        guard let tokenFile else { return }
        let path = PathExpansion.expand(tokenFile)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .unreadableToken(path) }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard value.count >= 16 else { throw .shortToken(path) }
        token = value
    }

    /// Why the server cannot start as configured.
    public func check() throws(ServeConfigurationError) {
        _ = try listenAddress()
        for host in allowedHosts where HostAuthority.parse(host) == nil { throw .badAllowedHost(host) }
    }

    /// `bind` resolved to the numeric address the server listens on (what the socket would bind to), refused when
    /// it is not a loopback address and no token is set: a name is resolved, so `127.example.org` pointing at a LAN
    /// address is caught, not just the text `127.`.
    func listenAddress() throws(ServeConfigurationError) -> SocketAddress {
        let address: SocketAddress
        do {
            address = try SocketAddress.makeAddressResolvingHost(bind, port: port)
        } catch {
            throw .unresolvableBind(bind)
        }
        guard Self.isLoopback(address) || token != nil else {
            throw .openWithoutToken(bind: bind, address: address.ipAddress ?? bind)
        }
        return address
    }

    /// Whether only this machine can reach `address`: 127.0.0.0/8, ::1 and IPv4-mapped 127.x.
    static func isLoopback(_ address: SocketAddress) -> Bool {
        switch address {
        case .v4(let v4): UInt32(bigEndian: v4.address.sin_addr.s_addr) >> 24 == 127
        case .v6:
            address.ipAddress.map { $0 == "::1" || $0.lowercased().hasPrefix("::ffff:127.") } ?? false
        default: false
        }
    }

    /// The most connections the open-file limit leaves room for, keeping some descriptors for the cache files
    /// each request opens.
    func connectionLimit(openFileLimit: Int) -> Int {
        let room = max(openFileLimit - 128, 16)
        return maxConnections.map { min($0, room) } ?? room
    }
}

/// A `weft serve` setting that cannot be used.
public enum ServeConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadableToken(String)
    case shortToken(String)
    case unresolvableBind(String)
    case openWithoutToken(bind: String, address: String)
    case badAllowedHost(String)

    public var description: String {
        switch self {
        case .unreadableToken(let path): "cannot read the token file \(path)"
        case .shortToken(let path):
            "the token in \(path) is shorter than 16 characters; make one with e.g. `openssl rand -hex 32`"
        case .unresolvableBind(let bind):
            "--bind \(bind) is neither an address nor a name this machine can resolve; give an address such as "
                + "127.0.0.1"
        case .openWithoutToken(let bind, let address):
            (bind == address ? "--bind \(bind)" : "--bind \(bind) resolves to \(address), which")
                + " is not a loopback address: other machines could read your variables without a password; "
                + "give --token-file, or keep the default --bind 127.0.0.1"
        case .badAllowedHost(let host):
            "--allow-host \(host) is not a host name or name:port (such as weft.home.arpa or weft.home.arpa:8443)"
        }
    }
}
