import Foundation

extension FilePatterns {
    /// For `weft check`: each pattern of the array `key` that matches no file, and each matched file that cannot be
    /// read, placed on the pattern's own line.
    public static func preflight(_ patterns: [String], key: String, config: ProviderConfig) -> [ConfigError] {
        var problems: [ConfigError] = []
        for (index, pattern) in patterns.enumerated() {
            let (files, unmatched) = expand([pattern])
            if !unmatched.isEmpty {
                problems.append(config.invalid(key, element: index, "no file matches \"\(pattern)\""))
            }
            for file in files where !FileManager.default.isReadableFile(atPath: file) {
                problems.append(config.invalid(key, element: index, "cannot read \(file)"))
            }
        }
        return problems
    }
}
