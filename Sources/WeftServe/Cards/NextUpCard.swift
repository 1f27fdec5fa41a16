import Foundation
import WeftPrimitives
import WeftRefresh

/// The Next Up card: the next event and the one after it, in the board's zone, with countdown, label, location and
/// calendar; all-day events marked.
struct NextUpCard {
    var status: ProviderStatus
    /// The instance's variables without their prefix (`next_title`, …).
    var values: [String: String]
    var now: Date
    var zone: TimeZone

    func html() -> String {
        let frame = CardFrame(kind: "nextup", title: values["header"] ?? "Next Up", status: status, now: now)
        var body = ""
        let events = ["next", "then"].filter { values[$0 + "_title"] != nil }
        if events.isEmpty { body += "<p class=\"muted\">Nothing coming up.</p>\n" }
        for (index, event) in events.enumerated() {
            body += self.event(event, first: index == 0)
        }
        if let allDay = values["today_all_day"] {
            body += "<p class=\"fine\">Today: \(HTML.escape(allDay))</p>\n"
        }
        return frame.html(body)
    }

    private func event(_ name: String, first: Bool) -> String {
        func value(_ key: String) -> String? { values[name + "_" + key] }
        let allDay = value("all_day") == "1"
        var out = "<article class=\"event\(first ? " first" : "")\(allDay ? " allday" : "")\">"
        out += "<div class=\"when\"><span class=\"countdown\">\(HTML.escape(value("countdown") ?? ""))</span>"
        // `In 20 min` says what the countdown says; `Tomorrow` or `On Tue Mar 10` add to it.
        if let label = value("label"), !label.hasPrefix("In ") {
            out += "<span class=\"label\">\(HTML.escape(label))</span>"
        }
        out += "</div>"
        out += "<div class=\"what\"><h3>\(HTML.escape(value("title") ?? "Untitled"))</h3><p>"
        let start = value("start_iso").flatMap(ISOInstant.parse)
        var when: [String] = []
        if let start { when.append(CardText.date(start, in: zone)) }
        if allDay {
            when.append("all day")
        } else if let start {
            let end = value("end_iso").flatMap(ISOInstant.parse)
            when.append(CardText.time(start, in: zone) + (end.map { "–" + CardText.time($0, in: zone) } ?? ""))
        }
        out += HTML.escape(when.joined(separator: " · "))
        if allDay { out += " <span class=\"tag\">All day</span>" }
        out += "</p>"
        var place: [String] = []
        if let location = value("location"), !location.isEmpty { place.append(location) }
        if let calendar = value("calendar"), !calendar.isEmpty { place.append(calendar) }
        if !place.isEmpty { out += "<p class=\"muted\">\(HTML.escape(place.joined(separator: " · ")))</p>" }
        return out + "</div></article>\n"
    }
}
