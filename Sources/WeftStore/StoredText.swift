import WeftCore

/// The bounds on what a refresh records about itself (an attempt's error and warnings, a provider file's error): the
/// one owner of them, applied where the cache stores that text, for every provider. Whatever a hostile file makes a
/// provider say, `weft status`, the dashboard and every status line carry at most this much of it.
enum StoredText {
    /// The most characters of an error kept.
    static let longestError = 2_000
    /// The most characters of one warning kept.
    static let longestWarning = 500
    /// The most warning lines kept (after collapsing repeated ones); the rest are counted in a last line.
    static let mostWarnings = 50

    /// `text` cut to `limit` characters, saying how much was cut.
    static func capped(_ text: String, limit: Int = longestError) -> String {
        TextCap.capped(text, limit: limit)
    }

    /// Warnings with repeated ones collapsed (``ProviderHealth/collapsed(_:)``), each at most `longestWarning`
    /// characters, and at most `mostWarnings` lines: past the first lines the rest are counted by reason
    /// (`… and 103 more: skipped`, so a summary still counts them with their kind), and the reasons past those in one
    /// last line.
    static func warnings(_ warnings: [String]) -> [String] {
        let lines = ProviderHealth.collapsed(warnings).map { capped($0, limit: longestWarning) }
        guard lines.count > mostWarnings else { return lines }
        let shown = mostWarnings - 10
        var reasons: [String] = []
        var counts: [String: Int] = [:]
        for line in lines.dropFirst(shown) {
            let (_, reason, more) = ProviderHealth.parse(line)
            if counts[reason] == nil { reasons.append(reason) }
            counts[reason, default: 0] += more ?? 1
        }
        var result = Array(lines.prefix(shown))
        for reason in reasons.prefix(9) { result.append(WarningLine.more(counts[reason] ?? 0, reason: reason)) }
        let rest = reasons.dropFirst(9).reduce(0) { $0 + (counts[$1] ?? 0) }
        if rest > 0 { result.append(WarningLine.more(rest, reason: "further warnings, not kept")) }
        return result
    }
}
