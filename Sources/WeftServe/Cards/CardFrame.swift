import Foundation
import WeftHTTP
import WeftPrimitives
import WeftRefresh
import WeftStore

/// A card's frame: its title, the age of its data and its state (fresh, stale or failed) around a body.
///
/// A stale or failed card keeps its body, the last good values, under a muted header with the short error; the
/// full error is on hover. A refresh that succeeded with warnings is a normal card with a small badge (the warnings
/// on hover): a skipped file is not a failure.
struct CardFrame {
    /// The card's kind, a CSS class: `weather`, `nextup`, `steps`, `habits`, `alarms`, `timers`, `counters`,
    /// `command`.
    var kind: String
    /// The heading.
    var title: String
    /// The provider behind the card; nil for cards of stored variables.
    var status: ProviderStatus?
    /// The render's moment.
    var now: Date
    /// The zone the fetch time is shown in.
    var zone: TimeZone = .gmt
    /// Whether the card takes two grid columns on wide screens.
    var wide = false
    /// The language of the frame's words.
    var catalog: Catalog = .english

    /// The state class and words, from the provider's health: `ok` (a warning is a badge on an ok card), `stale`
    /// or `failed`.
    var state: (css: String, words: String?) {
        switch status?.health {
        case nil, .ok, .warning: return ("ok", nil)
        case .failed: return ("failed", catalog.text("refresh failed"))
        case .stale:
            return ("stale", status?.lastSuccess == nil ? catalog.text("no data yet") : catalog.text("stale"))
        }
    }

    /// What the `card-frame` template reads.
    private struct View {
        struct Age {
            var fetched: String
            /// The fetch's instant, from which the page's script writes "5 min ago".
            var iso: String?
            var flag: String?
            var warning: Warning?
            var text: String
        }
        struct Warning {
            var summary: String
            var count: String
        }
        struct Problem {
            var full: String
            var short: String
        }
        var kind: String
        var state: String
        var wide: Bool
        var instance: String?
        var title: String
        var age: Age?
        var problem: Problem?
        var body: RenderedHTML
    }

    /// The card around `body`, a card template's output.
    func html(_ body: String) -> String {
        let state = self.state
        let age = status.map { status in
            // A collapsed warning (`… and 16,399 more`) counts what it stands for.
            let count = status.warnings.map(ProviderHealth.count(of:)) ?? 1
            return View.Age(
                fetched: status.lastSuccess.map { "fetched " + ISOInstant.format($0) } ?? "never fetched",
                iso: status.lastSuccess.map { ISOInstant.format($0) },
                flag: state.words,
                warning: status.health == .warning
                    ? status.warningSummary.map {
                        View.Warning(
                            summary: $0, count: catalog.plural("{count} warning", "{count} warnings", count: count))
                    } : nil,
                // The moment, not the age: an age changes at every poll, and so would the cards' ETag. The page's
                // script writes the age from `iso`.
                text: status.lastSuccess.map { fetchedText($0) } ?? catalog.text("never"))
        }
        let view = View(
            kind: kind, state: state.css, wide: wide, instance: status?.instance, title: title, age: age,
            problem: status?.lastError.map { View.Problem(full: Self.redacted($0), short: Self.shortError($0)) },
            body: RenderedHTML(body))
        return DashboardTemplates.render(.cardFrame, view)
    }

    /// `at 09:30` today in the card's zone, `at Mon 23 Jan 09:30` before.
    private func fetchedText(_ fetched: Date) -> String {
        let time = CardText.time(fetched, in: zone)
        guard LocalDay.containing(fetched, in: zone) != LocalDay.containing(now, in: zone) else {
            return catalog.text("at {time}", ["time": time])
        }
        return catalog.text("at {time}", ["time": CardText.date(fetched, in: zone, catalog) + " " + time])
    }

    /// An error for the card: every URL as every message shows it (``Redactor``: no credentials, query or token-like
    /// path segment) and without its scheme, the whole at most `limit` characters.
    static func shortError(_ error: String, limit: Int = 160) -> String {
        let words = redacted(error).split(separator: " ", omittingEmptySubsequences: false).map(withoutScheme)
        let text = words.joined(separator: " ")
        return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    /// `error` with its URLs in their display form, as messages and logs show them.
    static func redacted(_ error: String) -> String {
        Redactor(secrets: [])(error)
    }

    /// `https://host:8443/a/b` as `host:8443/a/b`; other words as they are.
    private static func withoutScheme(_ word: Substring) -> String {
        guard let scheme = word.range(of: "://"), !word[..<scheme.lowerBound].isEmpty,
            word[..<scheme.lowerBound].allSatisfy(\.isLetter)
        else {
            return String(word)
        }
        return String(word[scheme.upperBound...])
    }
}
