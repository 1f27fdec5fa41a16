import Foundation
import WeftStore

/// Which providers a render read, and which of those were failed, stale or ok with warnings: what status bars
/// colour by. Each provider's state is ``ProviderHealth``'s, as its last refresh left it.
struct RenderHealth: Sendable, Equatable {
    /// Instances whose snapshot (or failed attempt) answered a key of the render.
    var read: Set<String> = []
    /// Instances read after their snapshot's validity ended (a failed one too: its data is old all the same).
    var stale: Set<String> = []
    /// Instances whose last refresh failed (or whose file the last refresh could not use), with why.
    var errors: [String: String] = [:]
    /// Instances whose last refresh succeeded with warnings, with their short summary.
    var warnings: [String: String] = [:]

    /// Nothing read; nothing wrong.
    init() {}

    /// Counts one provider read at `now`.
    mutating func add(_ health: ProviderHealth, now: Date) {
        if health.isStale(at: now) { stale.insert(health.instance) }
        switch health.state(at: now) {
        case .failed: errors[health.instance] = health.failure
        case .warning: warnings[health.instance] = health.warningSummary
        case .ok, .stale: break
        }
    }

    /// One line per problem, `instance: error`, `instance: stale …` or `instance: warning: …`, by instance.
    var problemLines: [String] {
        var lines: [String] = []
        for instance in stale.union(errors.keys).union(warnings.keys).sorted() {
            if let error = errors[instance] {
                lines.append("\(instance): \(error)")
            } else if stale.contains(instance) {
                lines.append("\(instance): stale (not refreshed in time)")
            } else if let warning = warnings[instance] {
                lines.append("\(instance): warning: \(warning)")
            }
        }
        return lines
    }
}
