import WeftCore

/// Where one run of a weft program finds its data, settled once: the cache and provider directories from the flags,
/// the environment and the defaults (``WeftLocations``), with a database at the old default moved to the new one
/// first (``LegacyDatabase``). The CLI, the live loop and the server open the cache through it, so none settles the
/// places its own way.
public struct Workspace: Sendable, Equatable {
    /// The directories.
    public let locations: WeftLocations
    /// The line to tell the user when the database was moved (or could not be), else nil.
    public let notice: String?

    /// Resolves the locations and moves an old database: call it once per program run.
    public init(cache: String?, providers: String?, environment: [String: String]) {
        let settled = LegacyDatabase.adopt(
            WeftLocations.resolve(cache: cache, providers: providers, environment: environment))
        locations = settled.locations
        notice = settled.message
    }

    /// A workspace at locations already settled (by a caller that resolved them, or a test).
    public init(locations: WeftLocations) {
        self.locations = locations
        notice = nil
    }

    /// The cache, opened read-only.
    public func openCache() throws(StoreError) -> CacheStore {
        try CacheStore.openForReading(directory: locations.cacheDirectory)
    }
}
