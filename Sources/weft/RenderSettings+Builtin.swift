import WeftCommandLine
import WeftProviders
import WeftRender

extension RenderSettings {
    /// The session builder of this program: its settings, the provider kinds this build ships, the render path's
    /// environment.
    func builder() throws -> RenderSessionBuilder {
        try RenderSessionBuilder(
            settings: self, registry: BuiltinProviders.registry, environment: ReadOptions.environment)
    }

    /// Opens the cache read-only for one render session.
    func session() throws -> RenderSession { try builder().open() }
}
