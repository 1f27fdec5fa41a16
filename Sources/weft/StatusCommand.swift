import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftProviders
import WeftRefresh
import WeftStore

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Show each provider's last success, age, last error and next due time.",
        discussion: """
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
        let where_ = locations.resolved
        let store = try CacheStore.openForReading(directory: where_.cacheDirectory)
        let set: ProviderSet
        do {
            set = try ProviderSet(path: where_.providersDirectory, registry: BuiltinProviders.registry, cache: store)
        } catch let error as ConfigError {
            Stderr.line("weft: \(error)")
            throw ExitCode(2)
        }
        let statuses = try ProviderStatus.collect(set, store: store, now: instant, zone: zone)
        // Configuration problems are listed with their provider and repeated on stderr; they make the exit 2.
        defer { for problem in set.problems { Stderr.line("weft: \(problem)") } }
        if json {
            print(try JSONOutput.text(statuses))
            if !set.problems.isEmpty { throw ExitCode(2) }
            return
        }
        if statuses.isEmpty {
            print("no providers in \(where_.providersDirectory)")
            return
        }
        for status in statuses {
            var parts: [String] = []
            if let last = status.lastSuccess, let age = status.ageSeconds {
                parts.append("updated \(Clock.short(last, now: instant, zone: zone)) (\(Self.age(age)) ago)")
            } else {
                parts.append("never refreshed")
            }
            if let due = status.nextDue, due > instant {
                parts.append("next due \(Clock.short(due, now: instant, zone: zone))")
            } else {
                parts.append("due now")
            }
            if !status.configured { parts.append("no longer configured") }
            print("\(status.instance) (\(status.type)): " + parts.joined(separator: ", "))
            if let error = status.lastError { print("  last error: \(error)") }
        }
        if !set.problems.isEmpty { throw ExitCode(2) }
    }

    static func age(_ seconds: Int) -> String {
        switch seconds {
        case ..<60: "\(seconds) s"
        case ..<3600: "\(seconds / 60) min"
        case ..<172_800: "\(seconds / 3600) h \(seconds % 3600 / 60) min"
        default: "\(seconds / 86400) days"
        }
    }
}
