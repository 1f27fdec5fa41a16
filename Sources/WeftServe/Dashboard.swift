import Foundation
import WeftCore
import WeftPrimitives
import WeftRefresh

/// The HTML page at `/`: each provider's status and age, the next-hour rain chart, every variable.
///
/// Self-contained (inline CSS and SVG, no script, no external asset) and reloading itself every 30 s.
struct Dashboard {
    var statuses: [ProviderStatus]
    var variables: [String: String]
    var now: Date
    var zone: TimeZone
    /// The page's CSRF token (`ServeContext.csrfToken`), for the script and forms that post.
    var csrfToken = ""

    /// The rain bars' colour, which the browser test looks for in the screenshot.
    static let rainColour = "#1f6fd1"

    func html() -> String {
        var page = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="refresh" content="30">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="weft-csrf" content="\(HTML.escape(csrfToken))">
            <title>weft</title>
            <style>
            body { font: 15px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1d2330; background: #f6f7f9; }
            h1 { font-size: 1.3rem; margin: 0 0 1rem; } h2 { font-size: 1.05rem; margin: 1.5rem 0 .5rem; }
            table { border-collapse: collapse; background: #fff; }
            td, th { padding: .25rem .7rem; border-bottom: 1px solid #e3e6eb; text-align: left; vertical-align: top; }
            th { font-weight: 600; } td.key { font-family: ui-monospace, monospace; }
            .ok { color: #17803d; } .stale { color: #a86400; } .error { color: #c0262d; }
            .chart { background: #fff; padding: .5rem; display: inline-block; }
            .muted { color: #6b7280; }
            </style></head><body>
            <h1>weft</h1>
            <p class="muted">\(HTML.escape(ISOInstant.format(now))) · reloads every 30 s</p>

            """
        page += providersSection()
        page += rainSection()
        page += variablesSection()
        page += "</body></html>\n"
        return page
    }

    private func providersSection() -> String {
        var out = "<h2>Providers</h2>\n"
        guard !statuses.isEmpty else { return out + "<p class=\"muted\">No providers configured.</p>\n" }
        out +=
            "<table id=\"providers\"><tr><th>instance</th><th>type</th><th>status</th><th>updated</th>"
            + "<th>next refresh</th></tr>\n"
        for status in statuses {
            let state: (String, String)
            if let error = status.lastError {
                state = ("error", "error: " + error)
            } else if status.lastSuccess == nil {
                state = ("stale", "never refreshed")
            } else if let valid = status.validUntil, now >= valid {
                state = ("stale", "stale")
            } else {
                state = ("ok", "ok")
            }
            let updated = status.ageSeconds.map { Self.age($0) + " ago" } ?? "never"
            let next =
                status.nextDue.map { $0 <= now ? "due now" : "in " + Self.age(Instant.seconds(from: now, to: $0)) }
                ?? "due now"
            out +=
                "<tr><td>\(HTML.escape(status.instance))</td><td>\(HTML.escape(status.type))</td>"
                + "<td class=\"\(state.0)\">\(HTML.escape(state.1))</td><td>\(updated)</td><td>\(next)</td></tr>\n"
        }
        return out + "</table>\n"
    }

    /// One chart per weather instance, from its `…nowcast_series` variable (60 expected intensities in mm/h).
    private func rainSection() -> String {
        let seriesKeys = variables.keys.filter { $0.hasSuffix("nowcast_series") }.sorted()
        var out = "<h2>Rain in the next hour</h2>\n"
        guard !seriesKeys.isEmpty else { return out + "<p class=\"muted\">No weather provider.</p>\n" }
        for key in seriesKeys {
            let prefix = String(key.dropLast("nowcast_series".count))
            let values = (variables[key] ?? "").split(separator: ",").map { Double($0) ?? 0 }
            let headline = [variables[prefix + "location"], variables[prefix + "rain_next_hour_summary"]]
                .compactMap { $0 }.joined(separator: ": ")
            out += "<p>\(HTML.escape(headline))</p>\n<div class=\"chart\">" + Self.chart(values) + "</div>\n"
        }
        return out
    }

    private func variablesSection() -> String {
        var out = "<h2>Variables</h2>\n<table id=\"variables\"><tr><th>key</th><th>value</th></tr>\n"
        for key in variables.keys.sorted() {
            out += "<tr><td class=\"key\">\(HTML.escape(key))</td><td>\(HTML.escape(variables[key] ?? ""))</td></tr>\n"
        }
        return out + "</table>\n"
    }

    /// 60 bars, 120 px high under the peak's label, scaled to the peak (at least 1 mm/h, so drizzle looks like
    /// drizzle).
    static func chart(_ values: [Double]) -> String {
        let width = 600.0
        let height = 120.0
        let peak = max(values.max() ?? 0, 1)
        var svg =
            "<svg id=\"rain\" xmlns=\"http://www.w3.org/2000/svg\" width=\"620\" height=\"170\" "
            + "viewBox=\"0 0 620 170\" role=\"img\" aria-label=\"expected rain, next 60 minutes\">"
        svg += "<line x1=\"10\" y1=\"\(height + 25)\" x2=\"\(width + 10)\" y2=\"\(height + 25)\" stroke=\"#9aa3af\"/>"
        for (minute, value) in values.prefix(60).enumerated() where value > 0 {
            let barHeight = max(1, value / peak * height)
            svg +=
                String(
                    format: "<rect x=\"%.0f\" y=\"%.1f\" width=\"9\" height=\"%.1f\" ", 10 + Double(minute) * 10,
                    height + 25 - barHeight, barHeight) + "fill=\"\(rainColour)\"/>"
        }
        for (minute, label) in [(0, "now"), (15, "15"), (30, "30"), (45, "45"), (59, "60 min")] {
            svg += "<text x=\"\(10 + minute * 10)\" y=\"165\" font-size=\"12\" fill=\"#6b7280\">\(label)</text>"
        }
        svg += String(format: "<text x=\"12\" y=\"14\" font-size=\"12\" fill=\"#6b7280\">%.1f mm/h</text>", peak)
        return svg + "</svg>"
    }

    static func age(_ seconds: Int) -> String {
        switch seconds {
        case ..<60: "\(max(seconds, 0)) s"
        case ..<3600: "\(seconds / 60) min"
        case ..<172_800: "\(seconds / 3600) h \(seconds % 3600 / 60) min"
        default: "\(seconds / 86400) days"
        }
    }
}
