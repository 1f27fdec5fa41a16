import ArgumentParser
import Foundation
import WeftCommandLine
import WeftCore
import WeftPrimitives
import WeftProviders
import WeftRefresh
import WeftStore

extension LocationOptions {
    /// The configured instance of `type` a command acts on: the one named, else the only one; nil when none is
    /// configured, so the command can use the defaults. A broken file of that type (or name) is an error, not a
    /// reason to fall back to the defaults.
    func configuredInstance(type: String, named instance: String?) throws -> ProviderSet.Entry? {
        let set = try ProviderSet(path: resolved.providersDirectory, registry: BuiltinProviders.registry)
        if let problem = set.problems.first(where: { problem in
            instance.map { problem.instance == $0 } ?? (problem.type == type)
        }) {
            throw CLIError { catalog in
                catalog.text(
                    "{problem}; `weft check` lists every problem",
                    ["problem": problem.error.text(in: catalog)])
            }
        }
        if let instance, instance.hasSuffix(".toml") || instance.contains("/") {
            throw ConfigError.noSuchInstance(instance, directory: set.directory.path)
        }
        let entries = set.entries.filter { $0.config.type == type }
        if let instance { return entries.first { $0.config.instance == instance } }
        guard entries.count <= 1 else {
            let names = entries.map(\.config.instance).sorted().joined(separator: ", ")
            throw CLIError { catalog in
                catalog.text(
                    "several {type} instances ({names}); pick one with --instance", ["type": type, "names": names])
            }
        }
        return entries.first
    }
}

/// A provider kind with commands of its own (`weft habit`, `weft steps`): what they need to pick an instance.
protocol CommandKind: FileImportKind {
    /// The settings of a configured instance; the defaults for one without a provider file (nil).
    static func settings(of instance: FileImportInstance<Self>?) -> Settings
    /// What a missing snapshot of `instance` in `cache` is called, and how to make one.
    static func missingSnapshot(_ catalog: Catalog, instance: String, cache: String) -> String
}

/// Which instance of `Kind` a command works on, and its settings.
struct InstanceOptions<Kind: CommandKind>: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The \(Kind.type) instance (default: the only one configured, else \"\(Kind.type)\").", valueName: "name"),
        completion: Completions.instances(type: Kind.type))
    var instance: String?

    @OptionGroup var locations: LocationOptions

    /// The instance, its prefix and settings: from its provider file when there is one, else the defaults.
    func resolve() throws -> (instance: String, prefix: String, settings: Kind.Settings) {
        let chosen = try locations.configuredInstance(type: Kind.type, named: instance)
        guard let chosen, let provider = chosen.provider as? FileImportInstance<Kind> else {
            let name = instance ?? Kind.type
            return (name, Kind.defaultPrefix(instance: name), Kind.settings(of: nil))
        }
        return (chosen.config.instance, provider.prefix, Kind.settings(of: provider))
    }

    /// The instance's library, counting local days in its zone (else --tz, else $TZ), and its prefix.
    func library(clock: ClockOptions) throws -> (library: FileLibrary<Kind.Settings>, prefix: String) {
        let (instance, prefix, settings) = try resolve()
        return (FileLibrary(instance: instance, settings: settings, timeZone: try clock.zone()), prefix)
    }

    /// The instance's snapshot, or an error that says how to make one.
    func snapshot(_ instance: String) throws -> Kind.Payload {
        let workspace = locations.workspace
        let cache = workspace.locations.cacheDirectory
        let store = try workspace.openCache()
        guard let snapshot = try store.snapshot(instance) else {
            throw CLIError { catalog in Kind.missingSnapshot(catalog, instance: instance, cache: cache) }
        }
        return try snapshot.decode(Kind.Payload.self)
    }
}
