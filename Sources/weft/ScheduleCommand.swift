import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftNotify
import WeftPrimitives
import WeftSpawn

struct ScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract:
            "Print a systemd user timer or a crontab line that runs `weft refresh`, or the user service of `weft notify`.",
        discussion: """
            `weft refresh` only runs the providers that are due, so running it often is cheap; each provider keeps \
            its own interval. The printed commands carry this weft's absolute path and the absolute provider and \
            cache directories in use now, so they work from any working directory.

            The timer does not run in your shell's environment: systemd's user manager starts it with HOME and \
            PATH=/usr/local/bin:/usr/bin:/bin, cron with HOME and PATH=/usr/bin:/bin. `weft schedule` runs the \
            checks of `weft check` in that environment and lists, on stderr, every provider that would fail there \
            (a secret read from api_key_env or password_env, a program found only on your PATH) with its fix.

            --notify prints a systemd user service that keeps `weft notify` running in your session (restarted if \
            it ends); the programs of the notify file's commands are checked in the service's PATH.

            Examples:
              weft schedule --systemd                       # then follow the printed steps
              weft schedule --notify                        # the notifier's user service
              weft schedule --cron --every 2m | crontab -   # replaces your whole crontab
            """)

    @Flag(help: "Print a user service and timer pair (weft-refresh.service, weft-refresh.timer).")
    var systemd = false

    @Flag(help: "Print a crontab line.")
    var cron = false

    @Flag(help: "Print a user service that runs `weft notify` (weft-notify.service).")
    var notify = false

    @Option(
        help: ArgumentHelp(
            "How often to run (1m…60m dividing an hour, or 1h…24h dividing a day).", valueName: "interval"))
    var every = "5m"

    @Option(
        help: ArgumentHelp(
            "Write the user units a distribution package installs (weft-refresh.service, weft-refresh.timer every "
                + "--every, weft-notify.service; running /usr/bin/weft) into a folder, instead of printing.",
            valueName: "folder"))
    var packageUnits: String?

    @OptionGroup var locations: LocationOptions

    func validate() throws {
        guard [systemd, cron, notify, packageUnits != nil].filter({ $0 }).count == 1 else {
            throw ValidationError("give one of --systemd, --cron, --notify or --package-units")
        }
        _ = try Self.period(every)
    }

    func run() throws {
        let (minutes, _) = try Self.period(every)
        if let packageUnits { return try writePackagedUnits(into: packageUnits, minutes: minutes) }
        let resolved = locations.resolved
        if notify { return printNotifyService(resolved) }
        let command =
            [Self.executable(), "refresh", "--quiet"].map(Self.quoted).joined(separator: " ")
            + " --providers " + Self.quoted(Self.absolute(resolved.providersDirectory))
            + " --cache " + Self.quoted(Self.absolute(resolved.cacheDirectory))
        if systemd {
            print(Self.systemdUnits(command: command, minutes: minutes, ReaderLanguage.catalog))
        } else {
            print(Self.cronLine(command: command, minutes: minutes, ReaderLanguage.catalog))
        }
        let timer = TimerCheck(
            systemd: systemd, providersDirectory: Self.absolute(resolved.providersDirectory),
            cacheDirectory: Self.absolute(resolved.cacheDirectory))
        for line in timer.warnings() { Stderr.line(line) }
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

    /// The two units with the comments around them in `catalog`'s language (the units themselves stay English).
    static func systemdUnits(command: String, minutes: Int, _ catalog: Catalog = .english) -> String {
        """
        # ~/.config/systemd/user/weft-refresh.service
        \(refreshService(command: command))
        # ~/.config/systemd/user/weft-refresh.timer
        \(refreshTimer(minutes: minutes))
        # \(catalog.text("Save the two files above, then:"))
        #   systemctl --user daemon-reload
        #   systemctl --user enable --now weft-refresh.timer
        #   journalctl --user -u weft-refresh.service   \(catalog.text("(what each run printed)"))
        """
    }

    /// weft-refresh.service: one `weft refresh` run of `command`.
    static func refreshService(command: String) -> String {
        """
        [Unit]
        Description=Refresh weft's due providers
        After=network-online.target

        [Service]
        Type=oneshot
        ExecStart=\(command.replacingOccurrences(of: "%", with: "%%"))

        """
    }

    /// weft-refresh.timer: starts weft-refresh.service every `minutes`.
    static func refreshTimer(minutes: Int) -> String {
        let interval = minutes % 60 == 0 ? "\(minutes / 60)h" : "\(minutes)min"
        return """
            [Unit]
            Description=Run weft refresh every \(interval)

            [Timer]
            OnBootSec=1min
            OnUnitActiveSec=\(interval)
            AccuracySec=30s

            [Install]
            WantedBy=timers.target

            """
    }

    private func printNotifyService(_ resolved: WeftLocations) {
        let command =
            [Self.executable(), "notify"].map(Self.quoted).joined(separator: " ")
            + " --providers " + Self.quoted(Self.absolute(resolved.providersDirectory))
            + " --cache " + Self.quoted(Self.absolute(resolved.cacheDirectory))
        print(Self.notifyUnit(command: command, ReaderLanguage.catalog))
        let timer = TimerCheck(
            systemd: true, providersDirectory: Self.absolute(resolved.providersDirectory),
            cacheDirectory: Self.absolute(resolved.cacheDirectory))
        let file = NotifyFile(contentsOf: NotifyFile.defaultPath(providersDirectory: resolved.providersDirectory))
        for problem in file.problems { Stderr.line("weft: \(problem)") }
        for problem in file.preflight(environment: timer.environment) {
            Stderr.line("weft: the service runs with only HOME and PATH=\(timer.path): \(problem)")
        }
    }

    /// The notifier's unit with the comments around it in `catalog`'s language.
    static func notifyUnit(command: String, _ catalog: Catalog = .english) -> String {
        """
        # ~/.config/systemd/user/weft-notify.service
        \(notifyService(command: command))
        # \(catalog.text("Save the file above, then:"))
        #   systemctl --user daemon-reload
        #   systemctl --user enable --now weft-notify.service
        #   journalctl --user -u weft-notify.service   \(catalog.text("(what it fired, and why not)"))
        """
    }

    /// weft-notify.service: keeps `command` (a `weft notify`) running in the user's session.
    static func notifyService(command: String) -> String {
        """
        [Unit]
        Description=weft notify: alarms, timers, reminders and rules as desktop notifications
        After=graphical-session.target

        [Service]
        ExecStart=\(command.replacingOccurrences(of: "%", with: "%%"))
        Restart=on-failure
        RestartSec=10s

        [Install]
        WantedBy=default.target

        """
    }

    /// Where a distribution package installs weft; the packaged units run it from there.
    static let packagedExecutable = "/usr/bin/weft"

    /// The unit files a package installs into /usr/lib/systemd/user: the same units `--systemd` and `--notify`
    /// print, run from the packaged executable with each user's default locations (so no --providers or --cache).
    static func packagedUnits(minutes: Int) -> [(name: String, text: String)] {
        [
            ("weft-refresh.service", refreshService(command: "\(packagedExecutable) refresh --quiet")),
            ("weft-refresh.timer", refreshTimer(minutes: minutes)),
            ("weft-notify.service", notifyService(command: "\(packagedExecutable) notify")),
        ]
    }

    private func writePackagedUnits(into directory: String, minutes: Int) throws {
        for unit in Self.packagedUnits(minutes: minutes) {
            let path = directory + "/" + unit.name
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
                try Data(unit.text.utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                let reason = ErrorText.words(error)
                throw CLIError { catalog in
                    catalog.text("cannot write {file}: {reason}", ["file": path, "reason": reason])
                }
            }
        }
    }

    static func cronLine(command: String, minutes: Int, _ catalog: Catalog = .english) -> String {
        let fields =
            minutes < 60
            ? (minutes == 1 ? "* * * * *" : "*/\(minutes) * * * *")
            : (minutes == 60 ? "0 * * * *" : "0 */\(minutes / 60) * * *")
        let log = Self.quoted(Self.absolute(PathExpansion.expand("~/.cache/weft-refresh.log")))
        let every = minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h"
        let comment = catalog.text(
            "weft: refresh the due providers every {interval}; weft's own lock keeps runs from overlapping. Add with `crontab -e`.",
            ["interval": every])
        return """
            # \(comment)
            \(fields) \(Self.cronEscaped("\(command) >>\(log) 2>&1"))
            """
    }

    /// A crontab command field: cron turns an unescaped `%` into a newline (and cuts the command there), so every
    /// `%` — in a path too — is written `\%`, which cron passes on as `%`.
    static func cronEscaped(_ command: String) -> String {
        command.replacingOccurrences(of: "%", with: #"\%"#)
    }

    static func executable() -> String { Executables.current() }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// A shell word: as is when it is safe, else in single quotes.
    static func quoted(_ word: String) -> String {
        let safe = word.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@%=,".contains($0) }
        return safe && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}

/// The checks of `weft check` run again in the environment the timer gives `weft refresh`, and what fails only there.
struct TimerCheck {
    var systemd: Bool
    var providersDirectory: String
    var cacheDirectory: String

    /// The search path the timer's runs get: systemd's user manager default, or cron's.
    var path: String { systemd ? "/usr/local/bin:/usr/bin:/bin" : "/usr/bin:/bin" }

    /// The whole environment of a timer run: HOME and that PATH, nothing from the login shell.
    var environment: [String: String] { ["HOME": PathExpansion.home(), "PATH": path] }

    /// What went wrong running the check as the timer would; the message is the whole story.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The lines to print: nothing when every provider that passes here passes under the timer too.
    func warnings() -> [String] {
        let here: CheckCommand.Findings
        let there: CheckCommand.Report
        do {
            here = try CheckCommand.findings(providersDirectory: providersDirectory, cacheDirectory: cacheDirectory)
            there = try checkInTimerEnvironment()
        } catch {
            return ["weft: could not check the providers in the timer's environment: \(ErrorText.words(error))"]
        }
        let failingHere = Set(here.problems.map { Place(file: $0.error.file, key: $0.error.key) })
        let onlyThere = there.problems.filter { !failingHere.contains(Place(file: $0.file, key: $0.key)) }
        var lines: [String] = []
        if !onlyThere.isEmpty {
            let files = Set(onlyThere.map { $0.file ?? "" }).count
            lines.append(
                "weft: the timer runs weft with only HOME and PATH=\(path), not your shell's environment; "
                    + "\(files) provider file\(files == 1 ? "" : "s") that pass `weft check` here will fail there "
                    + "on every run:")
            var folders: [String] = []
            for problem in onlyThere {
                lines.append("  " + problem.message)
                let fix = self.fix(for: problem, configs: here.set.directory.configs)
                lines += fix.lines.map { "    " + $0 }
                folders += fix.folders.filter { !folders.contains($0) }
            }
            if !folders.isEmpty {
                let line = "PATH=" + (folders + [path]).joined(separator: ":")
                let those = folders.count == 1 ? "that folder" : "those folders"
                lines.append(
                    systemd
                        ? "  or let the service search \(those): add to [Service]  Environment=\(line)"
                        : "  or let cron search \(those): put this line above the schedule  \(line)")
            }
        }
        if !here.problems.isEmpty {
            let count = here.problems.count
            lines.append(
                "weft: \(count) problem\(count == 1 ? "" : "s") in the provider files fail\(count == 1 ? "s" : "") "
                    + "in this shell too: `weft check` lists \(count == 1 ? "it" : "them")")
        }
        return lines
    }

    /// Where a problem is: its file and key. The same problem read in two environments can differ in its text
    /// (the PATH it searched), never in its place.
    private struct Place: Hashable {
        var file: String?
        var key: String?
    }

    /// This weft's `check --json` run as a child with the timer's environment and read back.
    private func checkInTimerEnvironment() throws -> CheckCommand.Report {
        let launch = Launch(
            [
                ScheduleCommand.executable(), "check", "--json", "--providers", providersDirectory, "--cache",
                cacheDirectory,
            ], environment: environment)
        let captured: Captured
        do throws(SpawnError) {
            // A check reads provider files and looks programs up, no network: a minute is far beyond it.
            captured = try launch.runBlocking(timeout: .seconds(60), maxOutput: 16 << 20)
        } catch {
            throw Failure(description: "\(ErrorText.words(error))")
        }
        guard let report = try? JSONDecoder().decode(CheckCommand.Report.self, from: Data(captured.stdout)) else {
            throw Failure(description: "`weft check` \(captured.ending) and no report")
        }
        return report
    }

    /// How to make one problem go away under the timer, and the folders its PATH would need.
    private func fix(
        for problem: CheckCommand.Problem, configs: [ProviderConfig]
    ) -> (lines: [String], folders: [String]) {
        let config = configs.first { $0.instance == problem.instance }
        let fileName = config.map { ($0.file as NSString).lastPathComponent } ?? "the provider file"
        if let key = problem.key, key.hasSuffix("_env"), let config,
            case .string(let name)? = Self.value(at: key, in: config.values)
        {
            let field = String(key.split(separator: ".").last ?? Substring(key))
            let fileKey = String(field.dropLast(4)) + "_file"
            let secret = "~/.config/weft/" + name.lowercased()
            var lines = [
                "fix: keep the secret in a file the timer can read, and name the file instead of the variable:",
                "       install -m 600 /dev/null \(secret) && printf '%s\\n' \"$\(name)\" > \(secret)",
                "     then in \(fileName), in place of \(field) = \"\(name)\":  \(fileKey) = \"\(secret)\"",
            ]
            lines.append(
                systemd
                    ? "     or give the service the variable (systemctl --user edit weft-refresh.service):  "
                        + "[Service] Environment=\(name)=…"
                    : "     or set it for cron: put this line above the schedule  \(name)=…")
            return (lines, [])
        }
        if problem.key == "command", let config, case .array(let argv)? = config.values["command"],
            case .string(let program)? = argv.first, !program.contains("/"),
            let found = Executables.find(program)
        {
            let folder = PathExpansion.directory(of: found)
            return (
                ["fix: name the program by its absolute path in \(fileName):  command = [\"\(found)\", …]"],
                [folder]
            )
        }
        return (
            [
                "fix: it passes here only because of your shell's environment; give the timer what it needs "
                    + (systemd ? "with Environment= lines in [Service]" : "with NAME=value lines above the schedule")
            ], []
        )
    }

    /// The value at a key as errors name it: `api_key_env`, `sources[0].password_env`.
    static func value(at key: String, in table: [String: ConfigValue]) -> ConfigValue? {
        var current = ConfigValue.table(table)
        for part in key.split(separator: ".") {
            var name = Substring(part)
            var index: Int?
            if let open = part.firstIndex(of: "["), part.hasSuffix("]") {
                name = part[..<open]
                index = Int(part[part.index(after: open)..<part.index(before: part.endIndex)])
            }
            guard case .table(let fields) = current, let next = fields[String(name)] else { return nil }
            current = next
            if let index {
                guard case .array(let items) = current, items.indices.contains(index) else { return nil }
                current = items[index]
            }
        }
        return current
    }
}
