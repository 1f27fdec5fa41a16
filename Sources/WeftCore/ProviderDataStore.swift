import Foundation

/// The user's own records a provider builds on (imported samples, habit completions), kept in the database beside
/// the snapshots. The snapshot stays what renders read; these are what the next refresh builds on.
///
/// Providers only read them: what they change goes back in ``RefreshOutcome/records`` and is written with the
/// snapshot in one transaction, so a refresh killed midway never leaves new records under an old snapshot.
public protocol ProviderDataStore: Sendable {
    /// Every one of the user's own records of `kind` (see ``UserRecordChange``), whichever instance wrote them.
    func userRecords(kind: String) throws -> [String: Data]
}
