import Foundation
import WeftCore
import WeftPrimitives
import WeftRefresh
import WeftStore

extension Dashboard {
    /// The board at `now` from the cache: the statuses and variables the responder read, plus the snapshots the
    /// kinds' cards draw from (and take their zone from) and the stored counters.
    /// Read-only, like every other read.
    static func load(
        cacheDirectory: String, registry: ProviderRegistry, statuses: [ProviderStatus], variables: [String: String],
        now: Date, zone: TimeZone, csrfToken: String, catalog: Catalog = .english
    ) throws -> Dashboard {
        let store = try CacheStore.openForReading(directory: cacheDirectory)
        var snapshots: [String: Snapshot] = [:]
        for status in statuses {
            if let snapshot = try store.snapshot(status.instance) { snapshots[status.instance] = snapshot }
        }
        return Dashboard(
            statuses: statuses, variables: variables, snapshots: snapshots, registry: registry,
            stored: try store.variables(), now: now, zone: zone, csrfToken: csrfToken, catalog: catalog)
    }
}
