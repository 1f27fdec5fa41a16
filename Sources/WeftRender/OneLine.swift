/// Text for a place that shows one line (a bar's text, a line of `weft calendar next`).
///
/// A multi-line LOCATION or SUMMARY (an address over three lines), or a template with line breaks, would break such
/// a line or push the rest off it; tooltips and agendas, which have lines, keep the text as it is.
public enum OneLine {
    /// `text`'s lines, each trimmed, blank ones dropped, joined by ` · `; `text` itself when it has one line.
    public static func flatten(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: " \t") }
            .filter { !$0.isEmpty }
            .joined(separator: " · ")
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
