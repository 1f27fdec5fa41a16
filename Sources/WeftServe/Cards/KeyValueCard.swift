import Foundation
import WeftRefresh

/// A command provider's card (and any kind without a card of its own): its variables as a short key/value list.
struct KeyValueCard {
    var status: ProviderStatus
    /// The instance's variables without their prefix.
    var values: [String: String]
    /// What the provider file calls the values and their units (`[labels]`, `[units]`), by key.
    var labels: [String: String] = [:]
    var units: [String: String] = [:]
    var card: CardContext

    /// The bookkeeping keys every provider gets; the frame already shows what they say.
    static let bookkeeping: Set<String> = ["updated_iso", "age_min", "stale", "error"]

    /// What the `key-value` template reads.
    private struct View {
        struct Row {
            var key: String
            var value: String
            /// Written after the value with a no-break space, the two kept on one line.
            var unit: String?
        }
        var rows: [Row]
        var list: Bool
        /// What the card says with no value.
        var empty: String
    }

    func html() -> String {
        let frame = card.frame("command", title: status.instance, status: status)
        let rows = values.filter { !Self.bookkeeping.contains($0.key) }.sorted { $0.key < $1.key }
            .map { View.Row(key: labels[$0.key] ?? $0.key, value: $0.value, unit: units[$0.key].flatMap(nonEmpty)) }
        return frame.html(
            DashboardTemplates.render(
                .keyValue, View(rows: rows, list: !rows.isEmpty, empty: card.catalog.text("No values."))))
    }

    private func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
