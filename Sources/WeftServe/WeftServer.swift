import Hummingbird
import Logging
import NIOCore

/// Runs `weft serve` until SIGTERM or SIGINT.
public enum WeftServer {
    /// Serves `configuration`; `onListening` gets the bound port (useful with port 0) once connections are taken.
    public static func run(
        _ configuration: ServeConfiguration, onListening: @escaping @Sendable (Int) -> Void
    ) async throws {
        var logger = Logger(label: "weft.serve")
        logger.logLevel = .warning
        let app = Application(
            responder: WeftResponder(configuration: configuration),
            configuration: .init(address: .hostname(configuration.bind, port: configuration.port), serverName: "weft"),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? configuration.port) },
            logger: logger)
        try await app.runService()
    }
}
