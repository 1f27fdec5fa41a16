import Foundation
import WeftPrimitives

extension ProviderConfig {
    /// A path written in this provider file: `~` is `$HOME`, and a relative path is relative to the file's
    /// directory, so the file means the same wherever weft is run from.
    public func path(_ raw: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        PathExpansion.expand(raw, relativeTo: PathExpansion.directory(of: file), environment: environment)
    }
}
