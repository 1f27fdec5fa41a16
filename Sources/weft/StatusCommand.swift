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
        let catalog = ReaderLanguage.catalog
        if statuses.isEmpty {
            Stdout.line(catalog.text("no providers in {directory}", ["directory": where_.providersDirectory]))
            Stdout.line(InitCommand.startHint(catalog))
            return
        }
        for status in statuses {
            let short = { (date: Date) in Clock.short(date, now: instant, zone: zone) }
            var parts: [String] = []
            if let last = status.lastSuccess, let age = status.ageSeconds {
                parts.append(
                    catalog.text(
                        "updated {time} ({age} ago)", ["time": short(last), "age": AgeText.format(age, in: catalog)]))
            } else {
                parts.append(catalog.text("never refreshed"))
            }
            let fileless = BuiltinProviders.registry.kind(status.type)?.needsNoFile ?? false
            if fileless {
                parts.append(catalog.text("kept from your records, never due"))
            } else if let wait = status.crashBackoffUntil {
                let crashes = status.crashes ?? 1
                parts.append(
                    catalog.plural(
                        "crashed weft {count} time in a row, not tried again before {time} (`weft refresh --force {instance}` tries now)",
                        "crashed weft {count} times in a row, not tried again before {time} (`weft refresh --force {instance}` tries now)",
                        count: crashes, ["count": "\(crashes)", "time": short(wait), "instance": status.instance]))
            } else if let wait = status.retryAfter {
                parts.append(catalog.text("waiting for Retry-After until {time}", ["time": short(wait)]))
            } else if status.nextDue == Validity.untilChanged {
                parts.append(catalog.text("due when its files change"))
            } else if let due = status.nextDue, !Validity.isStale(until: due, at: instant) {
                parts.append(catalog.text("next due {time}", ["time": short(due)]))
            } else {
                parts.append(catalog.text("due now"))
            }
            if !status.configured && !fileless { parts.append(catalog.text("no longer configured")) }
            Stdout.line(
                "\(status.instance) (\(status.type)): " + parts.joined(separator: ", ") + " ["
                    + Self.word(status.health, in: catalog) + "]")
            if let error = status.lastError { Stdout.line(catalog.text("  last error: {error}", ["error": error])) }
            if let warnings = status.warningSummary {
                Stdout.line(catalog.text("  warnings: {warnings}", ["warnings": warnings]))
            }
        }
        if !broken.isEmpty { throw ExitCode(2) }
    }

    /// A provider's state as the human lines show it (JSON keeps the English word).
    static func word(_ state: ProviderHealth.State, in catalog: Catalog) -> String {
        switch state {
        case .ok: catalog.text("ok")
        case .warning: catalog.text("warning")
        case .stale: catalog.text("stale")
        case .failed: catalog.text("failed")
        }
    }
}
