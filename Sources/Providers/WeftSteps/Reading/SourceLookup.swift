import Foundation

/// A batch's source index by the bytes that name it in a file, without building a String for a name seen before:
/// the one cache the CSV layouts and Apple Health's XML share.
struct SourceLookup {
    private var cache: [[UInt8]: Int] = [:]
    /// The names met most recently, newest last: an export interleaving a phone's and a watch's rows alternates
    /// between two names, which are then found by comparing bytes, without a hash or a key array per row.
    private var recent: [(bytes: [UInt8], index: Int)] = []
    private static let recentLimit = 8

    /// The index of the source named by `bytes`, adding it to `batch` on first sight with the name `name` makes of
    /// them and the device `device` gives.
    mutating func index(
        _ bytes: UnsafeBufferPointer<UInt8>, in batch: inout StepBatch, name: (UnsafeBufferPointer<UInt8>) -> String,
        device: () -> String
    ) -> Int {
        // Rows of one export mostly repeat one of the last few rows' sources: those are checked without building
        // anything; any other name is a hash lookup, so an export with thousands of sources stays linear.
        for slot in recent.indices.reversed() where recent[slot].bytes.count == bytes.count {
            let equal = recent[slot].bytes.withUnsafeBufferPointer { stored in
                guard let left = stored.baseAddress, let right = bytes.baseAddress else { return true }
                return memcmp(left, right, stored.count) == 0
            }
            if equal { return recent[slot].index }
        }
        let key = Array(bytes)
        let index: Int
        if let known = cache[key] {
            index = known
        } else {
            index = batch.source(named: name(bytes), device: device())
            cache[key] = index
        }
        if recent.count == Self.recentLimit { recent.removeFirst() }
        recent.append((key, index))
        return index
    }
}
