import Foundation

/// A batch's source index by the bytes that name it in a file, without building a String for a name seen before:
/// the one cache the CSV layouts and Apple Health's XML share.
struct SourceLookup {
    private var cache: [[UInt8]: Int] = [:]
    private var last: (bytes: [UInt8], index: Int)?

    /// The index of the source named by `bytes`, adding it to `batch` on first sight with the name `name` makes of
    /// them and the device `device` gives.
    mutating func index(
        _ bytes: UnsafeBufferPointer<UInt8>, in batch: inout StepBatch, name: (UnsafeBufferPointer<UInt8>) -> String,
        device: () -> String
    ) -> Int {
        // Rows of one export mostly repeat the previous row's source: that is checked without building anything;
        // any other name is a hash lookup, so an export with thousands of sources stays linear.
        if let last, last.bytes.count == bytes.count {
            let equal = last.bytes.withUnsafeBufferPointer { stored in
                guard let left = stored.baseAddress, let right = bytes.baseAddress else { return true }
                return memcmp(left, right, stored.count) == 0
            }
            if equal { return last.index }
        }
        let key = Array(bytes)
        if let index = cache[key] {
            last = (key, index)
            return index
        }
        let index = batch.source(named: name(bytes), device: device())
        cache[key] = index
        last = (key, index)
        return index
    }
}
