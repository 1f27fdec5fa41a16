import WeftCore
import WeftStore

extension Workspace {
    /// The cache opened read-only beside the provider files read as a refresh reads them (the cache's prefix owners
    /// decide conflicts): what `weft status`, `check` and `explain` and the server show. An unreadable cache or
    /// providers directory throws (a missing directory has no providers).
    public func openWithProviders(registry: ProviderRegistry) throws -> (store: CacheStore, set: ProviderSet) {
        let store = try openCache()
        return (store, try ProviderSet(path: locations.providersDirectory, registry: registry, cache: store))
    }
}
