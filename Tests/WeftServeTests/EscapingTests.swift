import Foundation
import Testing
import WeftCore
import WeftProviders

@testable import WeftRefresh
@testable import WeftServe

/// Every variable's text reaches the page as text: in elements, attributes and SVG.
@Suite("board escaping")
struct EscapingTests {
    static let hostile = #"<script>alert(1)</script> "><svg onload=alert(2)> & 'x'"#

    @Test func escapeCoversTextAndAttributes() throws {
        let templates = try DashboardTemplates(templates: [("t", "<p title=\"{{text}}\">{{text}}</p>")])
        let escaped = "&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;svg onload=alert(2)&gt; &amp; &#39;x&#39;"
        #expect(templates.render(["text": Self.hostile], named: "t") == "<p title=\"\(escaped)\">\(escaped)</p>")
    }

    static func status(_ instance: String, type: String, prefix: String, error: String? = nil) -> ProviderStatus {
        let now = Date(timeIntervalSince1970: 1_773_135_000)
        return ProviderStatus(
            instance: instance, type: type, prefix: prefix, health: error == nil ? .ok : .failed, lastSuccess: now,
            ageSeconds: 60,
            validUntil: now.addingTimeInterval(600), lastError: error, lastHTTPStatus: nil, nextDue: nil,
            configured: true)
    }

    @Test func noVariableTextReachesThePageUnescaped() throws {
        let now = Date(timeIntervalSince1970: 1_773_135_060)
        let statuses = [
            Self.status("demo", type: "command", prefix: "__demo_", error: Self.hostile),
            Self.status("cal", type: "calendar", prefix: "__calendar_"),
            Self.status("home", type: "open-meteo", prefix: "__weather_"),
        ]
        let variables = [
            "__demo_note": Self.hostile, "__calendar_next_title": Self.hostile,
            "__calendar_next_location": Self.hostile, "__weather_location": Self.hostile,
            "__weather_condition": Self.hostile, "__weather_hourly_strip": "10 \(Self.hostile) 3",
            // The weather card's days, hours, details and alert banner.
            "__weather_alert_title": Self.hostile, "__weather_alert_severity": Self.hostile,
            "__weather_alert_until": Self.hostile, "__weather_alert_regions": Self.hostile,
            "__weather_alert_url": "https://x.example/\(Self.hostile)", "__weather_day1_high": "2",
            "__weather_day1_weekday_short": Self.hostile, "__weather_day1_symbol": Self.hostile,
            "__weather_hour0_temp": "1", "__weather_hour1_temp": "2", "__weather_hour3_temp": "3",
            "__weather_hour3_time": Self.hostile, "__weather_hour3_symbol": Self.hostile,
            "__weather_wind_speed": Self.hostile, "__weather_wind_compass": Self.hostile,
            "__weather_uv_index": "3", "__weather_uv_level": Self.hostile, "__weather_sunset": Self.hostile,
            Self.hostile: "key",
        ]
        let counter = StoredVariable(
            key: Self.hostile, value: Self.hostile, updatedAt: now, counter: CounterRule(goal: 8, reset: .daily))
        let board = Dashboard(
            statuses: statuses, variables: variables, snapshots: [:], registry: BuiltinProviders.registry,
            stored: [counter], now: now,
            zone: try #require(TimeZone(identifier: "Europe/Berlin")), csrfToken: "tok\"en<")
        let page = board.html()
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("<svg onload"))
        // An attribute broken out of: the board's own figures after a tag all have a class.
        #expect(!page.contains(/"><svg(?! class=)/))
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(page.contains(#"<meta name="weft-csrf" content="tok&quot;en&lt;">"#))
        #expect(page.contains(#"<input type="hidden" name="csrf" value="tok&quot;en&lt;">"#))
        #expect(!page.contains("style="), "no inline style attribute: the CSP allows only the page's own style")
        #expect(page.components(separatedBy: "<script").count == 2, "only the page's own script tag")
        #expect(page.contains(#"<script src="/assets/app.js" defer></script>"#))
    }

    @Test func errorsAreShortenedToHostAndPathWithTheFullTextOnHover() {
        let long =
            "GET https://user:secret@api.example.org:8443/v1/forecast?lat=1&key=" + String(repeating: "k", count: 300)
            + " failed with 503"
        let short = CardFrame.shortError(long)
        #expect(short == "GET api.example.org:8443/v1/forecast failed with 503")
        let frame = CardFrame(
            kind: "x", title: "x", status: Self.status("x", type: "command", prefix: "", error: long),
            now: Date(timeIntervalSince1970: 1_773_135_060))
        let html = frame.html("")
        #expect(html.contains("title=\"GET https://api.example.org:8443/v1/forecast failed with 503\""))
        #expect(!html.contains("secret") && !html.contains("kkkk"), "the hover text is redacted too")
        #expect(html.contains(">GET api.example.org:8443/v1/forecast failed with 503</p>"))
        #expect(CardFrame.shortError(String(repeating: "x", count: 400)).count == 160)
    }

    @Test func errorsRedactTokensInThePathAndSecretQueryValuesLikeEveryMessage() {
        let token = "a1b2c3d4e5f6a7b8c9d0e1f2"
        let error = "GET https://cal.example.com/private/\(token)/basic.ics?apikey=SECRET failed with 404"
        #expect(CardFrame.shortError(error) == "GET cal.example.com/private/[redacted]/basic.ics failed with 404")
        let frame = CardFrame(
            kind: "x", title: "x", status: Self.status("x", type: "command", prefix: "", error: error),
            now: Date(timeIntervalSince1970: 1_773_135_060))
        let html = frame.html("")
        #expect(!html.contains(token) && !html.contains("SECRET"), "\(html)")
        #expect(html.contains("title=\"GET https://cal.example.com/private/[redacted]/basic.ics failed with 404\""))
    }
}
