import Foundation
import Logging
import WeftAlarms
import WeftCommandLine
import WeftCore
import WeftEdits
import WeftPrimitives
import WeftProviders
import WeftRefresh

/// Rebuilds the snapshots of the configured instances that show the user's own records (habits, steps), so what
/// `weft restore` or `weft forget --restore` brought back shows at once.
enum RecordViews {
    /// Refreshes, forced, every configured instance whose kind keeps user records; returns their names.
    static func rebuild(locations: WeftLocations, zone: TimeZone, now: Date) async throws -> [String] {
        let registry = BuiltinProviders.registry
        let set = try ProviderSet(path: locations.providersDirectory, registry: registry)
        let instances = set.entries.filter { entry in
            registry.kind(entry.config.type).map { !$0.recordKinds.isEmpty } ?? false
        }.map(\.config.instance)
        // Alarms and timers need no provider file: their default instances are rebuilt from the records here.
        var rebuilt: [String] = []
        let types = Set(set.entries.map(\.config.type))
        if !types.contains(AlarmsKind.type) {
            if try AlarmEdit(cacheDirectory: locations.cacheDirectory).rebuild(at: now) {
                rebuilt.append(AlarmsKind.type)
            }
        }
        if !types.contains(TimersKind.type) {
            if try TimerEdit(cacheDirectory: locations.cacheDirectory).rebuild(at: now) {
                rebuilt.append(TimersKind.type)
            }
        }
        guard !instances.isEmpty else { return rebuilt }
        let refresher = Refresher(
            registry: registry, locations: locations, timeZone: zone, logger: Logger(label: "weft.restore"))
        let report = try await refresher.run(instances, force: true, now: now)
        return rebuilt + report.entries.map(\.instance)
    }

    /// Says which instances `rebuild` refreshed, on stderr; nothing when none.
    static func sayRefreshed(_ instances: [String], _ catalog: Catalog) {
        guard !instances.isEmpty else { return }
        Stderr.line("weft: " + catalog.text("refreshed {instances}", ["instances": instances.joined(separator: ", ")]))
    }
}
