import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives

#if canImport(Glibc)
    import Glibc
#endif

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Keep rendering a template and print a line each time the result changes.",
        discussion: """
            For status bars that read a command's output line by line (Waybar and polybar `tail` modules, \
            i3blocks `interval=persist`, tmux through a file): one process instead of one per tick. The template \
            is rendered again every --interval (clock-driven keys such as __time and countdowns change on their \
            own) and within a fraction of a second of any change to the cache (a refresh, `weft var set`). A line \
            is printed only when the rendering differs from the last one. SIGTERM, SIGINT and a closed output \
            end it with status 0.

            Examples:
              weft watch '{{__time}} {{__weather_nowcast}}'
              weft watch --format waybar --tooltip '{{__calendar_next_title}}' '{{__calendar_next_label}}'
            """)

    @Argument(help: "The template to render.")
    var template: String

    @Option(
        help: ArgumentHelp("How often to render again without a cache change (at least 100ms).", valueName: "interval"))
    var interval = "1s"

    @OptionGroup var options: ReadOptions
    @OptionGroup var bar: BarOptions

    func validate() throws {
        guard let duration = DurationText.parse(interval), duration >= .milliseconds(100) else {
            throw ValidationError(
                "--interval \"\(interval)\" is not an interval of at least 100ms, such as 1s or 500ms")
        }
    }

    func run() throws {
        // Nothing is buffered (lines go out with write(2)), so ending at once is clean; _exit is async-signal-safe
        // and a handler needs no shared state, whichever thread the signal lands on. SIGPIPE is ignored so a
        // closed reader shows up as EPIPE from write.
        for stop in [SIGTERM, SIGINT, SIGHUP] { signal(stop) { _ in _exit(0) } }
        signal(SIGPIPE, SIG_IGN)

        let period = DurationText.parse(interval) ?? .seconds(1)
        let settings = options.settings
        let cache =
            WeftLocations.resolve(
                cache: settings.cacheDirectory, providers: settings.providersDirectory,
                environment: ReadOptions.environment
            ).cacheDirectory + "/weft.sqlite"
        let clock = ContinuousClock()
        var last: String?
        var lastProblem: String?
        var stamp = CacheStamp(database: cache)
        var due = clock.now
        while true {
            let current = CacheStamp(database: cache)
            if clock.now >= due || current != stamp {
                stamp = current
                due = clock.now + period
                var line: String
                do {
                    let session = try settings.open(environment: ReadOptions.environment)
                    line =
                        bar.isPlain
                        ? session.render(template).replacingOccurrences(of: "\n", with: " ")
                        : session.statusLine(template, tooltip: bar.tooltip, percentage: bar.percentage)
                            .formatted(bar.format)
                    try session.checkCache()
                    lastProblem = nil
                } catch {
                    // The bar keeps its last line; the problem is said once, not every tick.
                    let problem = "\(error)"
                    if problem != lastProblem { Stderr.line("weft: \(problem)") }
                    lastProblem = problem
                    line = last ?? ""
                }
                if line != last {
                    guard Self.write(line + "\n") else { return }
                    last = line
                }
            }
            let wait = max(min(clock.now.duration(to: due), .milliseconds(200)), .milliseconds(1))
            usleep(UInt32(clamping: DurationText.milliseconds(wait) * 1000))
        }
    }

    /// Writes all of `text` to stdout; false once the reader has gone (EPIPE) or stdout is otherwise unusable.
    static func write(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.write(STDOUT_FILENO, base + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}

/// The cache files' sizes and change times: any commit changes the WAL file, a checkpoint the database.
private struct CacheStamp: Equatable {
    var parts: [Int64] = []

    init(database: String) {
        for path in [database, database + "-wal"] {
            var info = stat()
            if stat(path, &info) == 0 {
                parts += [Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)]
            } else {
                parts += [-1, 0, 0]
            }
        }
    }
}
