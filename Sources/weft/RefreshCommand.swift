import ArgumentParser
import Foundation
import Logging
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftProviders
import WeftRefresh
import WeftSpawn
import WeftStore

struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Refresh the providers that are due, keeping the last good snapshot when one fails.",
        discussion: """
            Each provider decides its own expiry; a provider whose snapshot is still fresh is skipped unless \
            --force is given, and one whose settings changed runs (and rebuilds its data) at once. Only one refresh \
            runs at a time: a second one waits a few seconds, then gives up. One line per provider goes to stderr.

            A provider file that is invalid is reported (with file and line, also in `weft status` and its \
            <prefix>error variable) and skipped; every other provider still refreshes. When a provider file was \
            deleted or renamed, what weft can fetch or import again (its snapshot, attempts, parsed copies) is \
            forgotten; your own records (habit completions, imported step history) stay, and a renamed file finds \
            them again. A providers directory with no provider file at all forgets nothing.

            A refresh that succeeded with warnings (a calendar source down, an export that matched no file, rows \
            skipped, a guessed time zone) says them, short and counted, on its line: "ok with warnings: …"; they \
            are its <prefix>warnings, not an error (`weft status --json` lists each one).

            A source that answered with Retry-After is not asked again before then, not even with --force: the \
            wait belongs to that request. Changing the provider's settings (a fixed URL) makes a new request, \
            which runs at once.

            Exit status: 0 when everything that ran succeeded (or nothing was due), 1 when any provider \
            failed (its last good snapshot is kept), 2 when a provider file is invalid (the others still ran).

            Examples:
              weft refresh                     # every provider that is due
              weft refresh weather --force     # just providers/weather.toml, now
              weft schedule --cron             # a crontab line that runs it every 5 min
            """)

    @Argument(
        help: "Provider instances to refresh (file names in providers/ without .toml); default: all.",
        completion: Completions.instances())
    var instances: [String] = []

    @Flag(help: "Refresh even when the snapshot is still fresh.")
    var force = false

    @Flag(help: "Print only failures.")
    var quiet = false

    @OptionGroup var clock: ClockOptions
    @OptionGroup var locations: LocationOptions

    func run() async throws {
        // What an earlier weft killed outright left running (a command's children) ends before anything starts.
        SpawnLedger.endLeftovers()
        let zone = try clock.zone()
        let instant = try clock.instant()
        let refresher = Refresher(
            registry: BuiltinProviders.registry, locations: locations.resolved, timeZone: zone,
            logger: Logger(label: "weft.refresh"))
        let report: Refresher.Report
        do {
            report = try await refresher.run(instances, force: force, now: instant)
        } catch let error as ConfigError {
            Stderr.line("weft: " + error.text(in: ReaderLanguage.catalog))
            throw ExitCode(2)
        } catch {
            Stderr.line("weft: \(error)")
            throw ExitCode(1)
        }
        let catalog = ReaderLanguage.catalog
        if report.entries.isEmpty && !quiet {
            Stderr.line(
                "weft: "
                    + catalog.text(
                        "no providers in {directory}; {hint}",
                        [
                            "directory": locations.resolved.providersDirectory,
                            "hint": InitCommand.startHint(catalog),
                        ]))
        }
        if !report.keptInEmptyDirectory.isEmpty {
            Stderr.line(
                "weft: "
                    + catalog.text(
                        "{directory} has no provider files, so nothing was forgotten of {instances}; to delete an instance on purpose, run `weft forget INSTANCE`",
                        [
                            "directory": locations.resolved.providersDirectory,
                            "instances": report.keptInEmptyDirectory.joined(separator: ", "),
                        ]))
        }
        if !quiet {
            for instance in report.forgotten {
                Stderr.line(
                    catalog.text(
                        "{instance}: its provider file is gone: forgot its snapshot; your own records are kept",
                        ["instance": instance]))
            }
        }
        for entry in report.entries {
            func due(_ date: Date) -> String {
                date == Validity.untilChanged
                    ? catalog.text("due when its files change")
                    : catalog.text("next due {time}", ["time": Clock.short(date, now: instant, zone: zone)])
            }
            let line: String
            var problem = true
            switch entry.result {
            case .refreshed(let next, let problems) where problems.isEmpty:
                line = catalog.text("ok, {due}", ["due": due(next)])
                problem = false
            case .notModified(let next, let problems) where problems.isEmpty:
                line = catalog.text("not modified, {due}", ["due": due(next)])
                problem = false
            case .refreshed(let next, let problems), .notModified(let next, let problems):
                line = catalog.text(
                    "ok with warnings: {warnings}; {due}",
                    ["warnings": ProviderHealth.summary(of: problems) ?? "", "due": due(next)])
                // A refresh that succeeded is not a failure: --quiet leaves its warnings to `weft status`.
                problem = false
            case .notDue(let until):
                line = catalog.text("fresh, {due}", ["due": due(until)])
                problem = false
            case .waitingForRetryAfter(let until):
                // Retry-After is clamped to a day (WeftHTTP), so the wait shown is at most that.
                let left = max(0, Instant.seconds(from: instant, to: until))
                line = catalog.text(
                    "skipped: the source asked to wait until {time} ({left} left; --force does not override a server's Retry-After, a changed setting does)",
                    ["time": Clock.short(until, now: instant, zone: zone), "left": Stderr.span(left)])
                problem = false
            case .waitingAfterCrash(let until, let crashes):
                line = catalog.plural(
                    "skipped: it crashed weft {count} time in a row; tried again after {time} (`weft refresh --force {instance}` tries now, as does a changed provider file)",
                    "skipped: it crashed weft {count} times in a row; tried again after {time} (`weft refresh --force {instance}` tries now, as does a changed provider file)",
                    count: crashes,
                    ["time": Clock.short(until, now: instant, zone: zone), "instance": entry.instance])
            case .failed(let message): line = catalog.text("failed: {message}", ["message": message])
            case .invalid(let message):
                line = catalog.text("invalid provider file, skipped: {message}", ["message": message])
            }
            if problem || !quiet { Stderr.line("\(entry.instance): \(line)") }
        }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}

/// Short local times for human-facing lines.
enum Clock {
    /// `10:40` today, `2026-03-11 10:40` on another day.
    static func short(_ date: Date, now: Date, zone: TimeZone) -> String {
        let a = LocalTime.components(of: date, in: zone)
        let b = LocalTime.components(of: now, in: zone)
        let time = LocalText.time(date, in: zone)
        return (a.year, a.month, a.day) == (b.year, b.month, b.day)
            ? time : LocalDay.iso(of: date, in: zone) + " " + time
    }
}

/// Human-facing text on stdout: the one place it is printed, through the one sanitizer, since it carries data
/// from outside (calendar titles, command output) that a terminal would act on. Machine formats (JSON, env,
/// status-bar JSON) are written as they are, escaped by their format.
enum Stdout {
    /// Prints a line (or lines), sanitized.
    static func line(_ text: String) { write(text + "\n") }

    /// Prints text as it is given, sanitized.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(TerminalText.sanitized(text).utf8))
    }
}

/// Lines for the user on stderr, sanitized as `Stdout`'s are.
extension Stderr {
    /// A wait as `2 h 5 min`, `5 min` or `40 s`.
    static func span(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds) s" }
        let minutes = (seconds + 59) / 60
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }
}
