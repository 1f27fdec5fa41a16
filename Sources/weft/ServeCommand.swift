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
        try execute(program: "weft-serve", command: "weft serve", arguments)
    }

    /// Replaces this process with `program ARGUMENTS`, the program that `weft COMMAND` is (`weft-serve`,
    /// `weft-notify`).
    static func execute(program: String, command: String, _ arguments: [String]) throws -> Never {
        let path = try executable(program, command: command)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        throw CLIError("cannot start \(path): \(String(cString: strerror(errno)))")
    }

    /// `program` beside this executable (as `make install` and `swift build` put it), else on $PATH.
    static func executable(_ program: String, command: String) throws -> String {
        let own = Executables.current()
        guard
            let found = Executables.find((own as NSString).deletingLastPathComponent + "/" + program)
                ?? Executables.find(program, environment: ReadOptions.environment)
        else {
            throw CLIError(
                "\(command) runs the \(program) program, which is not beside \(own) nor on PATH; "
                    + "`make install` installs it with weft")
        }
        return found
    }
}
