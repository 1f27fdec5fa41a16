import ArgumentParser
import Foundation
import WeftCommandLine
import WeftRender
import WeftTemplate

struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Render templates with the cached variables, one output line per template.",
        discussion: """
            A template is text with {{key|fallback||filters}} tokens; see the README's template reference. \
            Only the snapshots the template needs are read, and nothing is fetched.

            WidgetWeaver's rules hold: percent and bar read a value within -1…1 as a fraction and anything else \
            as a percentage (0.62 and 62 are both 62%), and daysuntil counts a day that has begun as a whole day \
            (ceiling ahead, floor behind).

            Examples:
              weft resolve '{{__time}} · {{__uptime_load|--||number:2}}'
              weft resolve '{{=ratio(water,8)||percent}} of the water goal'
              printf '%s\\n' '{{__today}}' '{{__weekday||upper}}' | weft resolve -
              weft resolve --format waybar '{{__weather_nowcast}}' \\
                --tooltip '{{__weather_rain_next_hour_summary}}'
              weft resolve --format i3bar '👟 {{__steps_today}}'
              weft resolve --strict '{{__time}} {{__weekday||upper}}'

            --strict fails (exit 1, each problem on a `weft: error:` line, nothing printed) when a template names \
            a key nothing gives or a filter the language does not know, where a render would show the fallback or \
            leave the value unchanged; `weft check --template` says the same as warnings.
            """)

    @Argument(help: "Templates to render; `-` reads templates from stdin, one per line.")
    var templates: [String]

    @Flag(help: "Fail instead of rendering when a template names an unknown key or filter.")
    var strict = false

    @OptionGroup var options: ReadOptions
    @OptionGroup var bar: BarOptions

    func run() throws {
        try Self.execute(templates: templates, settings: options.settings, bar: bar, strict: strict)
    }

    static func execute(
        templates: [String], settings: RenderSettings, bar: BarOptions? = nil, strict: Bool = false
    ) throws {
        let builder = try settings.builder()
        let session = try builder.open()
        var all: [String] = []
        for template in templates {
            if template == "-" {
                while let read = readLine(strippingNewline: true) { all.append(read) }
            } else {
                all.append(template)
            }
        }
        if strict { try refuseUnknowns(in: all + (bar?.templates ?? []), lint: try builder.lint(session)) }
        var output = ""
        var problems: [String] = []
        for template in all {
            guard let bar, !bar.isPlain else {
                output += session.renderText(template) + "\n"
                continue
            }
            let line = bar.line(template, session: session)
            output += line.text + "\n"
            if let problem = line.problem, !problems.contains(problem) { problems.append(problem) }
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        try session.checkCache()
        // The lines are printed (the rest of them is right); the mistake fails the call, as a status bar can show.
        for problem in problems { Stderr.line("weft: error: \(problem)") }
        if !problems.isEmpty { throw ExitCode(1) }
        if let key = session.resolver.unansweredProviderKey {
            let directory = builder.workspace.locations.providersDirectory
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            if !names.contains(where: { $0.hasSuffix(".toml") && !$0.hasPrefix(".") }) {
                let catalog = ReaderLanguage.catalog
                Stderr.line(
                    "weft: "
                        + catalog.text(
                            "nothing gives {key}: there are no provider files in {directory}; {hint}",
                            ["key": key, "directory": directory, "hint": InitCommand.startHint(catalog)]))
            }
        }
    }

    /// `--strict`: every unknown key or filter of `templates` on its own `weft: error:` line, then exit 1.
    private static func refuseUnknowns(in templates: [String], lint: TemplateLint) throws {
        var failed = false
        for template in templates {
            for problem in lint.problems(in: template)
            where problem.kind == .unknownKey || problem.kind == .unknownFilter {
                Stderr.line("weft: error: '\(template)' \(problem)")
                failed = true
            }
        }
        if failed { throw ExitCode(1) }
    }
}
