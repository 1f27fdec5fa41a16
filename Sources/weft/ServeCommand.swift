import ArgumentParser
import Foundation
import WeftEngine

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the variables, renders and provider status over HTTP, with a dashboard at /.",
        discussion: """
            Endpoints: GET /v1/vars[?prefix=P] (JSON), GET /v1/vars/KEY, GET /v1/resolve?template=T and \
            POST /v1/resolve (the body is the template) answering {"text", "stale", "errors"}, GET /v1/status, \
            GET /healthz, and GET / (an HTML dashboard with the next hour's rain). Reads carry an ETag and answer \
            If-None-Match with 304. Every request renders at its own moment from the cache, read-only: run \
            `weft refresh` from a timer as usual. Nothing else on disk is ever served.

            Loopback only by default; listening on another address needs --token-file, and then every request \
            (the dashboard too) needs `Authorization: Bearer TOKEN`.

            Examples:
              weft serve
              curl -s localhost:7878/v1/resolve --data '{{__weather_nowcast}}'
              weft serve --bind 0.0.0.0 --token-file ~/.config/weft/token
            """)

    @Option(help: ArgumentHelp("The address to listen on.", valueName: "address"))
    var bind = "127.0.0.1"

    @Option(help: ArgumentHelp("The port (0 picks a free one and prints it).", valueName: "port"))
    var port = 7878

    @Option(help: ArgumentHelp("A file holding the bearer token every request must carry.", valueName: "file"))
    var tokenFile: String?

    @Option(help: ArgumentHelp("The largest template or request body accepted, in bytes.", valueName: "bytes"))
    var maxBody = 64 * 1024

    @Option(help: ArgumentHelp("Requests per second each client may make on average.", valueName: "n"))
    var rate = 20.0

    @Option(help: ArgumentHelp("Requests a client may make at once before --rate applies.", valueName: "n"))
    var burst = 40

    @OptionGroup var options: ReadOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port number") }
        guard maxBody > 0, rate > 0, burst > 0 else {
            throw ValidationError("--max-body, --rate and --burst must be positive")
        }
    }

    func run() throws {
        var configuration = ServeConfiguration()
        configuration.bind = bind
        configuration.port = port
        configuration.tokenFile = tokenFile
        configuration.maxBodyBytes = maxBody
        configuration.requestsPerSecond = rate
        configuration.burst = burst
        configuration.render = options.settings
        configuration.environment = ReadOptions.environment
        // Checked here, so mistakes are reported before anything starts.
        do {
            try configuration.loadToken()
            try configuration.check()
        } catch {
            throw CLIError("\(error)")
        }
        let json = String(decoding: try JSONEncoder().encode(configuration), as: UTF8.self)
        let server = try Self.serverExecutable()
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(server), strdup(json), nil]
        execv(server, argv)
        throw CLIError("cannot start \(server): \(String(cString: strerror(errno)))")
    }

    /// `weft-serve` beside this executable (as `make install` and `swift build` put it), else on $PATH.
    static func serverExecutable() throws -> String {
        let own =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var candidates = [(own as NSString).deletingLastPathComponent + "/weft-serve"]
        for directory in (ReadOptions.environment["PATH"] ?? "").split(separator: ":") {
            candidates.append(directory + "/weft-serve")
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw CLIError(
                "weft serve runs the weft-serve program, which is not beside \(own) nor on PATH; "
                    + "`make install` installs both")
        }
        return found
    }
}
