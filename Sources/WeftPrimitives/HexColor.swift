/// A colour as status bars write it: `#rrggbb`, or `#rrggbbaa` with alpha (i3bar, swaybar, Waybar).
public enum HexColor {
    /// Whether `text` is `#` and six or eight hexadecimal digits.
    public static func isValid(_ text: String) -> Bool {
        let digits = text.utf8.dropFirst()
        return text.utf8.first == UInt8(ascii: "#") && (digits.count == 6 || digits.count == 8)
            && digits.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 | 0x20 >= 97 && $0 | 0x20 <= 102) }
    }

    /// What a colour must look like, for a message about one that does not.
    public static let expected = "a colour #rrggbb or #rrggbbaa"
}
