import Foundation
import WeftPrimitives

extension ProviderConfig {
    /// The directory of this provider file, the base of relative paths written in it.
    public var directory: String { PathExpansion.directory(of: file) }

    /// A path written in this provider file: `~` is `$HOME`, and a relative path is relative to the file's
    /// directory, so the file means the same wherever weft is run from.
    public func path(_ raw: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        PathExpansion.expand(raw, relativeTo: directory, environment: environment)
    }
}
