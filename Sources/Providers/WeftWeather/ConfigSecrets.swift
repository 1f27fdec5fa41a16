import Foundation
import WeftCore

/// Reads secrets named by a config (a file or an environment variable); the secret itself never appears in errors.
enum ConfigSecrets {
    /// The trimmed contents of a file; `~` is the home directory and relative paths start at the config's folder.
    static func file(_ config: ProviderConfig, _ key: String, path: String) throws(ConfigError) -> String {
        let resolved = config.path(path)
        let text: String
        do {
            text = try String(contentsOfFile: resolved, encoding: .utf8)
        } catch {
            throw config.invalid(key, "cannot read \(resolved): \((error as NSError).localizedDescription)")
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw config.invalid(key, "\(resolved) is empty") }
        return trimmed
    }

    /// The trimmed value of an environment variable.
    static func environment(_ config: ProviderConfig, _ key: String, name: String) throws(ConfigError) -> String {
        let value = ProcessInfo.processInfo.environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !value.isEmpty else { throw config.invalid(key, "the environment variable \(name) is not set or empty") }
        return value
    }
}
