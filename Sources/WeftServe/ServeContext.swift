import Hummingbird
import Logging
import NIOCore

/// The request context of `weft serve`: Hummingbird's core storage plus the client's address, for rate limits.
public struct ServeContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The client's IP address, or "unknown".
    public let client: String

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        client = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }
}
