import Foundation
import WeftPrimitives

/// Reads secrets named by a config (a file or an environment variable); the secret itself never appears in errors.
public enum ConfigSecrets {
    /// The trimmed contents of a file; `~` is the home directory and relative paths start at the config's folder.
    public static func file(_ config: ProviderConfig, _ key: String, path: String) throws(ConfigError) -> String {
        try file(config, path: path) { config.invalid(key, $0) }
    }

    /// `file(_:_:path:)` for a secret named inside a table (`sources[0].password_file`): `invalid` places the error.
    public static func file(
        _ config: ProviderConfig, path: String, invalid: (String) -> ConfigError
    ) throws(ConfigError) -> String {
        let resolved = config.path(path)
        let data: Data
        do throws(InputFile.Problem) {
            data = try InputFile.read(resolved, limit: 1 << 20)
        } catch {
            throw invalid("cannot read \(resolved): \(ErrorText.words(error))")
        }
        guard let text = String(data: data, encoding: .utf8) else { throw invalid("\(resolved) is not UTF-8 text") }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw invalid("\(resolved) is empty") }
        return trimmed
    }

    /// The trimmed value of an environment variable.
    public static func environment(_ config: ProviderConfig, _ key: String, name: String) throws(ConfigError) -> String
    {
        try environment(name: name) { config.invalid(key, $0) }
    }

    /// `environment(_:_:name:)` for a secret named inside a table: `invalid` places the error.
    public static func environment(name: String, invalid: (String) -> ConfigError) throws(ConfigError) -> String {
        let value = ProcessInfo.processInfo.environment[name]?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !value.isEmpty else { throw invalid("the environment variable \(name) is not set or empty") }
        return value
    }
}
