/// The one limit on how deeply data read from outside may nest: JSON step exports, weather responses, command
/// output and `--vars` files are checked against it here (before Foundation's parser, which stops at 512, or weft's
/// own pull parser), and toml++ stops provider and bar files at the same depth (its `TOML_MAX_NESTED_VALUES`).
/// Far beyond any real document, far below what overflows a thread's stack: a small hostile file gets an error
/// naming it, not a crash.
public enum NestingLimit {
    /// The deepest nesting of objects and arrays weft reads.
    public static let limit = 256

    /// The first depth past `limit` that `bytes` reaches (strings skipped), or nil when they stay within it.
    public static func excess<Bytes: Sequence>(in bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        scan(bytes).excess
    }

    /// True when `bytes` end inside a string or with objects or arrays still open (a cut-off document), or nest
    /// past the limit.
    public static func endsOpen<Bytes: Sequence>(_ bytes: Bytes) -> Bool where Bytes.Element == UInt8 {
        let result = scan(bytes)
        return result.excess != nil || result.open
    }

    /// One pass over a document's brackets, stopping at the first depth past `limit`.
    private static func scan<Bytes: Sequence>(_ bytes: Bytes) -> (excess: Int?, open: Bool)
    where Bytes.Element == UInt8 {
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
                if depth > limit { return (depth, true) }
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return (nil, inString || depth > 0)
    }

    /// The sentence an error gives for a document nested past the limit.
    public static let reason = "nested more than \(limit) levels deep (objects or arrays inside each other)"
}
