import Foundation

/// A zone's UTC offsets as a table of its transitions, so offset lookups on the hot path are a binary search
/// instead of a trip through ICU (Foundation's `secondsFromGMT(for:)` builds an ICU calendar on every call).
///
/// The table covers 1970–2070; instants outside it ask Foundation directly.
final class OffsetTable: Sendable {
    let timeZone: TimeZone
    /// The covered range of instants.
    let start: Int64
    let end: Int64
    /// Instants at which the offset changes, ascending.
    private let transitions: [Int64]
    /// `offsets[0]` holds from `start`; `offsets[i]` from `transitions[i - 1]`.
    private let offsets: [Int64]

    init(timeZone: TimeZone, start: Int64 = 0, end: Int64 = 3_155_760_000) {
        self.timeZone = timeZone
        self.start = start
        self.end = end
        var transitions: [Int64] = []
        var offsets = [Self.foundationOffset(timeZone, at: start)]
        var cursor = Date(timeIntervalSince1970: TimeInterval(start))
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next > cursor {
            let instant = Int64(next.timeIntervalSince1970.rounded(.down))
            guard instant < end else { break }
            let offset = Self.foundationOffset(timeZone, at: instant)
            if offset != offsets.last {
                transitions.append(instant)
                offsets.append(offset)
            }
            cursor = next
        }
        self.transitions = transitions
        self.offsets = offsets
    }

    /// The UTC offset in seconds at an instant.
    func offset(at instant: Int64) -> Int64 {
        guard instant >= start, instant < end else { return Self.foundationOffset(timeZone, at: instant) }
        // The number of transitions at or before `instant` is the index of its offset.
        var low = 0
        var high = transitions.count
        while low < high {
            let middle = (low + high) / 2
            if transitions[middle] <= instant { low = middle + 1 } else { high = middle }
        }
        return offsets[low]
    }

    private static func foundationOffset(_ zone: TimeZone, at instant: Int64) -> Int64 {
        Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
    }
}
