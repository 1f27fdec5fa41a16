import ArgumentParser
import Foundation
import Logging
import WeftCore
import WeftEngine
import WeftPrimitives
import WeftStore

struct RefreshCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refresh",
        abstract: "Refresh the providers that are due, keeping the last good snapshot when one fails.",
        discussion: """
            Each provider decides its own expiry; a provider whose snapshot is still fresh is skipped unless \
            --force is given. Only one refresh runs at a time: a second one waits a few seconds, then gives up. \
            One line per provider goes to stderr.

            Exit status: 0 when everything that ran succeeded (or nothing was due), 1 when any provider \
            failed (its last good snapshot is kept), 2 for configuration errors.

            Examples:
              weft refresh                     every provider that is due
              weft refresh weather --force     just providers/weather.toml, now
              */5 * * * * cd ~/weft && weft refresh --quiet     (crontab)
            """)

    @Argument(help: "Provider instances to refresh (file names in providers/ without .toml); default: all.")
    var instances: [String] = []

    @Flag(help: "Refresh even when the snapshot is still fresh.")
    var force = false

    @Flag(help: "Print only failures.")
    var quiet = false

    @OptionGroup var clock: ClockOptions
    @OptionGroup var locations: LocationOptions

    func run() async throws {
        let zone = try clock.zone()
        let instant = try clock.instant()
        let refresher = Refresher(
            registry: BuiltinProviders.registry, locations: locations.resolved, timeZone: zone,
            logger: Logger(label: "weft.refresh"))
        let report: Refresher.Report
        do {
            report = try await refresher.run(instances, force: force, now: instant)
        } catch let error as ConfigError {
            Stderr.line("weft: \(error)")
            throw ExitCode(2)
        } catch {
            Stderr.line("weft: \(error)")
            throw ExitCode(1)
        }
        if report.entries.isEmpty && !quiet {
            Stderr.line("weft: no providers in \(locations.resolved.providersDirectory)")
        }
        for entry in report.entries {
            let line: String
            switch entry.result {
            case .refreshed(let due): line = "ok, next due \(Clock.short(due, now: instant, zone: zone))"
            case .notModified(let due):
                line = "not modified, next due \(Clock.short(due, now: instant, zone: zone))"
            case .notDue(let until): line = "fresh, next due \(Clock.short(until, now: instant, zone: zone))"
            case .waitingForRetryAfter(let until):
                line = "skipped: the source asked to wait until \(Clock.short(until, now: instant, zone: zone))"
            case .failed(let message): line = "failed: \(message)"
            }
            if case .failed = entry.result {
                Stderr.line("\(entry.instance): \(line)")
            } else if !quiet {
                Stderr.line("\(entry.instance): \(line)")
            }
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
        let time = String(format: "%02d:%02d", a.hour, a.minute)
        return (a.year, a.month, a.day) == (b.year, b.month, b.day)
            ? time : String(format: "%04d-%02d-%02d ", a.year, a.month, a.day) + time
    }
}

/// Lines for the user on stderr.
enum Stderr {
    static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
