import ArgumentParser
import Foundation
import Logging
import WeftCommandLine
import WeftCore
import WeftPrimitives

@main
struct Weft: AsyncParsableCommand {
    static let version = WeftVersion.current

    static let configuration = CommandConfiguration(
        commandName: "weft",
        abstract: "Local data providers and a snapshot cache, resolved into templates.",
        discussion: """
            Providers (one TOML file each in providers/) are refreshed by `weft refresh`, usually from cron or a \
            systemd timer. Their normalised snapshots live in one SQLite cache; `weft resolve` and `weft get` \
            derive variables from them at the moment they run, so a status bar can call them every second.

            Examples:
              weft refresh                          refresh whatever is due
              weft resolve 'Load {{__uptime_load|?}} · {{__time}}'
              weft get __now_unix
              weft var incr water --goal 8 --reset daily
              weft vars --prefix __uptime_ --format json
            """,
        version: version,
        subcommands: [
            RefreshCommand.self, ResolveCommand.self, GetCommand.self, VarsCommand.self, StatusCommand.self,
            VarCommand.self, WeatherCommand.self, CalendarCommand.self, StepsCommand.self, HabitCommand.self,
            AlarmCommand.self, TimerCommand.self,
            ExplainCommand.self, WatchCommand.self, BarCommand.self, NotifyCommand.self, ScheduleCommand.self,
            ServeCommand.self,
            CheckCommand.self,
            ForgetCommand.self, BackupCommand.self, RestoreCommand.self,
        ])

    static func main() async {
        bootstrapLogging()
        let arguments = Array(CommandLine.arguments.dropFirst())
        let programs: [any ProgramCommand.Type] = [ServeCommand.self, NotifyCommand.self]
        if let program = programs.first(where: { $0.configuration.commandName == arguments.first }) {
            do {
                try program.execute(Array(arguments.dropFirst()))
            } catch {
                exit(withError: printable(error))
            }
        }
        // An unknown TZ is UTC for every view of this call (ZoneRule): said once here, never by each view, and never
        // an error that would blank a status bar. (`weft serve` says it in weft-serve, which it became above.)
        if let warning = ZoneRule.environmentWarning(ReadOptions.environment) {
            Stderr.line("weft: warning: \(warning)")
        }
        if let command = arguments.first, command == "get" || command == "resolve",
            let quick = ReadOptions.quickParse(Array(arguments.dropFirst())),
            command == "resolve" ? !quick.positionals.isEmpty : quick.positionals.count == 1
        {
            do {
                if command == "get" {
                    try GetCommand.execute(key: quick.positionals[0], settings: quick.settings)
                } else {
                    try ResolveCommand.execute(templates: quick.positionals, settings: quick.settings)
                }
            } catch {
                exit(withError: printable(error))
            }
            return
        }
        // ArgumentParser's own `main`, with the error's text through the one sanitizer: an error may quote a file
        // or a command's output.
        do {
            var command = try parseAsRoot(nil)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: printable(error))
        }
    }

    /// `error`, or when its text holds characters a terminal acts on, the same text sanitized (exit status 1, as
    /// for any error that is not the parser's).
    static func printable(_ error: Error) -> Error {
        if error is ExitCode || error is CleanExit || error is ValidationError { return error }
        let text = String(describing: error)
        let safe = TerminalText.sanitized(text)
        return safe == text ? error : CLIError(safe)
    }

    /// Logs go to stderr; `WEFT_LOG=debug|info|warning|error` picks how much (default: error).
    static func bootstrapLogging() {
        let level = getenv("WEFT_LOG").flatMap { Logger.Level(rawValue: String(cString: $0)) } ?? .error
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return SanitizingLogHandler(handler)
        }
    }
}

/// Log lines through the one sanitizer (`TerminalText`): a provider's error may quote a file or a command's output.
struct SanitizingLogHandler: LogHandler {
    private var inner: StreamLogHandler

    init(_ inner: StreamLogHandler) { self.inner = inner }

    var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = "\(TerminalText.sanitized(event.message.description))"
        inner.log(event: event)
    }
}
