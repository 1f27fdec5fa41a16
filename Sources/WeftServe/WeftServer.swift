import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import WeftPrimitives

/// Runs `weft serve` until SIGTERM or SIGINT.
public enum WeftServer {
    /// Serves `configuration`; `onListening` gets the bound port (useful with port 0) once connections are taken.
    public static func run(
        _ configuration: ServeConfiguration, onListening: @escaping @Sendable (Int) -> Void
    ) async throws {
        var logger = Logger(label: "weft.serve")
        logger.logLevel = .warning
        // The dashboard's templates are parsed once, here: a server that could not draw its board does not start.
        _ = try DashboardTemplates.builtin.get()
        // The address checked is the address bound: the name is resolved once, here.
        let address = try configuration.listenAddress()
        let limits = ConnectionLimits(
            perClient: configuration.connectionsPerClient,
            total: configuration.connectionLimit(openFileLimit: OpenFileLimit.raise()))
        let headerTimeout = TimeAmount.milliseconds(DurationText.milliseconds(configuration.headerTimeout))
        let idleTimeout = TimeAmount.milliseconds(DurationText.milliseconds(configuration.idleTimeout))
        let server = HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                inner: HTTP1Channel(
                    responder: responder, configuration: .init(additionalChannelHandlers: [RequestPartWatch()])),
                limits: limits, headerTimeout: headerTimeout, idleTimeout: idleTimeout)
        }
        let app = Application(
            responder: responder(configuration),
            server: server,
            configuration: .init(
                address: .hostname(address.ipAddress ?? configuration.bind, port: configuration.port),
                serverName: "weft"),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
        do {
            try await app.runService()
        } catch let error as IOError {
            // NIO names the system call (`bind(descriptor:ptr:bytes:)`); the person needs the address and a way out.
            throw ServeConfigurationError.cannotListen(
                address: address.ipAddress ?? configuration.bind, port: configuration.port, errno: error.errnoCode)
        }
    }

    /// The routes behind their middleware, outermost first: security headers on every answer, the rate limit, the
    /// `Host` check, the budget of failed authentications, who is asking (and the body limit), the CSRF check, then
    /// `/login`, `/logout` and the assets (style, script, icon, manifest), then the token gate in front of every
    /// other route.
    static func responder(_ configuration: ServeConfiguration) -> some HTTPResponder<ServeContext> {
        let sessions = Sessions(
            token: configuration.token, revoked: configuration.revokedSessions,
            stateDirectory: configuration.stateDirectory, loginCode: configuration.loginCode)
        let router = Router(context: ServeContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(
            middleware: RateLimitMiddleware(
                limiter: RateLimiter(rate: configuration.requestsPerSecond, burst: configuration.burst)))
        router.add(middleware: HostAllowlistMiddleware(configuration: configuration))
        router.add(middleware: FailedAuthenticationLimit(burst: configuration.failedAuthenticationBurst))
        router.add(
            middleware: SessionMiddleware(
                token: configuration.token, sessions: sessions, maxBodyBytes: configuration.maxBodyBytes))
        router.add(middleware: CSRFMiddleware())
        LoginRoutes(
            token: configuration.token, sessions: sessions,
            catalog: configuration.render.catalog(environment: configuration.environment)
        ).add(to: router)
        DashboardAssets.add(to: router)
        router.add(middleware: AuthenticationGate())
        WeftRoutes(configuration: configuration).add(to: router)
        return router.buildResponder()
    }
}
