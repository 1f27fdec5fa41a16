import Foundation

/// The provider instances configured in a directory, one TOML file each.
public struct ProviderDirectory: Sendable {
    /// The directory read.
    public let path: String
    /// Every configuration that parsed, sorted by instance id.
    public let configs: [ProviderConfig]
    /// The files that did not parse, with why.
    public let problems: [ConfigError]
    /// Whether the directory exists; a missing one has no providers, and nothing may be forgotten for it.
    public let exists: Bool

    /// Reads every `*.toml` directly in `path` (a missing directory has no providers); a broken file is kept
    /// in `problems` so the others can still be listed.
    public init(path: String) throws(ConfigError) {
        self.path = path
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
            exists = true
        } catch {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
                throw .unreadable(file: path, reason: (error as NSError).localizedDescription)
            }
            names = []
            exists = false
        }
        var configs: [ProviderConfig] = []
        var problems: [ConfigError] = []
        for name in names.sorted() where name.hasSuffix(".toml") && !name.hasPrefix(".") {
            do {
                configs.append(try ProviderConfig(contentsOf: path + "/" + name))
            } catch {
                problems.append(error)
            }
        }
        self.configs = configs
        self.problems = problems
    }

    /// The configs named in `instances` (all when empty), failing on a name that has no file.
    public func select(_ instances: [String]) throws(ConfigError) -> [ProviderConfig] {
        guard !instances.isEmpty else { return configs }
        var chosen: [ProviderConfig] = []
        for name in instances {
            guard let config = configs.first(where: { $0.instance == name }) else {
                throw .noSuchInstance(name, directory: path)
            }
            chosen.append(config)
        }
        return chosen
    }
}
