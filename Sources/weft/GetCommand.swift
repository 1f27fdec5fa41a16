import ArgumentParser
import Foundation
import WeftCommandLine
import WeftRender
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

    @Argument(help: "The variable key (case and spacing do not matter).", completion: Completions.keys)
    var key: String

    @OptionGroup var options: ReadOptions

    func run() throws {
        try Self.execute(key: key, settings: options.settings)
    }

    static func execute(key: String, settings: RenderSettings) throws {
        let session = try settings.session()
        let value = session.resolver.value(TemplateKey.canonical(key))
        try session.checkCache()
        guard let value, !value.isEmpty else { throw ExitCode(1) }
        Stdout.line(value)
    }
}
