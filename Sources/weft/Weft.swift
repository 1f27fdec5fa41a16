import ArgumentParser
import Foundation
import Logging
import WeftCommandLine
import WeftCore
import WeftPrimitives

/// The entry point is synchronous: a command that needs no async runtime (every reader, and above all the live loops
/// of `watch` and `bar`) runs on the main thread without starting Swift concurrency's thread pool, whose libdispatch
/// monitor would wake the process once a second for as long as it lives.
@main
enum WeftMain {
    static func main() { Weft.start() }
}

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
              weft refresh                          # refresh whatever is due
              weft resolve 'Load {{__uptime_load|?}} · {{__time}}'
              weft get __now_unix
              weft var incr water --goal 8 --reset daily
              weft vars --prefix __uptime_ --format json
            """,
        version: version,
        subcommands: [
            InitCommand.self, RefreshCommand.self, ResolveCommand.self, GetCommand.self, VarsCommand.self,
            StatusCommand.self,
            VarCommand.self, WeatherCommand.self, CalendarCommand.self, StepsCommand.self, HabitCommand.self,
            AlarmCommand.self, TimerCommand.self,
            ExplainCommand.self, WatchCommand.self, BarCommand.self, NotifyCommand.self, ScheduleCommand.self,
            ServeCommand.self,
            CheckCommand.self,
            ForgetCommand.self, BackupCommand.self, RestoreCommand.self,
        ])

    static func start() {
        ProgramEntry.begin()
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `weft manual` is for `make man`, not a subcommand: weft.1, written from the subcommands, does not list it.
        if arguments.first == ManualCommand.configuration.commandName {
            ManualCommand.main(Array(arguments.dropFirst()))
            return
        }
        let programs: [any ProgramCommand.Type] = [ServeCommand.self, NotifyCommand.self]
        if let program = programs.first(where: { $0.configuration.commandName == arguments.first }) {
            do {
                try program.execute(Array(arguments.dropFirst()))
            } catch {
                ProgramEntry.end(with: error, of: Self.self)
            }
        }
        ProgramEntry.sayUnknownZone(in: ReadOptions.environment)
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
                ProgramEntry.end(with: error, of: Self.self)
            }
            return
        }
        ProgramEntry.runOnThisThread(Self.self)
    }
}
