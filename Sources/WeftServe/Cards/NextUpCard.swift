import Foundation
import WeftPrimitives
import WeftRefresh

/// The Next Up card: the next event and the one after it, in the board's zone, with countdown, label, location and
/// calendar; all-day events marked.
struct NextUpCard {
    var status: ProviderStatus
    /// The instance's variables without their prefix (`next_title`, …).
    var values: [String: String]
    /// The board, in the calendar's zone.
    var card: CardContext
    /// Whether the title names the instance (the board shows several calendars).
    var titledByInstance = false

    /// What the `next-up` template reads.
    private struct View {
        struct Event {
            var first: Bool
            var allDay: Bool
            var countdown: String
            var label: String?
            var title: String
            var when: String
            var place: String?
        }
        var nothing: Bool
        var events: [Event]
        var todayAllDay: String?
        var ongoing: String?
        var words: Words
    }
    /// The card's own words, in the board's language.
    private struct Words {
        var nothing: String
        var allDay: String
        var today: String
        var ongoing: String
    }

    func html() -> String {
        let header = values["header"] ?? card.catalog.text("Next Up")
        let frame = card.frame(
            "nextup", title: titledByInstance ? header + " · " + status.instance : header, status: status)
        let events = ["next", "then"].filter { values[$0 + "_title"] != nil }
        let view = View(
            nothing: events.isEmpty,
            events: events.enumerated().map { index, event in self.event(event, first: index == 0) },
            todayAllDay: values["today_all_day"], ongoing: values["ongoing"],
            words: Words(
                nothing: card.catalog.text("Nothing coming up."), allDay: card.catalog.text("All day"),
                today: card.catalog.text("Today:"), ongoing: card.catalog.text("Ongoing:")))
        return frame.html(DashboardTemplates.render(.nextUp, view))
    }

    private func event(_ name: String, first: Bool) -> View.Event {
        func value(_ key: String) -> String? { values[name + "_" + key] }
        let zone = card.zone
        let catalog = card.catalog
        let allDay = value("all_day") == "1"
        let start = value("start_iso").flatMap(ISOInstant.parse)
        var when: [String] = []
        if let start { when.append(CardText.date(start, in: zone, catalog)) }
        if allDay {
            when.append(catalog.text("all day"))
        } else if let start {
            let end = value("end_iso").flatMap(ISOInstant.parse)
            if let end, LocalDay.containing(end.addingTimeInterval(-1), in: zone) > LocalDay.containing(start, in: zone)
            {
                // Across midnight: the end's date too (a trip from Saturday night to Monday morning).
                when.append(
                    CardText.time(start, in: zone) + " – " + CardText.date(end, in: zone, catalog) + " "
                        + CardText.time(end, in: zone))
            } else {
                when.append(CardText.time(start, in: zone) + (end.map { "–" + CardText.time($0, in: zone) } ?? ""))
            }
        }
        var place: [String] = []
        if let location = value("location"), !location.isEmpty { place.append(location) }
        if let calendar = value("calendar"), !calendar.isEmpty { place.append(calendar) }
        // `In 20 min`, `In 3 hr` and `Now` say what the countdown says; `Soon`, `Tomorrow`, `On Tue Mar 10` or, once
        // it runs, `ends in 20 min` add to it. `In …` is told by the catalog's own words before the count.
        let inPrefix = String(catalog.text("In {count} min").prefix { $0 != "{" })
        let repeatsCountdown = { (label: String) in
            label == catalog.text("Now") || (!inPrefix.isEmpty && label.hasPrefix(inPrefix))
        }
        return View.Event(
            first: first, allDay: allDay, countdown: value("countdown") ?? "",
            label: value("ends_in") ?? value("label").flatMap { repeatsCountdown($0) ? nil : $0 },
            title: value("title") ?? catalog.text("Untitled"),
            when: when.joined(separator: " · "), place: place.isEmpty ? nil : place.joined(separator: " · "))
    }
}
