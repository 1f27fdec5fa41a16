import ArgumentParser
import Foundation
import WeftTemplate

struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print one variable's value; exit 1 when it is missing.",
        discussion: """
            Examples:
              weft get __now
              weft get __uptime_load || echo "no data"
            """)

    @Argument(help: "The variable key (case and spacing do not matter).")
    var key: String

    @OptionGroup var options: ReadOptions

    func run() throws {
        let (resolver, _) = try options.resolver()
        let value = resolver.value(TemplateKey.canonical(key))
        try options.failOnCacheError(resolver)
        guard let value, !value.isEmpty else { throw ExitCode(1) }
        FileHandle.standardOutput.write(Data((value + "\n").utf8))
    }
}
