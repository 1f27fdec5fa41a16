import Foundation
import WeftRefresh

/// A command provider's card (and any kind without a card of its own): its variables as a short key/value list.
struct KeyValueCard {
    var status: ProviderStatus
    /// The instance's variables without their prefix.
    var values: [String: String]
    var card: CardContext

    /// The bookkeeping keys every provider gets; the frame already shows what they say.
    static let bookkeeping: Set<String> = ["updated_iso", "age_min", "stale", "error"]

    /// What the `key-value` template reads.
    private struct View {
        var rows: [CardEntry]
        var list: Bool
    }

    func html() -> String {
        let frame = card.frame("command", title: status.instance, status: status)
        let rows = values.filter { !Self.bookkeeping.contains($0.key) }.sorted { $0.key < $1.key }
            .map { CardEntry(key: $0.key, value: $0.value) }
        return frame.html(DashboardTemplates.render(.keyValue, View(rows: rows, list: !rows.isEmpty)))
    }
}
