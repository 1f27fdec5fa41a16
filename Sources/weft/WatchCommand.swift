import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftRender

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep rendering a template and print a line each time the result changes.",
        discussion: """
            For status bars that read a command's output line by line (Waybar and polybar `tail` modules, \
            i3blocks `interval=persist`) and, with --output, for readers of a file (conky, tmux): one process \
            instead of one per tick. The cache stays open; snapshots are read again only after the cache changed \
            (noticed at once through inotify, else within --interval), and variables are derived again only when \
            the template's next time boundary passes (a minute of __time or of a countdown, the end of a \
            snapshot's validity). A line is printed only when the rendering differs from the last one. A cache \
            that is replaced is opened again; one that cannot be read is reported once on stderr while the last \
            line stays. SIGTERM, SIGINT, SIGHUP, a closed output and the death of the parent process end it at \
            once with status 0.

            Examples:
              weft watch '{{__time}} {{__weather_nowcast}}'
              weft watch --format waybar '{{__calendar_next_label}}' \\
                --tooltip '{{__calendar_next_title}}'
              weft watch --output ~/.cache/weft-conky.txt \\
                '{{__weather_temp|?}}° {{__steps_today|0}}'
            """)

    @Argument(help: "The template to render.")
    var template: String

    @Option(
        help: ArgumentHelp(
            "How often to check the cache for changes without a word from inotify (at least 10ms).",
            valueName: "interval"))
    var interval = "1s"

    @Option(
        help: ArgumentHelp(
            "Write each new rendering to FILE, replacing it atomically (a temporary file renamed over it), "
                + "instead of stdout.", valueName: "file"))
    var output: String?

    @OptionGroup var options: ReadOptions
    @OptionGroup var bar: BarOptions

    func validate() throws {
        guard let duration = DurationText.parse(interval), duration >= .milliseconds(10) else {
            throw ValidationError(
                "--interval \"\(interval)\" is not an interval of at least 10ms, such as 1s or 500ms")
        }
    }

    func run() throws {
        let period = DurationText.parse(interval) ?? .seconds(1)
        let live = LiveLoop(builder: try options.settings.builder(), interval: period)
        let sink = output.map { LiveOutput.file(PathExpansion.expand($0)) } ?? .standardOutput
        // A folder that is missing at the start is a typo, not a passing state: say so and stop. One that goes
        // away later is reported once while the renders go on, so the file comes back when the folder does.
        do {
            try sink.checkWritable()
        } catch {
            throw CLIError { catalog in
                catalog.text(
                    "--output {file}: {reason}; check that its directory exists and is writable",
                    ["file": error.path, "reason": error.reason])
            }
        }
        var last: String?
        var lastProblem: String?
        live.run(
            templates: [template] + bar.templates,
            report: { problem in
                if let problem { Stderr.line("weft: \(problem)") }
            },
            render: { session in
                let (line, problem) = bar.line(template, session: session)
                // Said once when it starts and again only when it changes, not at every render.
                if problem != lastProblem, let problem { Stderr.line("weft: \(problem)") }
                lastProblem = problem
                // A cache error met while rendering keeps the last line: throwing reports it once.
                try session.checkCache()
                guard line != last else { return .proceed }
                // Remembered only once written: a failed write is tried again at the next render.
                let written = try sink.write(line + "\n")
                last = line
                return written ? .proceed : .stop
            })
    }
}
