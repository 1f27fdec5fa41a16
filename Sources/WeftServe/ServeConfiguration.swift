import Foundation
import NIOCore
import WeftCore
import WeftPrimitives
import WeftRender
import WeftStore

/// What `weft serve` serves and the limits it keeps.
///
/// `weft-serve` (what `weft serve` runs) builds it from its command line and reads the token from its file.
public struct ServeConfiguration: Sendable {
    /// The address to listen on: a name or a numeric address, resolved once at start.
    public var bind = "127.0.0.1"
    /// The port (0 picks a free one).
    public var port = 7878
    /// The file holding the bearer token; without it (and without `noToken`) the server makes its own token in
    /// `stateDirectory` at its first start and reuses it.
    public var tokenFile: String?
    /// Serve without a token (`--no-token`): every local user may read and press the dashboard's buttons.
    public var noToken = false
    /// Where the made token (`serve.token`) and the revoked sessions (`serve.revoked`) are kept, 0600; nil: the
    /// cache directory (the user's state folder, `$XDG_STATE_HOME/weft`, by default).
    public var stateDirectory: String?
    /// When set, every request needs `Authorization: Bearer <token>` or a session from `/login` (read from
    /// `tokenFile`, or made by `loadToken`).
    var token: String?
    /// The file the token was read from or written to, once `loadToken` ran with a token.
    public private(set) var tokenPath: String?
    /// The code of the one-time login link printed at the start (`/login?once=CODE`); nil without a token.
    public private(set) var loginCode: String?
    /// The sessions logged out before this start (nonce: expiry), read from `serve.revoked` by `loadToken`.
    var revokedSessions: [String: Int] = [:]
    /// Host names (optionally `name:port`) the server answers to besides its own address, for a reverse proxy or a
    /// name on the LAN; without them a request whose `Host` is another name is refused (DNS rebinding).
    public var allowedHosts: [String] = []
    /// The largest request body accepted (a POSTed template), in bytes.
    public var maxBodyBytes = 64 * 1024
    /// Requests per second each client may make, on average.
    public var requestsPerSecond = 20.0
    /// How many requests a client may make at once before the rate applies.
    public var burst = 40
    /// How many failed authentications the whole server takes at once (then one a second), from any address.
    public var failedAuthenticationBurst = 100
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

    /// The name of the token the server makes in `stateDirectory`.
    public static let madeTokenFile = "serve.token"

    /// Settles `token`: none with `noToken`; else read from `tokenFile` (a token shorter than 16 characters is
    /// refused), else the token in `stateDirectory`, made there (random, 0600) at the first start. With a token, the
    /// sessions logged out before are read and a one-time login code is made.
    public mutating func loadToken() throws(ServeConfigurationError) {
        if noToken, tokenFile != nil { throw .tokenAndNoToken }
        guard !noToken else { return }
        let stateDirectory =
            self.stateDirectory
            ?? Workspace(cache: render.cacheDirectory, providers: render.providersDirectory, environment: environment)
            .locations.cacheDirectory
        self.stateDirectory = stateDirectory
        if let tokenFile {
            let path = PathExpansion.expand(tokenFile)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .unreadableToken(path) }
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard value.count >= 16 else { throw .shortToken(path) }
            token = value
            tokenPath = path
        } else {
            let path = stateDirectory + "/" + Self.madeTokenFile
            do {
                var text = try CacheFiles.readPrivate(Self.madeTokenFile, in: stateDirectory, limit: 4096)
                if text == nil {
                    // Exclusive, so two servers started at once end up with the same token.
                    try CacheFiles.writePrivate(
                        Self.madeTokenFile, Self.random() + "\n", in: stateDirectory, exclusive: true)
                    text = try CacheFiles.readPrivate(Self.madeTokenFile, in: stateDirectory, limit: 4096)
                }
                let value = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                guard value.count >= 16 else { throw ServeConfigurationError.shortToken(path) }
                token = value
                tokenPath = path
            } catch let error as ServeConfigurationError {
                throw error
            } catch {
                throw .unusableTokenFile("\(ErrorText.words(error))")
            }
        }
        do {
            let text = try CacheFiles.readPrivate(Sessions.revocationFile, in: stateDirectory)
            revokedSessions = Sessions.revocations(in: text ?? "")
        } catch {
            // A list of logouts that cannot be read (someone else's file) would bring the sessions back.
            throw .unusableTokenFile("\(ErrorText.words(error))")
        }
        loginCode = Self.random()
    }

    /// 32 random bytes as hex.
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
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
    case tokenAndNoToken
    case unusableTokenFile(String)
    case cannotListen(address: String, port: Int, reason: String)

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
                + "drop --no-token (weft then uses its own token, or give --token-file), or keep the default "
                + "--bind 127.0.0.1"
        case .badAllowedHost(let host):
            "--allow-host \(host) is not a host name or name:port (such as weft.home.arpa or weft.home.arpa:8443)"
        case .tokenAndNoToken: "--token-file and --no-token contradict each other; give one of them"
        case .unusableTokenFile(let reason): "cannot keep the server's token or its logouts: \(reason)"
        case .cannotListen(let address, let port, let reason):
            "cannot listen on \(address.contains(":") ? "[\(address)]" : address):\(port): \(reason)"
        }
    }

    /// Why the server cannot listen on `address`:`port`, from the system's errno, with what to do about it.
    static func cannotListen(address: String, port: Int, errno: Int32) -> Self {
        let reason: String
        switch errno {
        case EADDRINUSE: reason = "the port is in use (another weft serve?); choose another with --port"
        case EACCES: reason = "ports below 1024 need privileges; choose --port 1024 or above"
        case EADDRNOTAVAIL: reason = "this machine has no such address; choose --bind 127.0.0.1 or one of its own"
        default: reason = ErrorText.systemText(errno)
        }
        return .cannotListen(address: address, port: port, reason: reason)
    }
}
