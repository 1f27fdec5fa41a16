import Foundation

/// How long ago (or for how long) something happened, as `weft status`, `weft explain` and the dashboard print it:
/// `42 s`, `5 min`, `2 h 3 min` (under two days), `4 days`. Each unit is rounded down, so an age never reads older
/// than it is; a negative span (a clock that went back) reads `0 s`.
public enum AgeText {
    /// The text for a span of whole seconds.
    public static func format(_ seconds: Int) -> String {
        switch seconds {
        case ..<60: "\(max(seconds, 0)) s"
        case ..<3600: "\(seconds / 60) min"
        case ..<172_800: "\(seconds / 3600) h \(seconds % 3600 / 60) min"
        default: "\(seconds / 86400) days"
        }
    }

    /// The same text in `catalog`'s language: the units are the same symbols everywhere, the days are a word.
    public static func format(_ seconds: Int, in catalog: Catalog) -> String {
        guard seconds >= 172_800 else { return format(seconds) }
        let days = seconds / 86400
        return catalog.plural("{count} day", "{count} days", count: days, ["count": "\(days)"])
    }
}
