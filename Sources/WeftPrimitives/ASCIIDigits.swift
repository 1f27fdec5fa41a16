/// Decimal digits in UTF-8 bytes, as the fixed-width fields of dates and times (`2026-12-24`, `20261224T070000Z`)
/// are read.
public enum ASCIIDigits {
    /// The number `bytes` spell when every one is a digit `0`–`9` (0 for none), else nil; at most 18 digits, so it
    /// cannot overflow.
    @inlinable
    public static func value(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard bytes.count <= 18 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
