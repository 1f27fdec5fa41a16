/// The one limit on how deeply JSON read from outside may nest (step exports, weather responses, command output,
/// `--vars` files, habit archives): far beyond any real document, far below what overflows a thread's stack, so
/// a small hostile file gets an error instead of a crash.
public enum JSONNesting {
    /// The deepest nesting of objects and arrays weft reads (Foundation's own parser stops at the same depth).
    public static let limit = 512

    /// The first depth past `limit` that `bytes` reaches (strings skipped), or nil when they stay within it.
    public static func excess<Bytes: Sequence>(in bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        var depth = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > limit { return depth }
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return nil
    }

    /// The sentence an error gives for a document nested past the limit.
    public static let reason = "nested more than \(limit) levels deep (objects or arrays inside each other)"
}
