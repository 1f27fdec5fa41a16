import Foundation

/// Data a provider keeps in the cache besides its snapshot (imported samples, habit completions), as named blobs
/// per instance. The snapshot stays what renders read; this is what the next refresh builds on.
///
/// Providers only read it: what they change goes back in ``RefreshOutcome/data`` and is written with the snapshot
/// in one transaction, so a refresh killed midway never leaves new data under an old snapshot.
public protocol ProviderDataStore: Sendable {
    /// Every blob of `instance` whose name starts with `prefix`.
    func providerData(instance: String, prefix: String) throws -> [String: Data]
    /// Every one of the user's own records of `kind` (see ``UserRecordChange``), whichever instance wrote them.
    func userRecords(kind: String) throws -> [String: Data]
}
