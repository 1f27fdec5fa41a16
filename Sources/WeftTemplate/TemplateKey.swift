import Foundation

/// Variable-key canonicalisation shared by templates, stored variables and built-ins.
public enum TemplateKey {
    /// The longest canonical key, in characters.
    static let maximumLength = 64

    /// trimmed, lower-cased, white-space runs collapsed to one space, cut to 64 characters, trimmed again.
    public static func canonical(_ raw: String) -> String {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return "" }
        var out = ""
        var count = 0
        var lastWasSpace = false
        for character in trimmed.lowercased() {
            if count == maximumLength { break }
            if character.isWhitespace {
                if lastWasSpace { continue }
                out.append(" ")
                lastWasSpace = true
            } else {
                out.append(character)
                lastWasSpace = false
            }
            count += 1
        }
        // The cut can end on the collapsed space.
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
