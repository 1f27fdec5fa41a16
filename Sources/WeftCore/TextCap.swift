/// The one cut of stored text to a length: what a refresh records about itself and what a provider keeps of a
/// server's free text (an alert's description) both go through it.
public enum TextCap {
    /// `text` cut to `limit` characters, saying how much was cut.
    public static func capped(_ text: String, limit: Int) -> String {
        // Counted in UTF-8 first: most texts are short, and counting characters of megabytes is slow.
        guard text.utf8.count > limit, text.count > limit else { return text }
        let total = text.count
        return String(text.prefix(limit)) + "… (\(total - limit) more characters cut)"
    }
}
