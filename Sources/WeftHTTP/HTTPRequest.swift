/// One GET request: the URL, extra headers, stored validators, secrets to redact, and transfer limits.
public struct HTTPRequest: Sendable {
    /// Aborts a transfer that stays below `bytesPerSecond` for a whole `window`.
    /// libcurl measures the rate as an average over up to the last 5 seconds, so a burst just before a stall
    /// delays the abort by up to that long.
    public struct LowSpeedLimit: Sendable, Equatable {
        /// The minimum average rate, in bytes per second.
        var bytesPerSecond: Int
        /// How long the rate may stay below the minimum; curl counts whole seconds, so this rounds up.
        var window: Duration

        /// Creates a low-speed limit.
        public init(bytesPerSecond: Int, window: Duration) {
            self.bytesPerSecond = bytesPerSecond
            self.window = window
        }
    }

    /// The absolute http or https URL to fetch.
    public var url: String
    /// Extra request headers; Authorization, Proxy-Authorization and Cookie values are treated as secrets.
    public var headers: [String: String]
    /// Headers that are sent but never logged, and not sent to another host after a redirect; their values
    /// are also redacted like `secrets`.
    public var secretHeaders: [String: String]
    /// The ETag stored from an earlier response, sent as If-None-Match.
    public var etag: String?
    /// The Last-Modified value stored from an earlier response, sent verbatim as If-Modified-Since.
    public var lastModified: String?
    /// Strings (API keys, tokens) replaced by `[redacted]` in every error message and log line.
    public var secrets: [String]
    /// The largest decoded body accepted; the transfer is aborted as soon as it is exceeded.
    public var maxBodyBytes: Int
    /// The limit for name resolution plus the TCP and TLS handshakes.
    var connectTimeout: Duration
    /// The limit for the whole transfer, redirects included.
    public var totalTimeout: Duration
    /// Aborts stalled transfers early; nil leaves only `totalTimeout`.
    public var lowSpeedLimit: LowSpeedLimit?
    /// The most redirects followed; only http and https targets are followed.
    var maxRedirects: Int
    /// The source's explicit consent to send its credentials over plain http to another machine on the local
    /// network (`allow_insecure = true`), never to a public address; without it they go over http only to this
    /// machine (``CredentialTransport``).
    public var allowsInsecureCredentials = false

    /// Creates a request with the service's defaults: 5 s connect, 20 s total, < 100 B/s for 10 s, 5 MB, 5 redirects.
    public init(
        url: String,
        headers: [String: String] = [:],
        secretHeaders: [String: String] = [:],
        etag: String? = nil,
        lastModified: String? = nil,
        secrets: [String] = [],
        maxBodyBytes: Int = 5_000_000,
        connectTimeout: Duration = .seconds(5),
        totalTimeout: Duration = .seconds(20),
        lowSpeedLimit: LowSpeedLimit? = LowSpeedLimit(bytesPerSecond: 100, window: .seconds(10)),
        maxRedirects: Int = 5
    ) {
        self.url = url
        self.headers = headers
        self.secretHeaders = secretHeaders
        self.etag = etag
        self.lastModified = lastModified
        self.secrets = secrets
        self.maxBodyBytes = maxBodyBytes
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.lowSpeedLimit = lowSpeedLimit
        self.maxRedirects = maxRedirects
    }
}

extension HTTPRequest {
    /// Every secret to redact: the explicit ones, the values of secret and credential headers, and the
    /// credentials the URL carries.
    public var allSecrets: [String] {
        secrets + secretHeaders.values + Redactor.credentials(in: headers) + URLRedaction.secrets(in: url)
    }

    /// Whether the request authenticates: a URL's `user:password@` (libcurl sends it as Basic credentials), a secret
    /// or credential header, or a named secret such as an API key in the URL.
    var carriesCredentials: Bool {
        let userinfo = URLParts(url)?.userinfo.map { !$0.isEmpty } ?? false
        return userinfo || !secretHeaders.isEmpty || !Redactor.credentials(in: headers).isEmpty
            || secrets.contains { !$0.isEmpty }
    }

    /// Why this request may not be sent as it is (``CredentialTransport``), or nil.
    var credentialRefusal: String? {
        CredentialTransport.refusal(url: url, login: carriesCredentials, allowInsecure: allowsInsecureCredentials)
    }

    /// The URL with every credential redacted but its non-secret query kept: the key to store this request's
    /// validators under, so the cache never holds a password or token.
    public var cacheKey: String {
        Redactor(secrets: allSecrets).storable(url)
    }
}

extension String {
    func trimmingSpaces() -> String {
        var s = Substring(self)
        while let first = s.first, first == " " || first == "\t" { s.removeFirst() }
        while let last = s.last, last == " " || last == "\t" { s.removeLast() }
        return String(s)
    }
}
