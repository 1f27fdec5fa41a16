/// The one sanitizer for text from outside (calendar titles, command output, response excerpts, export fields)
/// that is shown to a person: a terminal acts on control characters (ESC starts CSI and OSC sequences that set the
/// window title, clear the screen or write the clipboard; C1 bytes do the same in one character), so they are
/// replaced by U+FFFD, visible and one column wide. Machine formats (JSON, env lines) keep the data, escaped by
/// their format.
public enum TerminalText {
    /// Whether a terminal may act on `scalar`: C0 controls, DEL and C1 controls, line and paragraph separators,
    /// and bidirectional overrides that reorder what is shown.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` with every unsafe character but `\n` and `\t` replaced by U+FFFD.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isUnsafe(scalar) && scalar != "\n" && scalar != "\t" ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }
}
