import Foundation

/// Variable-key canonicalisation shared by templates, stored variables and built-ins.
public enum TemplateKey {
    /// The longest canonical key, in characters.
    static let maximumLength = 64

    /// trimmed, lower-cased, white-space runs collapsed to one space, cut to 64 characters, trimmed again.
    public static func canonical(_ raw: String) -> String {
        // Character.isWhitespace is Foundation's whitespacesAndNewlines, without the NSString bridge that
        // `trimmingCharacters` costs every `weft get`.
        var out = ""
        var count = 0
        var spaceBefore = false
        for character in raw.lowercased() {
            if character.isWhitespace {
                spaceBefore = !out.isEmpty
                continue
            }
            if spaceBefore {
                // A run of whitespace is one space, and the cut never ends on it.
                guard count + 1 < maximumLength else { break }
                out.append(" ")
                count += 1
                spaceBefore = false
            }
            guard count < maximumLength else { break }
            out.append(character)
            count += 1
        }
        return out
    }
}
