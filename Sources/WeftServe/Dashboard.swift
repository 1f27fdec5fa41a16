import Foundation
import WeftCore
import WeftPrimitives
import WeftRefresh

/// The board at `/`: one card per configured provider instance (Weather, Next Up, Steps, Habits, Alarms, Timers, a
/// key/value list for command providers), a Counters card for stored counters, and every variable behind a disclosure.
///
/// Cards read the instances' variables; what they draw beyond them (the rain ribbon, the steps heatmap, the habits'
/// weeks) comes from the kind through the registry (``ProviderKind/figures(of:context:)``), so the board knows no
/// provider module.
///
/// The page loads its style and script from `/assets/` (so a Content-Security-Policy of `'self'` holds: no inline
/// script or style); the script fetches `/board` (the cards alone) with `If-None-Match` and swaps them in when the
/// cache changed. Without script the page reloads itself every 30 s.
struct Dashboard {
    var statuses: [ProviderStatus]
    var variables: [String: String]
    /// The instances' snapshots, from which their kinds draw what a card shows beyond its variables, by instance.
    var snapshots: [String: Snapshot]
    /// The kinds, which say which card shows an instance and what it draws.
    var registry: ProviderRegistry
    /// Stored variables, for the Counters card.
    var stored: [StoredVariable]
    var now: Date
    /// The board's general zone (``ZoneRule/general``): its clock and counters; a provider's card uses its own.
    var zone: TimeZone
    /// The token the page's forms and script send back with every change.
    var csrfToken: String
    /// The language of the board's words: `weft serve --locale`, else the environment's.
    var catalog: Catalog = .english

    /// How often the page's script asks for new cards, in seconds.
    static let pollSeconds = 15

    /// What the `page` template reads.
    private struct Page {
        var csrfToken: String
        var pollSeconds: Int
        /// The render's moment, from which the script keeps the clock and the ages (the server's clock, not the
        /// browser's).
        var now: String
        var board: RenderedHTML
        /// The page's language, for `<html lang>`.
        var lang: String
        /// The words the script writes (the ages, the live mark), as JSON.
        var words: String
    }

    /// What the `board` template reads.
    private struct Board {
        /// The board's zone, for the time the script writes beside the day.
        var zone: String
        var day: String
        var cards: [RenderedHTML]
        var empty: Bool
        var count: Int
        var variables: [CardEntry]
        var words: BoardWords
    }

    /// The board's own words, in its language.
    private struct BoardWords {
        var reloads: String
        var noProviders: String
        var allVariables: String
    }

    /// The whole page.
    func html() -> String {
        DashboardTemplates.render(
            .page,
            Page(
                csrfToken: csrfToken, pollSeconds: Self.pollSeconds, now: ISOInstant.format(now),
                board: RenderedHTML(board()), lang: catalog.code, words: scriptWords()))
    }

    /// The words app.js writes, in the board's language.
    private func scriptWords() -> String {
        let words: [String: String] = [
            "justNow": catalog.text("just now"), "ago": catalog.text("{age} ago"), "min": catalog.text("min"),
            "h": catalog.text("h"), "days": catalog.text("days"), "live": catalog.text("live"),
            "offline": catalog.text("offline, retrying"),
        ]
        return (try? JSONText.line(words)) ?? "{}"
    }

    /// The cards, as `/board` serves them for the script to swap in. The variables that follow the clock alone (the
    /// time to the second or minute, each provider's `age_min`) are left out of *All variables*, so the cards and
    /// their ETag change only when something on them does; `weft vars` lists them.
    func board() -> String {
        var cards: [String] = []
        var weatherIndex = 0
        let ordered = statuses.sorted { (card($0.type), $0.instance) < (card($1.type), $1.instance) }
        var countersShown = false
        for status in ordered {
            if !countersShown, card(status.type) > .timers {
                cards.append(countersCard())
                countersShown = true
            }
            cards.append(card(status, weatherIndex: &weatherIndex))
        }
        if !countersShown { cards.append(countersCard()) }
        let ticking = Set(["__now", "__now_unix", "__time"] + statuses.map { $0.prefix + "age_min" })
        let listed = variables.filter { !ticking.contains($0.key) }
        let board = Board(
            zone: zone.identifier, day: CardText.date(now, in: zone, catalog),
            cards: cards.filter { !$0.isEmpty }.map(RenderedHTML.init), empty: statuses.isEmpty,
            count: listed.count,
            variables: listed.sorted { $0.key < $1.key }.map { CardEntry(key: $0.key, value: $0.value) },
            words: BoardWords(
                reloads: catalog.text("reloads every 30 s"), noProviders: catalog.text("No providers configured."),
                allVariables: catalog.text("All variables ({count})", ["count": String(listed.count)])))
        return DashboardTemplates.render(.board, board)
    }

    /// The card that shows an instance of `type`; the cards' order is the board's: weather first, then air quality,
    /// Next Up, Steps, Habits, Alarms, Timers, the counters, and the rest.
    func card(_ type: String) -> BoardCard {
        registry.kind(type)?.card ?? .keyValue
    }

    /// One instance's variables without its prefix.
    private func values(_ prefix: String) -> [String: String] {
        guard !prefix.isEmpty else { return [:] }
        var out: [String: String] = [:]
        for (key, value) in variables where key.hasPrefix(prefix) { out[String(key.dropFirst(prefix.count))] = value }
        return out
    }

    private func card(_ status: ProviderStatus, weatherIndex: inout Int) -> String {
        let values = values(status.prefix)
        let snapshot = snapshots[status.instance]
        // The zone the provider's variables and CLI views use too.
        let context = VariableContext(
            now: now, timeZone: self.zone, locale: Locale(identifier: "en_US_POSIX"), catalog: catalog
        ).viewing(recordedZone: snapshot?.recordedZone)
        let board = CardContext(now: now, zone: context.timeZone, csrfToken: csrfToken, catalog: catalog)
        let figures = snapshot.flatMap { snapshot in
            try? registry.kind(snapshot.kind)?.figures(of: snapshot, context: context)
        }
        switch card(status.type) {
        case .weather:
            defer { weatherIndex += 1 }
            // The AQI item reads the board's first air-quality instance, which keeps its own card as well.
            let air = statuses.filter { $0.type == "air-quality" }.min { $0.instance < $1.instance }
            return WeatherCard(
                status: status, values: values, nowcast: figures?.nextHour, card: board, index: weatherIndex,
                air: air.map { self.values($0.prefix) } ?? [:]
            ).html()
        case .airQuality:
            return AirQualityCard(status: status, values: values, card: board).html()
        case .nextUp:
            // Several calendars are told apart by their instance names.
            let several = statuses.filter { card($0.type) == .nextUp }.count > 1
            return NextUpCard(status: status, values: values, card: board, titledByInstance: several).html()
        case .steps:
            return StepsCard(
                status: status, values: values, activity: self.values("__activity_"), figures: figures, card: board
            ).html()
        case .habits:
            return HabitsCard(status: status, weeks: figures?.weeks, card: board).html()
        case .alarms:
            return AlarmsCard(status: status, alarms: figures?.alarms, card: board).html()
        case .timers:
            return TimersCard(status: status, timers: figures?.timers, card: board).html()
        case .keyValue:
            return KeyValueCard(
                status: status, values: values, labels: figures?.labels ?? [:], units: figures?.units ?? [:],
                card: board
            ).html()
        }
    }

    private func countersCard() -> String {
        let counters = CountersCard.shown(stored)
        guard !counters.isEmpty else { return "" }
        return CountersCard(counters: counters, card: CardContext(now: now, zone: zone, csrfToken: csrfToken)).html()
    }
}
