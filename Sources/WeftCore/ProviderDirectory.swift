import Foundation

/// The provider instances configured in a directory, one TOML file each.
public struct ProviderDirectory: Sendable {
    /// The directory read.
    public let path: String
    /// Every configuration, sorted by instance id.
    public let configs: [ProviderConfig]

    /// Reads every `*.toml` directly in `path` (a missing directory has no providers).
    public init(path: String) throws(ConfigError) {
        self.path = path
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
                throw .unreadable(file: path, reason: (error as NSError).localizedDescription)
            }
            names = []
        }
        var configs: [ProviderConfig] = []
        for name in names.sorted() where name.hasSuffix(".toml") && !name.hasPrefix(".") {
            configs.append(try ProviderConfig(contentsOf: path + "/" + name))
        }
        self.configs = configs
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
