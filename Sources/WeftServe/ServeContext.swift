import Hummingbird
import Logging
import NIOCore

/// The request context of `weft serve`: Hummingbird's core storage, the connection's two ends, and what the
/// session middleware learnt about the caller.
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's IP address, or "unknown".
    let client: String
    /// Whether the client connected from this machine (a reverse proxy's `X-Forwarded-Proto` is believed only then).
    let clientIsLocal: Bool
    /// The address and port the connection came in on, for the `Host` check and the session cookie's name.
    let local: SocketAddress?
    /// How the caller proved itself; set by `SessionMiddleware`.
    var caller = Caller.anonymous
    /// The token a page puts in its forms (`csrf`) and script requests (`X-CSRF-Token`) so that its state-changing
    /// requests pass `CSRFMiddleware`; set by `SessionMiddleware` for the caller's session. Pages that post put it in
    /// `<meta name="weft-csrf">`.
    var csrfToken = ""
    /// The largest request body read, in bytes (`--max-body`); set by `SessionMiddleware`
    /// with the rest of what the context knows, for every reader of a body.
    var maxUploadSize = 64 * 1024

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        let remote = source.channel.remoteAddress
        client = remote?.ipAddress ?? "unknown"
        clientIsLocal = remote.map(ServeConfiguration.isLoopback) ?? false
        local = source.channel.localAddress
    }

    /// How a request proved who sent it.
    enum Caller: Equatable, Sendable {
        /// No token is configured: every caller may read.
        case open
        /// A token is configured and the request carries neither it nor a session.
        case anonymous
        /// `Authorization: Bearer TOKEN`: a program, which browsers never send on their own.
        case bearer
        /// A session cookie from `/login`, identified by its nonce.
        case session(String)
    }
}

extension Request {
    /// The body, at most the context's `maxUploadSize` bytes, kept in the request for the next reader; nil when the
    /// body is larger.
    mutating func collectBody(limitOf context: ServeContext) async throws -> ByteBuffer? {
        do {
            return try await collectBody(upTo: context.maxUploadSize)
        } catch is NIOTooManyBytesError {
            return nil
        }
    }
}
