import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives

struct ScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Print a systemd user timer or a crontab line that runs `weft refresh`.",
        discussion: """
            `weft refresh` only runs the providers that are due, so running it often is cheap; each provider keeps \
            its own interval. The printed commands carry this weft's absolute path and the absolute provider and \
            cache directories in use now, so they work from any working directory.

            Examples:
              weft schedule --systemd                     then follow the printed steps
              weft schedule --cron --every 2m | crontab -   (replaces your crontab: merge it with `crontab -e`)
            """)

    @Flag(help: "Print a user service and timer pair (weft-refresh.service, weft-refresh.timer).")
    var systemd = false

    @Flag(help: "Print a crontab line.")
    var cron = false

    @Option(
        help: ArgumentHelp(
            "How often to run (1m…60m dividing an hour, or 1h…24h dividing a day).", valueName: "interval"))
    var every = "5m"

    @OptionGroup var locations: LocationOptions

    func validate() throws {
        guard systemd != cron else { throw ValidationError("give one of --systemd or --cron") }
        _ = try Self.period(every)
    }

    func run() throws {
        let (minutes, _) = try Self.period(every)
        let resolved = locations.resolved
        let command =
            [Self.executable(), "refresh", "--quiet"].map(Self.quoted).joined(separator: " ")
            + " --providers " + Self.quoted(Self.absolute(resolved.providersDirectory))
            + " --cache " + Self.quoted(Self.absolute(resolved.cacheDirectory))
        if systemd {
            print(Self.systemdUnits(command: command, minutes: minutes))
        } else {
            print(Self.cronLine(command: command, minutes: minutes))
        }
    }

    /// Minutes, and whether the interval is given in hours.
    static func period(_ text: String) throws -> (minutes: Int, hours: Bool) {
        guard let duration = DurationText.parse(text) else {
            throw ValidationError("--every \"\(text)\" is not an interval such as 5m or 1h")
        }
        let millis = DurationText.milliseconds(duration)
        guard millis >= 60_000, millis % 60_000 == 0 else {
            throw ValidationError("--every must be whole minutes (at least 1m), not \"\(text)\"")
        }
        let minutes = Int(truncatingIfNeeded: millis / 60_000)
        if minutes <= 60, 60 % minutes == 0 { return (minutes, false) }
        if minutes % 60 == 0, minutes <= 1440, 1440 % minutes == 0 { return (minutes, true) }
        throw ValidationError(
            "--every \(text) does not divide an hour or a day evenly; cron and the timer need 1m, 2m, 5m, 10m, 15m, 30m, 1h, 2h, …"
        )
    }

    static func systemdUnits(command: String, minutes: Int) -> String {
        let interval = minutes % 60 == 0 ? "\(minutes / 60)h" : "\(minutes)min"
        return """
            # ~/.config/systemd/user/weft-refresh.service
            [Unit]
            Description=Refresh weft's due providers
            After=network-online.target

            [Service]
            Type=oneshot
            ExecStart=\(command.replacingOccurrences(of: "%", with: "%%"))

            # ~/.config/systemd/user/weft-refresh.timer
            [Unit]
            Description=Run weft refresh every \(interval)

            [Timer]
            OnBootSec=1min
            OnUnitActiveSec=\(interval)
            AccuracySec=30s

            [Install]
            WantedBy=timers.target

            # Save the two files above, then:
            #   systemctl --user daemon-reload
            #   systemctl --user enable --now weft-refresh.timer
            #   journalctl --user -u weft-refresh.service   (what each run printed)
            """
    }

    static func cronLine(command: String, minutes: Int) -> String {
        let fields =
            minutes < 60
            ? (minutes == 1 ? "* * * * *" : "*/\(minutes) * * * *")
            : (minutes == 60 ? "0 * * * *" : "0 */\(minutes / 60) * * *")
        let log = Self.quoted(Self.absolute(PathExpansion.expand("~/.cache/weft-refresh.log")))
        return """
            # weft: refresh the due providers every \(minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h"); \
            weft's own lock keeps runs from overlapping. Add with `crontab -e`.
            \(fields) \(Self.cronEscaped("\(command) >>\(log) 2>&1"))
            """
    }

    /// A crontab command field: cron turns an unescaped `%` into a newline (and cuts the command there), so every
    /// `%` — in a path too — is written `\%`, which cron passes on as `%`.
    static func cronEscaped(_ command: String) -> String {
        command.replacingOccurrences(of: "%", with: #"\%"#)
    }

    /// This executable's absolute path (Linux's /proc/self/exe), else argv[0].
    static func executable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// A shell word: as is when it is safe, else in single quotes.
    static func quoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@%=,".contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
