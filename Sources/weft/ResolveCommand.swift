import ArgumentParser
import Foundation
import WeftEngine

struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Render templates with the cached variables, one output line per template.",
        discussion: """
            A template is text with {{key|fallback||filters}} tokens; see the README's template reference.
            Only the snapshots the template needs are read, and nothing is fetched.

            Examples:
              weft resolve '{{__time}} · {{__uptime_load|--||number:2}}'
              weft resolve '{{=water/8||percent}} of the water goal'
              printf '%s\\n' '{{__today}}' '{{__weekday|upper}}' | weft resolve -
            """)

    @Argument(help: "Templates to render; `-` reads templates from stdin, one per line.")
    var templates: [String]

    @OptionGroup var options: ReadOptions

    func run() throws {
        try Self.execute(templates: templates, settings: options.settings)
    }

    static func execute(templates: [String], settings: RenderSettings) throws {
        let session = try settings.open(environment: ReadOptions.environment)
        var output = ""
        for template in templates {
            if template == "-" {
                while let line = readLine(strippingNewline: true) { output += session.render(line) + "\n" }
            } else {
                output += session.render(template) + "\n"
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        try session.checkCache()
    }
}
