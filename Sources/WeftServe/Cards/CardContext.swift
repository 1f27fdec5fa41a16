import Foundation
import WeftPrimitives
import WeftRefresh

/// What every card of one board is drawn with: the board's moment, the zone the card's times and days are in (its
/// provider's own where it keeps one) and the page's token, which every button sends back.
struct CardContext {
    /// The render's moment.
    var now: Date
    /// The zone the card's times and days are shown in.
    var zone: TimeZone
    /// The page's CSRF token.
    var csrfToken: String
    /// The language of the card's words.
    var catalog: Catalog = .english

    /// Today in the card's zone.
    var today: Int64 { LocalDay.containing(now, in: zone) }

    /// The card's frame: `kind` its CSS class, `title` its heading, `status` its provider (nil for stored variables).
    func frame(_ kind: String, title: String, status: ProviderStatus?, wide: Bool = false) -> CardFrame {
        CardFrame(kind: kind, title: title, status: status, now: now, zone: zone, wide: wide, catalog: catalog)
    }

    /// The button that posts `action` under `path` (`/v1/alarms/wake/` and `snooze`) with the page's token, classed
    /// `css` (default: the action).
    func button(
        _ path: String, _ action: String, label: String, title: String, css: String? = nil, disabled: Bool = false
    ) -> ActionButton {
        ActionButton(
            action: path + action, label: label, title: title, csrfToken: csrfToken, css: css ?? action,
            disabled: disabled)
    }
}
