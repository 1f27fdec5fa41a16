/// The bar's stdin cut into lines: only the bytes read since the last call are searched for a newline, and a line
/// longer than ``longestLine`` is dropped (up to its newline) instead of being kept, so a click line without an end
/// costs neither time that grows with it nor memory.
public struct BarInput: Sendable {
    /// The longest click line kept, in bytes; i3bar's and swaybar's are a few hundred.
    public static let longestLine = 16 * 1024

    private var pending: [UInt8] = []
    /// Inside a line already found too long: its bytes are dropped up to its newline.
    private var dropping = false

    /// Nothing read yet.
    public init() {}

    /// The whole lines that `bytes` completes, and how many over-long lines began being dropped.
    public mutating func append(_ bytes: ArraySlice<UInt8>) -> (lines: [String], dropped: Int) {
        var lines: [String] = []
        var dropped = 0
        var start = bytes.startIndex
        while start < bytes.endIndex {
            guard let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            if dropping {
                dropping = false
            } else if pending.count + (newline - start) > Self.longestLine {
                dropped += 1
            } else {
                pending += bytes[start..<newline]
                lines.append(String(decoding: pending, as: UTF8.self))
            }
            pending.removeAll(keepingCapacity: pending.count <= Self.longestLine)
            start = newline + 1
        }
        let rest = bytes[start...]
        if !dropping, !rest.isEmpty {
            if pending.count + rest.count > Self.longestLine {
                dropping = true
                dropped += 1
                pending = []
            } else {
                pending += rest
            }
        }
        return (lines, dropped)
    }
}
