import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftProviders
import WeftRefresh
import WeftStore

struct ForgetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Forget provider instances: delete what weft can rebuild, move your own records to the trash.",
        discussion: """
            Deletes each instance's snapshot, refresh attempts, HTTP validators and parsed copies of its files in \
            one transaction, so its variables stop answering at once; weft can fetch or import them again. Your \
            own records that the instance shows (habits kept by hand, imported habit and step history) are \
            moved to a trash kept 30 days, unless another instance of the same kind still shows them. It says \
            what it does; --dry-run says it and changes nothing.

            `weft refresh` never deletes your own records: when a provider file is deleted or renamed it forgets \
            only what can be rebuilt, and a renamed file finds the records again.

            Examples:
              weft forget old-weather --dry-run
              weft forget steps && weft steps import ~/Downloads/export.csv
              weft forget --list-trash
              weft forget --restore steps
            """)

    @Argument(help: "Instance ids (provider file names without .toml).", completion: Completions.instances())
    var instances: [String] = []

    @Flag(help: "Print what would be deleted and moved to the trash, and change nothing.")
    var dryRun = false

    @Flag(help: "List what the trash holds (kept 30 days).")
    var listTrash = false

    @Option(help: ArgumentHelp("Move what was trashed under this name back.", valueName: "name"))
    var restore: String?

    @OptionGroup var clock: ClockOptions
    @OptionGroup var locations: LocationOptions

    func validate() throws {
        let modes = (instances.isEmpty ? 0 : 1) + (listTrash ? 1 : 0) + (restore == nil ? 0 : 1)
        guard modes == 1 else {
            throw ValidationError("give instances to forget, or --list-trash, or --restore NAME (one of them)")
        }
    }

    func run() async throws {
        let workspace = locations.workspace
        let where_ = workspace.locations
        let now = try clock.instant()
        guard FileManager.default.fileExists(atPath: where_.databasePath) else {
            throw CLIError { catalog in
                catalog.text(
                    "there is no database in {directory}: nothing to forget", ["directory": where_.cacheDirectory])
            }
        }
        if listTrash { return try list(now: now, workspace: workspace) }
        if let restore {
            let (restored, kept) = try CacheWriter(cacheDirectory: where_.cacheDirectory).store.restoreTrash(restore)
            guard !restored.isEmpty || !kept.isEmpty else {
                throw CLIError { catalog in
                    catalog.text(
                        "the trash holds nothing under \"{name}\"; `weft forget --list-trash` lists it",
                        ["name": restore])
                }
            }
            Stderr.line("\(restore): restored \(Self.counts(restored.map(\.kind)))")
            if !kept.isEmpty {
                Stderr.line(
                    "\(restore): \(Self.counts(kept.map(\.kind))) left in the trash: records with the same names exist "
                        + "now (\(kept.prefix(5).map(\.key).joined(separator: ", ")))")
            }
            let rebuilt = try await RecordViews.rebuild(locations: where_, zone: try clock.zone(), now: now)
            if !rebuilt.isEmpty { Stderr.line("weft: refreshed \(rebuilt.joined(separator: ", "))") }
            return
        }
        let writer = try CacheWriter(cacheDirectory: where_.cacheDirectory)
        let kinds = try trashKinds(writer.store, providers: where_.providersDirectory)
        let plans = try writer.forget(instances, trashKinds: kinds.trash, at: now, dryRun: dryRun)
        for plan in plans {
            guard !plan.isEmpty else {
                Stderr.line("\(plan.instance): not in the database")
                continue
            }
            let rows = plan.rebuildable.values.reduce(0, +)
            var line = "\(plan.instance): \(dryRun ? "would delete" : "deleted") \(rows) rebuildable row"
            line += rows == 1 ? "" : "s"
            line += " (snapshot, attempts, validators, parsed files)"
            let records = plan.records.filter { $0.value > 0 }
            if !records.isEmpty {
                line +=
                    "; \(dryRun ? "would move" : "moved") "
                    + records.keys.sorted().map { "\(records[$0] ?? 0) \($0) record\(records[$0] == 1 ? "" : "s")" }
                    .joined(separator: ", ")
                    + " to the trash (`weft forget --restore \(plan.instance)` within 30 days)"
            }
            if let others = kinds.sharedWith[plan.instance] {
                line += "; your own records stay: \(others.joined(separator: ", ")) shows them too"
            }
            Stderr.line(line)
        }
        if plans.contains(where: \.isEmpty) { throw ExitCode(1) }
    }

    /// Per instance, the kinds of the user's records to trash with it, and the other instances that keep them.
    private func trashKinds(
        _ store: CacheStore, providers: String
    ) throws -> (trash: [String: [String]], sharedWith: [String: [String]]) {
        let registry = BuiltinProviders.registry
        var types = try store.providerFiles().compactMapValues(\.type)
        for info in try store.snapshotInfos() where types[info.instance] == nil { types[info.instance] = info.kind }
        if let set = try? ProviderSet(path: providers, registry: registry) {
            for entry in set.entries { types[entry.config.instance] = entry.config.type }
        }
        var trash: [String: [String]] = [:]
        var shared: [String: [String]] = [:]
        for instance in instances {
            guard let type = types[instance], let kind = registry.kind(type), !kind.recordKinds.isEmpty else {
                continue
            }
            let others = types.filter { $0.key != instance && !instances.contains($0.key) && $0.value == type }
                .keys.sorted()
            if others.isEmpty { trash[instance] = kind.recordKinds } else { shared[instance] = others }
        }
        return (trash, shared)
    }

    private func list(now: Date, workspace: Workspace) throws {
        let batches = try workspace.openCache().trashBatches(now: now)
        guard !batches.isEmpty else {
            Stdout.line("the trash is empty")
            return
        }
        for batch in batches {
            let left = Int((batch.trashedAt.timeIntervalSince(now) + CacheStore.trashKept) / 86_400)
            let counts = batch.counts.keys.sorted().map { "\(batch.counts[$0] ?? 0) \($0)" }.joined(separator: ", ")
            Stdout.line(
                "\(batch.name)\t\(counts)\ttrashed \(ISOInstant.format(batch.trashedAt)), kept \(max(left, 0)) more days"
            )
        }
    }

    private static func counts(_ kinds: [String]) -> String {
        var counts: [String: Int] = [:]
        for kind in kinds { counts[kind, default: 0] += 1 }
        return counts.keys.sorted().map { "\(counts[$0] ?? 0) \($0) record\(counts[$0] == 1 ? "" : "s")" }
            .joined(separator: ", ")
    }
}
