import ArgumentParser
import Foundation
import WeftCommandLine
import WeftPrimitives
import WeftProviders
import WeftServe

/// `weft serve`: `weft` hands this program its arguments, so Hummingbird and SwiftNIO load only here, never in a
/// `weft get`.
@main
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weft serve",
        abstract: "Serve the variables, renders and provider status over HTTP, with a dashboard at /.",
        discussion: """
            Endpoints: GET /v1/vars[?prefix=P] (JSON), GET /v1/vars/KEY, GET /v1/resolve?template=T and \
            POST /v1/resolve (the body is the template) answering {"text", "stale", "errors"}, GET /v1/status, \
            GET /healthz, and GET / (the dashboard: weather with the rain ribbon, Next Up, steps, habits, counters; its \
            buttons are POST /v1/vars/KEY/incr|decr and POST /v1/habits/SLUG/done|undo). Reads carry an ETag and answer \
            If-None-Match with 304. Every request renders at its own moment from the cache, read-only: run \
            `weft refresh` from a timer as usual. Nothing else on disk is ever served.

            Every request needs `Authorization: Bearer TOKEN` or a browser session from /login, which takes the \
            token once and sets an HttpOnly, SameSite=Strict cookie. The token is the one in --token-file, else \
            weft's own: made at the first start, kept in serve.token in the cache directory (0600; \
            $XDG_STATE_HOME/weft by default) and reused. At the start the server prints a login link \
            (/login?once=CODE) that logs one browser in without typing the token, once. A logout holds across \
            restarts. --no-token serves without one, with a warning: every user of this machine can then read \
            the variables and press the dashboard's buttons. Loopback only by default (--bind is resolved); \
            another address is refused with --no-token. Failed authentications share one budget for the whole \
            server, and the rate limit counts all of 127.0.0.0/8 (and an IPv6 /64) as one client. \
            Requests whose Host is not this server's address (or an --allow-host name) are refused, so a web page \
            cannot reach the server through DNS rebinding; a POST from a browser must come from this server's own \
            page and carry its CSRF token.

            A client must send a whole request within --header-timeout of connecting or of the request's first \
            byte, and a connection waiting between requests is closed after --idle-timeout; a client address holds \
            at most --connections-per-client connections (its longest-waiting one is closed for a new one).

            Examples:
              weft serve
              curl -s -H "Authorization: Bearer $(cat ~/.local/state/weft/serve.token)" \\
                localhost:7878/v1/resolve --data '{{__weather_nowcast}}'
              weft serve --bind 0.0.0.0 --token-file ~/.config/weft/token \\
                --allow-host weft.home.arpa
              weft serve --no-token
            """)

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var bind = "127.0.0.1"

    @Option(help: ArgumentHelp("The port (0 picks a free one and prints it).", valueName: "port"))
    var port = 7878

    @Option(
        help: ArgumentHelp(
            "A file holding the bearer token every request must carry (default: weft's own, in serve.token in the "
                + "cache directory).", valueName: "file"))
    var tokenFile: String?

    @Flag(help: "Serve without a token: every user of this machine can read and press the buttons (loopback only).")
    var noToken = false

    @Option(
        help: ArgumentHelp(
            "A host name (or name:port) to answer to besides the bound address, e.g. for a reverse proxy; "
                + "repeatable.", valueName: "name"))
    var allowHost: [String] = []

    @Option(help: ArgumentHelp("Time a client has to send a whole request (10s).", valueName: "duration"))
    var headerTimeout = "10s"

    @Option(help: ArgumentHelp("Time a connection may wait between requests (60s).", valueName: "duration"))
    var idleTimeout = "60s"

    @Option(help: ArgumentHelp("Connections one client address may hold at once.", valueName: "n"))
    var connectionsPerClient = 32

    @Option(help: ArgumentHelp("The largest template or request body accepted, in bytes.", valueName: "bytes"))
    var maxBody = 64 * 1024

    @Option(help: ArgumentHelp("Requests per second each client may make on average.", valueName: "n"))
    var rate = 20.0

    @Option(help: ArgumentHelp("Requests a client may make at once before --rate applies.", valueName: "n"))
    var burst = 40

    @OptionGroup var options: ReadOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port number") }
        guard maxBody > 0, rate > 0, rate.isFinite, burst > 0 else {
            throw ValidationError("--max-body, --rate and --burst must be positive")
        }
        guard connectionsPerClient > 0 else { throw ValidationError("--connections-per-client must be positive") }
        for (name, text) in [("--header-timeout", headerTimeout), ("--idle-timeout", idleTimeout)] {
            guard let duration = DurationText.parse(text), duration > .zero else {
                throw ValidationError("\(name) \(text) is not a positive duration such as 10s or 1m")
            }
        }
    }

    func run() async throws {
        var configuration = ServeConfiguration(registry: BuiltinProviders.registry)
        configuration.bind = bind
        configuration.port = port
        configuration.tokenFile = tokenFile
        configuration.noToken = noToken
        configuration.maxBodyBytes = maxBody
        configuration.requestsPerSecond = rate
        configuration.burst = burst
        configuration.allowedHosts = allowHost
        configuration.headerTimeout = DurationText.parse(headerTimeout) ?? configuration.headerTimeout
        configuration.idleTimeout = DurationText.parse(idleTimeout) ?? configuration.idleTimeout
        configuration.connectionsPerClient = connectionsPerClient
        configuration.render = options.settings
        configuration.environment = ReadOptions.environment
        ProgramEntry.sayUnknownZone(in: configuration.environment)
        try configuration.loadToken()
        try configuration.check()
        if configuration.noToken {
            Stderr.line(
                "weft: warning: serving without a token (--no-token): every user of this machine can read your "
                    + "variables and press the dashboard's buttons")
        }
        // An IPv6 address goes in brackets in a URL.
        let bind = configuration.bind.contains(":") ? "[\(configuration.bind)]" : configuration.bind
        let (tokenPath, loginCode) = (configuration.tokenPath, configuration.loginCode)
        try await WeftServer.run(configuration) { port in
            // The address on stdout, so scripts (and tests) that asked for port 0 learn it.
            var lines = "weft: serving on http://\(bind):\(port)/\n"
            if let tokenPath, let loginCode {
                lines +=
                    "weft: log a browser in (once) at http://\(bind):\(port)/login?once=\(loginCode)\n"
                    + "weft: the token for scripts (Authorization: Bearer TOKEN) is in \(tokenPath)\n"
            }
            FileHandle.standardOutput.write(Data(lines.utf8))
        }
    }

    /// Starts and ends as every weft program does (``ProgramEntry``).
    static func main() async {
        ProgramEntry.begin()
        await ProgramEntry.run(Self.self)
    }
}
