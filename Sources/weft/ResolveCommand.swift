import ArgumentParser
import Foundation
import WeftCommandLine
import WeftRender

struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Render templates with the cached variables, one output line per template.",
        discussion: """
            A template is text with {{key|fallback||filters}} tokens; see the README's template reference. \
            Only the snapshots the template needs are read, and nothing is fetched.

            Examples:
              weft resolve '{{__time}} · {{__uptime_load|--||number:2}}'
              weft resolve '{{=ratio(water,8)||percent}} of the water goal'
              printf '%s\\n' '{{__today}}' '{{__weekday||upper}}' | weft resolve -
              weft resolve --format waybar '{{__weather_nowcast}}' \\
                --tooltip '{{__weather_rain_next_hour_summary}}'
              weft resolve --format i3bar '👟 {{__steps_today}}'
            """)

    @Argument(help: "Templates to render; `-` reads templates from stdin, one per line.")
    var templates: [String]

    @OptionGroup var options: ReadOptions
    @OptionGroup var bar: BarOptions

    func run() throws {
        try Self.execute(templates: templates, settings: options.settings, bar: bar)
    }

    static func execute(templates: [String], settings: RenderSettings, bar: BarOptions? = nil) throws {
        let session = try settings.session()
        var output = ""
        func line(_ template: String) -> String {
            guard let bar, !bar.isPlain else { return session.renderText(template) + "\n" }
            return bar.line(template, session: session) + "\n"
        }
        for template in templates {
            if template == "-" {
                while let read = readLine(strippingNewline: true) { output += line(read) }
            } else {
                output += line(template)
            }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        try session.checkCache()
    }
}
