import Foundation
import WeftCore

/// Every configured provider made from its file, and the files that could not be used, with why.
public struct ProviderSet: Sendable {
    /// A provider ready to refresh.
    public struct Entry: Sendable {
        public let config: ProviderConfig
        public let provider: any Provider
    }

    /// The usable providers, sorted by instance id.
    public let entries: [Entry]
    /// Configuration errors, one per broken file, in file order.
    public let problems: [ConfigError]
    /// The directory read.
    public let directory: ProviderDirectory

    /// Loads the directory and makes every provider; only an unreadable directory throws.
    public init(path: String, registry: ProviderRegistry) throws(ConfigError) {
        let directory = try ProviderDirectory(path: path)
        var entries: [Entry] = []
        var problems = directory.problems
        var owners: [String: String] = [:]
        for config in directory.configs {
            do throws(ConfigError) {
                let provider = try registry.make(config)
                if let other = owners[provider.prefix] {
                    throw .duplicatePrefix(prefix: provider.prefix, files: [other, config.file])
                }
                owners[provider.prefix] = config.file
                entries.append(Entry(config: config, provider: provider))
            } catch {
                problems.append(error)
            }
        }
        self.entries = entries
        self.problems = problems
        self.directory = directory
    }
}
