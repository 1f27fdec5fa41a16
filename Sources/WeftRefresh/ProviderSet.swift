import Foundation
import WeftCore
import WeftStore

/// Every provider file in the providers directory: the providers made from the valid ones, and the files that
/// cannot be used, with why and with what is known of them.
///
/// `weft check`, `weft refresh`, `weft status` and the server all read the directory through this one type, so
/// they agree on what is valid.
public struct ProviderSet: Sendable {
    /// A provider ready to refresh.
    public struct Entry: Sendable {
        /// Its parsed file.
        public let config: ProviderConfig
        /// The provider made from it.
        public let provider: any Provider
    }

    /// A provider file that cannot be used.
    public struct Problem: Sendable, CustomStringConvertible {
        /// What is wrong, naming the file and line: the first of `errors`.
        public var error: ConfigError { errors[0] }
        /// Every problem found in the file, in the order found (never empty).
        public let errors: [ConfigError]
        /// The instance the file is for, when its name is a valid instance id.
        public let instance: String?
        /// The file's path.
        public let file: String?
        /// The file's provider type, when it parsed far enough to tell.
        public let type: String?
        /// The prefix its variables would carry, when it can be told (the file's `prefix`, else its type's default).
        public let prefix: String?

        public var description: String { error.description }
    }

    /// The usable providers, sorted by instance id.
    public let entries: [Entry]
    /// One problem per unusable file, in file order.
    public let problems: [Problem]
    /// The directory read.
    public let directory: ProviderDirectory
    /// The provider kinds the set was made with (they also turn stored snapshots into variables).
    public let registry: ProviderRegistry

    /// Loads the directory and makes every provider; only an unreadable directory throws.
    ///
    /// Two files with one prefix cannot both be used: the one that owns the prefix in the cache now (`owners`:
    /// prefix → instance) keeps it, else the first by name, and the other gets the error, so fixing a conflict
    /// never leaves the error on the file that did nothing wrong.
    public init(path: String, registry: ProviderRegistry, owners: [String: String] = [:]) throws(ConfigError) {
        self.registry = registry
        let directory = try ProviderDirectory(path: path)
        var made: [Entry] = []
        var problems = directory.problems.map {
            Problem(errors: [$0], instance: $0.instance, file: $0.file, type: nil, prefix: nil)
        }
        for config in directory.configs {
            do throws(ConfigError) {
                made.append(Entry(config: config, provider: try registry.make(config)))
            } catch {
                problems.append(
                    Problem(
                        errors: Self.problems(of: config, first: error, registry: registry), instance: config.instance,
                        file: config.file, type: config.type, prefix: Self.prefix(of: config, registry: registry)))
            }
        }
        var entries: [Entry] = []
        for (prefix, group) in Dictionary(grouping: made, by: \.provider.prefix) {
            let owner =
                group.first { $0.config.instance == owners[prefix] }
                ?? group.min { $0.config.instance < $1.config.instance }
            for entry in group {
                guard let owner, entry.config.instance != owner.config.instance else {
                    entries.append(entry)
                    continue
                }
                problems.append(
                    Problem(
                        errors: [
                            .duplicatePrefix(
                                prefix: prefix, files: [owner.config.file, entry.config.file],
                                lines: [owner, entry].map { $0.config.line(of: "prefix") ?? $0.config.line(of: "type") }
                            )
                        ],
                        instance: entry.config.instance, file: entry.config.file, type: entry.config.type,
                        prefix: nil))
            }
        }
        self.entries = entries.sorted { $0.config.instance < $1.config.instance }
        self.problems = problems.sorted { ($0.file ?? "") < ($1.file ?? "") }
        self.directory = directory
    }

    /// Every instance that has a file, valid or not.
    public var instances: Set<String> {
        Set(entries.map(\.config.instance)).union(problems.compactMap(\.instance))
    }

    /// The entries and problems of the instances named (all when empty), failing on a name that has no file.
    func select(_ names: [String]) throws(ConfigError) -> (entries: [Entry], problems: [Problem]) {
        guard !names.isEmpty else { return (entries, problems) }
        for name in names where !instances.contains(name) {
            throw .noSuchInstance(name, directory: directory.path)
        }
        return (
            entries.filter { names.contains($0.config.instance) },
            problems.filter { $0.instance.map(names.contains) ?? false }
        )
    }

    /// Every problem `registry.make` finds in `config`, `first` first: after a problem about a key, the file is made
    /// again without that key, so a second typo or a wrong value further down is said now, not after the first is
    /// fixed; once it is made, its preflight runs too. It stops where leaving a key out would only say the key is
    /// missing.
    private static func problems(of config: ProviderConfig, first: ConfigError, registry: ProviderRegistry)
        -> [ConfigError]
    {
        var errors = [first]
        var current = config
        var removed: Set<String> = []
        // A key such as `sources[0].password_env` is left out as the whole `sources`.
        while errors.count < 50, let key = errors.last?.key?.prefix(while: { $0 != "[" && $0 != "." }),
            removed.insert(String(key)).inserted
        {
            current = current.removing(String(key))
            do throws(ConfigError) {
                // Made without the keys at fault: what it names (files, programs) is checked as a usable file's is.
                errors += try registry.make(current).preflight(current).filter { !errors.contains($0) }
                break
            } catch {
                if case .missingKey(_, let missing, _) = error, removed.contains(missing) { break }
                if errors.contains(error) { break }
                errors.append(error)
            }
        }
        return errors
    }

    /// The prefix a file that failed to make a provider would use: its own `prefix` when usable, else its type's.
    private static func prefix(of config: ProviderConfig, registry: ProviderRegistry) -> String? {
        if case .string(let prefix)? = config.values["prefix"] {
            return prefix.hasPrefix("__") && prefix == prefix.lowercased() ? prefix : nil
        }
        return registry.kind(config.type)?.defaultPrefix(instance: config.instance)
    }
}

extension ProviderSet {
    /// Loads the directory the way a refresh does, with the cache's current prefix owners deciding conflicts.
    public init(path: String, registry: ProviderRegistry, cache store: CacheStore) throws {
        try self.init(path: path, registry: registry, owners: Refresher.owners(try store.snapshotInfos()))
    }
}
