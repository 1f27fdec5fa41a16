import WeftEngine

/// What `weft serve` serves and the limits it keeps.
public struct ServeConfiguration: Sendable {
    /// The address to listen on.
    public var bind = "127.0.0.1"
    /// The port (0 picks a free one).
    public var port = 7878
    /// When set, every request needs `Authorization: Bearer <token>`.
    public var token: String?
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
    public var isLoopback: Bool {
        bind == "localhost" || bind == "::1" || bind.hasPrefix("127.")
    }
}
