import Foundation
import WeftStore

/// When a provider should refresh next: when its snapshot expires, but never before a source's Retry-After for the
/// same request.
enum DuePolicy {
    /// When the snapshot's data expires; nil means it is due now (no snapshot yet, or the provider's file changed
    /// after the snapshot was taken). An expired snapshot gives a past date. A Retry-After is `retryAfter`'s.
    static func nextDue(snapshot: SnapshotInfo?, configModified: Date? = nil) -> Date? {
        guard let snapshot, configModified.map({ $0 <= snapshot.fetchedAt }) ?? true else { return nil }
        return snapshot.validUntil
    }

    /// Until when a failed source must not be asked again, if it said so (Retry-After) and it is the same request:
    /// a Retry-After belongs to the settings that got it, so a fixed URL (or any changed setting, `fingerprint`)
    /// runs at once. `--force` does not override it: the server asked this very request to wait. An attempt stored
    /// without a fingerprint (by an older weft) holds until it ends.
    static func retryAfter(_ lastAttempt: RefreshAttempt?, fingerprint: String?, now: Date) -> Date? {
        guard let attempt = lastAttempt, attempt.outcome == .failed, let retry = attempt.retryAfter, retry > now
        else { return nil }
        if let asked = attempt.fingerprint, let fingerprint, asked != fingerprint { return nil }
        return retry
    }
}
