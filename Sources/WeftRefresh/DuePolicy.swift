import Foundation
import WeftStore

/// When a provider should refresh next: when its snapshot expires, but never before a source's Retry-After.
enum DuePolicy {
    /// The earliest time the next refresh may run; nil means it is due now (no snapshot yet, or the
    /// provider's file changed after the snapshot was taken). An expired snapshot gives a past date.
    static func nextDue(snapshot: SnapshotInfo?, lastAttempt: RefreshAttempt?, configModified: Date? = nil)
        -> Date?
    {
        let notBefore = lastAttempt?.outcome == .failed ? lastAttempt?.retryAfter : nil
        guard let snapshot, configModified.map({ $0 <= snapshot.fetchedAt }) ?? true else { return notBefore }
        return max(snapshot.validUntil, notBefore ?? .distantPast)
    }

    /// The time after which a failed source must not be asked again, if it set one.
    static func retryAfter(_ lastAttempt: RefreshAttempt?, now: Date) -> Date? {
        guard lastAttempt?.outcome == .failed, let retry = lastAttempt?.retryAfter, retry > now else { return nil }
        return retry
    }
}
