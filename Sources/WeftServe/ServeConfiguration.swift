import Foundation
import WeftPrimitives
import WeftRender

/// What `weft serve` serves and the limits it keeps.
///
/// `weft-serve` (what `weft serve` runs) builds it from its command line and reads the token from its file.
public struct ServeConfiguration: Sendable {
    /// The address to listen on.
    public var bind = "127.0.0.1"
    /// The port (0 picks a free one).
    public var port = 7878
    /// The file holding the bearer token, if one is required.
    public var tokenFile: String?
    /// When set, every request needs `Authorization: Bearer <token>` (read from `tokenFile`).
    var token: String?
    /// The largest request body accepted (a POSTed template), in bytes.
    public var maxBodyBytes = 64 * 1024
    /// Requests per second each client may make, on average.
    public var requestsPerSecond = 20.0
    /// How many requests a client may make at once before the rate applies.
    public var burst = 40
    /// Cache, providers, zone and locale for renders; `now` pins the clock (for tests), else each request
    /// renders at its own moment.
    public var render = RenderSettings()
    /// The process environment, for `$TZ` and the default locations.
    public var environment: [String: String] = [:]

    /// Defaults: loopback, port 7878, no token, 64 KiB bodies, 20 requests/s with bursts of 40.
    public init() {}

    /// Whether `bind` only accepts connections from this machine.
    var isLoopback: Bool {
        bind == "localhost" || bind == "::1" || bind.hasPrefix("127.")
    }

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
        guard isLoopback || token != nil else { throw .openWithoutToken(bind) }
    }
}

/// A `weft serve` setting that cannot be used.
public enum ServeConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    case unreadableToken(String)
    case shortToken(String)
    case openWithoutToken(String)

    public var description: String {
        switch self {
        case .unreadableToken(let path): "cannot read the token file \(path)"
        case .shortToken(let path):
            "the token in \(path) is shorter than 16 characters; make one with e.g. `openssl rand -hex 32`"
        case .openWithoutToken(let bind):
            "listening on \(bind) would let other machines read your variables without a password: "
                + "give --token-file, or keep the default --bind 127.0.0.1"
        }
    }
}
