import ArgumentParser
import Foundation
import WeftCommandLine
import WeftPrimitives

/// `weft serve` is the `weft-serve` program: its arguments (`--help` too) are handed over unread, so the HTTP stack
/// is loaded only by the server.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the variables, renders and provider status over HTTP, with a dashboard at /.",
        discussion: "Run `weft serve --help` for the endpoints and options.")

    @Argument(parsing: .captureForPassthrough, help: "Options for the server; see `weft serve --help`.")
    var arguments: [String] = []

    func run() throws { try Self.execute(arguments) }

    /// Replaces this process with `weft-serve ARGUMENTS`.
    static func execute(_ arguments: [String]) throws -> Never {
        let server = try serverExecutable()
        let argv: [UnsafeMutablePointer<CChar>?] = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        throw CLIError("cannot start \(server): \(String(cString: strerror(errno)))")
    }

    /// `weft-serve` beside this executable (as `make install` and `swift build` put it), else on $PATH.
    static func serverExecutable() throws -> String {
        let own = Executables.current()
        guard
            let found = Executables.find((own as NSString).deletingLastPathComponent + "/weft-serve")
                ?? Executables.find("weft-serve", environment: ReadOptions.environment)
        else {
            throw CLIError(
                "weft serve runs the weft-serve program, which is not beside \(own) nor on PATH; "
                    + "`make install` installs both")
        }
        return found
    }
}
