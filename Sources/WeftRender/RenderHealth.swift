import Foundation

/// Which providers a render read, and which of those were stale or failing: what status bars colour by.
struct RenderHealth: Sendable, Equatable {
    /// Instances whose snapshot (or failed attempt) answered a key of the render.
    var read: Set<String> = []
    /// Instances read after their snapshot's validity ended.
    var stale: Set<String> = []
    /// Instances whose last refresh failed or partly failed, with its error.
    var errors: [String: String] = [:]

    /// Nothing read; nothing wrong.
    init() {}

    /// One line per problem, `instance: stale` or `instance: error`, sorted by instance.
    var problemLines: [String] {
        var lines: [String] = []
        for instance in stale.union(errors.keys).sorted() {
            if let error = errors[instance] {
                lines.append("\(instance): \(error)")
            } else {
                lines.append("\(instance): stale (not refreshed in time)")
            }
        }
        return lines
    }
}
