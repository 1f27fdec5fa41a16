import Foundation

/// Data a provider keeps in the cache besides its snapshot (the steps provider's imported samples), as named blobs
/// per instance. The snapshot stays what renders read; this is what the next refresh builds on.
public protocol ProviderDataStore: Sendable {
    /// Every blob of `instance` whose name starts with `prefix`.
    func providerData(instance: String, prefix: String) throws -> [String: Data]
    /// Sets and removes blobs of `instance` in one transaction.
    func updateProviderData(instance: String, set: [String: Data], remove: [String]) throws
}
