import ArgumentParser
import Foundation

/// `weft serve` is the `weft-serve` program (``ProgramCommand``), so the HTTP stack is loaded only by the server.
struct ServeCommand: ProgramCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the variables, renders and provider status over HTTP, with a dashboard at /.",
        discussion: "Run `weft serve --help` for the endpoints and options.")

    @Argument(parsing: .captureForPassthrough, help: "Options for the server; see `weft serve --help`.")
    var arguments: [String] = []

    static let program = "weft-serve"
}
