import Hummingbird
import Logging
import NIOCore

/// The request context of `weft serve`: Hummingbird's core storage plus the client's address, for rate limits.
struct ServeContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The client's IP address, or "unknown".
    let client: String

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
