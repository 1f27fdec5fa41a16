import Foundation
import WeftCommandLine
import WeftRender
import WeftTemplate

extension RenderSessionBuilder {
    /// The template lint over `session`, knowing the prefixes of the configured providers and of the kinds that
    /// need no file (alarms, timers): what `weft check`, `weft bar --check` and `weft resolve --strict` use.
    func lint(_ session: RenderSession) throws -> TemplateLint {
        let (_, set) = try workspace.openWithProviders(registry: registry)
        let fileless = registry.types.compactMap { type in
            registry.kind(type).flatMap { $0.needsNoFile ? $0.defaultPrefix(instance: type) : nil }
        }
        return session.lint(configuredPrefixes: set.entries.map(\.provider.prefix) + fileless)
    }
}

extension RenderSettings {
    /// The template lint of this program over the cache and providers these settings name.
    func templateLint() throws -> TemplateLint {
        let builder = try builder()
        return try builder.lint(try builder.open())
    }
}
