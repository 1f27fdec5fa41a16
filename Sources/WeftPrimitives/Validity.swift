import Foundation

/// The one stale rule: data is fresh strictly before its `validUntil` and stale from that instant on, so a
/// variable's `stale`, a provider's health and "is it due" agree at the boundary second.
public enum Validity {
    /// Whether data valid until `validUntil` is stale at `now`.
    public static func isStale(until validUntil: Date, at now: Date) -> Bool { now >= validUntil }

    /// The validity of data that does not age, only changes (an import of local files): the latest instant weft
    /// writes. Its provider is due when its files change.
    public static let untilChanged = Date(timeIntervalSince1970: TimeInterval(Instant.latestSeconds))
}
