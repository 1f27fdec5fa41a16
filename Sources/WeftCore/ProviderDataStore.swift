import Foundation

/// The user's own records a provider builds on (imported samples, habit completions), kept in the database beside
/// the snapshots. The snapshot stays what renders read; these are what the next refresh builds on.
///
/// Providers only read them: what they change goes back in ``RefreshOutcome/records`` and is written with the
/// snapshot in one transaction, so a refresh killed midway never leaves new records under an old snapshot.
public protocol ProviderDataStore: Sendable {
    /// Every one of the user's own records of `kind` (see ``UserRecordChange``), whichever instance wrote them.
    func userRecords(kind: String) throws -> [String: Data]

    /// The records of `kind` whose key `wanted` accepts, one at a time in key order: a store reads only their values
    /// and holds one at a time.
    func forEachUserRecord(
        kind: String, where wanted: (String) -> Bool, body: (String, Data) throws -> Void
    ) throws
}

extension ProviderDataStore {
    /// By default, ``userRecords(kind:)`` filtered.
    public func forEachUserRecord(
        kind: String, where wanted: (String) -> Bool, body: (String, Data) throws -> Void
    ) throws {
        let records = try userRecords(kind: kind)
        for key in records.keys.sorted() where wanted(key) {
            if let value = records[key] { try body(key, value) }
        }
    }
}
