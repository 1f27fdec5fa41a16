import Foundation
import WeftRefresh

/// A command provider's card (and any kind without a card of its own): its variables as a short key/value list.
struct KeyValueCard {
    var status: ProviderStatus
    /// The instance's variables without their prefix.
    var values: [String: String]
    var now: Date

    /// The bookkeeping keys every provider gets; the frame already shows what they say.
    static let bookkeeping: Set<String> = ["updated_iso", "age_min", "stale", "error"]

    func html() -> String {
        let frame = CardFrame(kind: "command", title: status.instance, status: status, now: now)
        let keys = values.keys.filter { !Self.bookkeeping.contains($0) }.sorted()
        guard !keys.isEmpty else { return frame.html("<p class=\"muted\">No values.</p>\n") }
        var body = "<dl class=\"kv\">"
        for key in keys {
            body += "<div><dt>\(HTML.escape(key))</dt><dd>\(HTML.escape(values[key] ?? ""))</dd></div>"
        }
        return frame.html(body + "</dl>\n")
    }
}
