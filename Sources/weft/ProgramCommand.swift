import ArgumentParser
import Foundation
import WeftCommandLine
import WeftPrimitives

/// A subcommand that is a program of its own (`weft serve` is `weft-serve`, `weft notify` is `weft-notify`): its
/// arguments (`--help` too) are handed over unread, and this process becomes that program, so what only it needs (the
/// HTTP stack, the notifier's loop) is loaded only by it.
protocol ProgramCommand: ParsableCommand {
    /// The program's file name.
    static var program: String { get }
    /// The arguments handed over.
    var arguments: [String] { get }
}

extension ProgramCommand {
    func run() throws { try Self.execute(arguments) }

    /// Replaces this process with `PROGRAM ARGUMENTS`.
    static func execute(_ arguments: [String]) throws -> Never {
        let path = try executable()
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        throw CLIError { catalog in
            catalog.text("cannot start {path}: {reason}", ["path": path, "reason": ErrorText.systemText(errno)])
        }
    }

    /// The program beside this executable (as `make install` and `swift build` put it), else on $PATH.
    static func executable() throws -> String {
        let own = Executables.current()
        guard
            let found = Executables.find(PathExpansion.directory(of: own) + "/" + program)
                ?? Executables.find(program, environment: ReadOptions.environment)
        else {
            throw CLIError { catalog in
                catalog.text(
                    "weft {command} runs the {program} program, which is not beside {own} nor on PATH; `make install` installs it with weft",
                    ["command": configuration.commandName ?? program, "program": program, "own": own])
            }
        }
        return found
    }
}
