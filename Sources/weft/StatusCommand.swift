import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftProviders
import WeftRefresh
import WeftStore

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show each provider's health, last success, age, last error or warnings and next due time.",
        discussion: """
            It shows what the last refresh stored, never a check of the provider files in this shell's environment \
            (a file reading `api_key_env` refreshes under a timer that sets the variable): `weft check` checks the \
            files here. Each provider is in one of four states: ok; warning (the last refresh succeeded but \
            reported something, such as a skipped file); stale (its data is past its validity, or it has none yet); \
            failed (its last refresh failed, or could not use its file; the last good data is kept).

            Exit status: 2 when the last refresh could not use a provider file, else 0.

            Examples:
              weft status
              weft status --json | jq '.[] | select(.last_error != null)'
            """)

    @Flag(help: "Print JSON (an array, one object per provider, times in UTC ISO 8601).")
    var json = false

    @OptionGroup var clock: ClockOptions
    @OptionGroup var locations: LocationOptions

    func run() throws {
        let zone = try clock.zone()
        let instant = try clock.instant()
        let workspace = locations.workspace
        let where_ = workspace.locations
        let (store, set) = try exitingOnConfigError {
            try workspace.openWithProviders(registry: BuiltinProviders.registry)
        }
        let statuses = try ProviderStatus.collect(set, store: store, now: instant, zone: zone)
        // The configuration errors the last refresh recorded are listed with their provider and repeated on stderr,
        // with the files that cannot belong to any instance; they make the exit 2.
        let broken =
            statuses.filter(\.configurationError).compactMap(\.lastError)
            + set.problems.filter { $0.instance == nil }.map { "\($0)" }
        defer { for problem in broken { Stderr.line("weft: \(problem)") } }
        if json {
            print(try JSONText.text(statuses))
            if !broken.isEmpty { throw ExitCode(2) }
            return
        }
        if statuses.isEmpty {
            Stdout.line("no providers in \(where_.providersDirectory)")
            Stdout.line(InitCommand.startHint)
            return
        }
        for status in statuses {
            var parts: [String] = []
            if let last = status.lastSuccess, let age = status.ageSeconds {
                parts.append("updated \(Clock.short(last, now: instant, zone: zone)) (\(AgeText.format(age)) ago)")
            } else {
                parts.append("never refreshed")
            }
            let fileless = BuiltinProviders.registry.kind(status.type)?.needsNoFile ?? false
            if fileless {
                parts.append("kept from your records, never due")
            } else if let wait = status.crashBackoffUntil {
                parts.append(
                    "crashed weft \(status.crashes ?? 1) time\(status.crashes == 1 ? "" : "s") in a row, "
                        + "not tried again before \(Clock.short(wait, now: instant, zone: zone)) "
                        + "(`weft refresh --force \(status.instance)` tries now)")
            } else if let wait = status.retryAfter {
                parts.append("waiting for Retry-After until \(Clock.short(wait, now: instant, zone: zone))")
            } else if status.nextDue == Validity.untilChanged {
                parts.append("due when its files change")
            } else if let due = status.nextDue, !Validity.isStale(until: due, at: instant) {
                parts.append("next due \(Clock.short(due, now: instant, zone: zone))")
            } else {
                parts.append("due now")
            }
            if !status.configured && !fileless { parts.append("no longer configured") }
            Stdout.line(
                "\(status.instance) (\(status.type)): " + parts.joined(separator: ", ") + " [\(status.health.rawValue)]"
            )
            if let error = status.lastError { Stdout.line("  last error: \(error)") }
            if let warnings = status.warningSummary { Stdout.line("  warnings: \(warnings)") }
        }
        if !broken.isEmpty { throw ExitCode(2) }
    }
}
