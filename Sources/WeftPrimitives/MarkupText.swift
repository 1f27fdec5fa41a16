/// The markup languages weft writes text into, and the one way a value is escaped for each: what the `escape`
/// filter, `--markup` rendering and a status bar's fields use.
public enum MarkupText: String, Sendable, CaseIterable {
    /// Pango markup (Waybar's text and tooltip, a swaybar/i3bar block with `markup = pango`).
    case pango
    /// HTML text or a quoted attribute value.
    case html

    /// `text` with the characters this markup gives meaning to written as entities, so it shows as it reads:
    /// `&`, `<` and `>` in both (a calendar title such as "R&D <sync>"), and the quotes too in HTML.
    public func escaped(_ text: String) -> String {
        let special: (Character) -> Bool =
            switch self {
            case .pango: { $0 == "&" || $0 == "<" || $0 == ">" }
            case .html: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "'" }
            }
        guard text.contains(where: special) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text {
            guard special(character) else {
                escaped.append(character)
                continue
            }
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped += "&#39;"
            }
        }
        return escaped
    }
}
