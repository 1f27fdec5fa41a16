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
        let catalog = ReaderLanguage.catalog
        guard FileManager.default.fileExists(atPath: where_.databasePath) else {
            throw CLIError { catalog in
                catalog.text(
                    "there is no database in {directory}: nothing to forget", ["directory": where_.cacheDirectory])
            }
        }
        if listTrash { return try list(now: now, workspace: workspace, catalog) }
        if let restore {
            let (restored, kept) = try CacheWriter(cacheDirectory: where_.cacheDirectory).store.restoreTrash(restore)
            guard !restored.isEmpty || !kept.isEmpty else {
                throw CLIError { catalog in
                    catalog.text(
                        "the trash holds nothing under \"{name}\"; `weft forget --list-trash` lists it",
                        ["name": restore])
                }
            }
            Stderr.line(
                catalog.text(
                    "{name}: restored {records}",
                    ["name": restore, "records": Self.counts(restored.map(\.kind), catalog)]))
            if !kept.isEmpty {
                Stderr.line(
                    catalog.text(
                        "{name}: {records} left in the trash: records with the same names exist now ({keys})",
                        [
                            "name": restore, "records": Self.counts(kept.map(\.kind), catalog),
                            "keys": kept.prefix(5).map(\.key).joined(separator: ", "),
                        ]))
            }
            let rebuilt = try await RecordViews.rebuild(locations: where_, zone: try clock.zone(), now: now)
            RecordViews.sayRefreshed(rebuilt, catalog)
            return
        }
        let writer = try CacheWriter(cacheDirectory: where_.cacheDirectory)
        let kinds = try trashKinds(writer.store, providers: where_.providersDirectory)
        let plans = try writer.forget(instances, trashKinds: kinds.trash, at: now, dryRun: dryRun)
        for plan in plans {
            guard !plan.isEmpty else {
                Stderr.line(catalog.text("{name}: not in the database", ["name": plan.instance]))
                continue
            }
            let rows = plan.rebuildable.values.reduce(0, +)
            var line =
                dryRun
                ? catalog.plural(
                    "{name}: would delete {count} rebuildable row (snapshot, attempts, validators, parsed files)",
                    "{name}: would delete {count} rebuildable rows (snapshot, attempts, validators, parsed files)",
                    count: rows, ["name": plan.instance])
                : catalog.plural(
                    "{name}: deleted {count} rebuildable row (snapshot, attempts, validators, parsed files)",
                    "{name}: deleted {count} rebuildable rows (snapshot, attempts, validators, parsed files)",
                    count: rows, ["name": plan.instance])
            let records = plan.records.filter { $0.value > 0 }
            if !records.isEmpty {
                let said = Self.counts(records, catalog)
                line +=
                    dryRun
                    ? catalog.text(
                        "; would move {records} to the trash (`weft forget --restore {name}` within 30 days)",
                        ["records": said, "name": plan.instance])
                    : catalog.text(
                        "; moved {records} to the trash (`weft forget --restore {name}` within 30 days)",
                        ["records": said, "name": plan.instance])
            }
            if let others = kinds.sharedWith[plan.instance] {
                line += catalog.text(
                    "; your own records stay: {instances} shows them too", ["instances": others.joined(separator: ", ")]
                )
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

    private func list(now: Date, workspace: Workspace, _ catalog: Catalog) throws {
        let batches = try workspace.openCache().trashBatches(now: now)
        guard !batches.isEmpty else {
            Stdout.line(catalog.text("the trash is empty"))
            return
        }
        for batch in batches {
            let left = Int((batch.trashedAt.timeIntervalSince(now) + CacheStore.trashKept) / 86_400)
            let counts = batch.counts.keys.sorted().map { "\(batch.counts[$0] ?? 0) \($0)" }.joined(separator: ", ")
            let kept = catalog.plural(
                "trashed {time}, kept {count} more day", "trashed {time}, kept {count} more days", count: max(left, 0),
                ["time": ISOInstant.format(batch.trashedAt)])
            Stdout.line("\(batch.name)\t\(counts)\t\(kept)")
        }
    }

    private static func counts(_ kinds: [String], _ catalog: Catalog) -> String {
        var counts: [String: Int] = [:]
        for kind in kinds { counts[kind, default: 0] += 1 }
        return Self.counts(counts, catalog)
    }

    /// "2 habit records, 1 steps record": the kinds stay the words provider files use.
    private static func counts(_ counts: [String: Int], _ catalog: Catalog) -> String {
        counts.keys.sorted().map { kind in
            catalog.plural("{count} {kind} record", "{count} {kind} records", count: counts[kind] ?? 0, ["kind": kind])
        }
        .joined(separator: ", ")
    }
}
