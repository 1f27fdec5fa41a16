import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftRender

#if canImport(Glibc)
    import Glibc
#endif

struct BarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bar",
        abstract: "An i3bar / swaybar status_command: blocks from a bar file, with click actions.",
        discussion: """
            Reads the bar file ($XDG_CONFIG_HOME/weft/bar.toml, else ~/.config/weft/bar.toml, or --config FILE): \
            [[block]] tables, each with name, template, optional instance (blocks may share a name when their \
            instances differ), short_text (a template the bar shows when space is short), markup = "pango" (the \
            templates write Pango markup; the values they show are escaped), color, background and border \
            (templates giving #rrggbb or #rrggbbaa), border_top, border_right, border_bottom, border_left, urgent \
            (a template), min_width, align, separator, separator_block_width, interval (render at least this \
            often), and click actions on_click, on_middle_click, on_right_click, on_scroll_up, on_scroll_down, \
            on_scroll_left, on_scroll_right, on_back, on_forward (buttons 1 to 9): an argv run without a shell, with \
            WEFT_CACHE and WEFT_PROVIDERS set to the bar's directories (`weft` is this very program) and the click \
            as i3blocks passes it: $button, $modifiers (comma-separated), $x, $y, $relative_x, $relative_y, \
            $output_x, $output_y, $width, $height, $name, $instance (empty when the bar did not send one). A block is \
            rendered again as soon as its action ends. A block runs one action at a time: clicks while it runs are \
            coalesced into one, run when it ends. The actions, and whatever they started, end with the bar.

            Speaks the i3bar protocol on stdout (the header \(I3Bar.header), then an endless \
            array with one array of blocks per change) and reads click events on stdin; without stdin it keeps \
            running with no clicks. All blocks share one open cache and one render loop, as `weft watch`. A stale \
            provider greys its block, a failing one makes it urgent. The header asks the bar to send SIGSTOP \
            while it is hidden and SIGCONT when it shows again: weft renders nothing in between.

            --check validates the file (FILE:LINE messages, programs of actions found) and exits 2 on problems; \
            a template naming an unknown key or filter, or a fallback spelled like a filter ({{x|upper}}), is a \
            warning with the closest names (the exit status stays 0).

            Example (~/.config/weft/bar.toml):
              [[block]]
              name = "water"
              template = "💧 {{water|0}}/8"
              on_click = ["weft", "var", "incr", "water"]
              on_right_click = ["weft", "var", "decr", "water"]
            and in the i3 or sway config: bar { status_command weft bar }
            """)

    @Option(help: ArgumentHelp("The bar file.", valueName: "file"))
    var config: String?

    @Flag(help: "Validate the bar file and exit: 0 when it is valid, 2 otherwise.")
    var check = false

    @OptionGroup var options: ReadOptions

    func run() throws {
        let environment = ReadOptions.environment
        let path = config.map { PathExpansion.expand($0) } ?? Self.defaultPath(environment: environment)
        let file = BarFile(contentsOf: path)
        let problems = file.problems + (check ? file.preflight(environment: environment) : [])
        if !problems.isEmpty {
            for problem in problems { Stderr.line("weft: \(problem)") }
            throw ExitCode(2)
        }
        if check {
            // A template's unknown key or filter is a warning: the bar still runs, showing the fallback.
            let lint = try options.settings.templateLint()
            let warnings = file.templates.flatMap { $0.warnings(lint) }
            for warning in warnings { Stderr.line("weft: \(warning)") }
            let catalog = ReaderLanguage.catalog
            Stderr.line(
                "\(path): "
                    + catalog.plural(
                        "{count} block, no problems", "{count} blocks, no problems", count: file.blocks.count)
                    + (warnings.isEmpty
                        ? ""
                        : catalog.plural(
                            ", {count} template warning", ", {count} template warnings", count: warnings.count)))
            return
        }
        try serve(file)
    }

    /// `$XDG_CONFIG_HOME/weft/bar.toml`, else `~/.config/weft/bar.toml`.
    static func defaultPath(environment: [String: String]) -> String {
        (environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? PathExpansion.home(environment: environment) + "/.config") + "/weft/bar.toml"
    }

    private func serve(_ file: BarFile) throws {
        let builder = try options.settings.builder()
        // The actions see the very directories the loop reads (an old database already moved).
        let locations = builder.workspace.locations
        let bar = I3Bar(blocks: file.blocks)
        let intervals = file.blocks.compactMap(\.interval)
        let live = LiveLoop(builder: builder, interval: intervals.min().map { min($0, .seconds(1)) } ?? .seconds(1))
        let actions = BarActions(
            environment: ProcessInfo.processInfo.environment, cacheDirectory: locations.cacheDirectory,
            providersDirectory: locations.providersDirectory)
        // However the bar ends (its reader gone, a signal, its parent's death), its actions end with it.
        defer { actions.endAll() }
        let output = LiveOutput.standardOutput
        guard try output.write(I3Bar.header + "\n[\n") else { return }
        let clock = ContinuousClock()
        var forcedAt = intervals.min().map { clock.now + $0 }
        var input = BarInput()
        var last: String?
        var first = true
        live.run(
            templates: bar.templates, input: STDIN_FILENO,
            onInput: {
                var buffer = [UInt8](repeating: 0, count: 65536)
                let count = read(STDIN_FILENO, &buffer, buffer.count)
                if count < 0 { return errno == EINTR || errno == EAGAIN }
                // No clicks will come (i3bar closed our stdin, or there was none): the bar keeps running.
                guard count > 0 else { return false }
                let (lines, dropped) = input.append(buffer[..<count])
                if dropped > 0 {
                    Stderr.line(
                        "weft: "
                            + ReaderLanguage.catalog.text(
                                "dropped a click line longer than {bytes} bytes; the bar keeps reading clicks",
                                ["bytes": String(BarInput.longestLine)]))
                }
                for line in lines {
                    guard let click = I3Bar.click(from: line),
                        let block = file.blocks.first(where: click.isOn),
                        let argv = block.actions[click.button]
                    else { continue }
                    // Named as the log names it; a block's instance tells blocks of one name apart.
                    let key = block.instance.map { "\(block.name)\" instance \"\($0)" } ?? block.name
                    if let problem = actions.start(argv, block: key, click: click.environment) {
                        Stderr.line("weft: \(problem)")
                    }
                }
                return true
            },
            onWake: {
                if !actions.reap().isEmpty { live.invalidate() }
                var cap: Duration?
                if let due = forcedAt, let period = intervals.min() {
                    if clock.now >= due {
                        live.invalidate()
                        forcedAt = clock.now + period
                    }
                    cap = forcedAt.map { clock.now.duration(to: $0) }
                }
                // A running action is watched closely, so its block shows the result at once.
                if actions.isBusy { cap = min(cap ?? .milliseconds(10), .milliseconds(10)) }
                return cap
            },
            report: { problem in
                if let problem { Stderr.line("weft: \(problem)") }
            },
            render: { session in
                let line = bar.render(session)
                try session.checkCache()
                guard line != last else { return .proceed }
                last = line
                let written = try output.write((first ? "" : ",") + line + "\n")
                first = false
                return written ? .proceed : .stop
            })
    }
}
