import Foundation
import WeftCore
import WeftPrimitives

/// A severe-weather warning as any API gives it, normalised: what, how bad, when, where, and where to read more.
public struct WeatherAlert: Codable, Sendable, Equatable {
    /// The issuer's own id of the alert (a CAP identifier, a UUID), or one made of its title and times.
    var id: String
    /// A one-line title, e.g. `Wind Advisory` or `Kuling, gult nivå, Torungen - Oksøy`.
    var title: String
    /// How bad it is.
    var severity: AlertSeverity
    /// When it takes effect (UTC), when the API says.
    var start: Date?
    /// When it ends (UTC), when the API says; past it the alert is no longer shown.
    var end: Date?
    /// The areas it covers.
    var regions: [String]
    /// A page with the full text.
    var url: String?
    /// The longer text (with the issuer's instructions, when given).
    var description: String?
    /// Who issued it, when the API says (`Met Office`, `National Weather Service`).
    var source: String?
}

/// CAP's severity scale, which all three APIs use.
public enum AlertSeverity: String, Codable, Sendable, CaseIterable, Comparable {
    case minor, moderate, severe, extreme

    /// Reads a severity in any case (`Moderate`, `severe`); CAP's `Unknown` and anything else count as minor, so an
    /// alert of unknown severity is still shown, last.
    init(reading text: String) {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        // Dark Sky's scale, which older Pirate Weather data may still carry.
        case "warning": self = .severe
        case "watch": self = .moderate
        case "advisory": self = .minor
        default: self = Self(rawValue: word) ?? .minor
        }
    }

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

extension WeatherAlert {
    /// The most alerts a snapshot keeps.
    static let mostAlerts = 20
    /// The most characters of a title, region, id or URL kept.
    static let longestLine = 300
    /// The most characters of a description kept.
    static let longestDescription = 2_000
    /// The most regions of one alert kept.
    static let mostRegions = 20
    /// An alert's times, in seconds since 1970: what the parsers keep and a stored snapshot may hold.
    static let times = ValueRange("a time between 1970 and 9999", 0, Double(Instant.latestSeconds))

    /// The alerts worth keeping, in the order the variables show them: those still true at `now` (or with no end),
    /// with their texts capped, most severe first and then soonest ending, at most ``mostAlerts``. An alert whose end
    /// is before its start, or with a time outside ``times``, is dropped: its times cannot be right, and one bad
    /// alert does not cost the forecast.
    static func normalised(_ alerts: [WeatherAlert], now: Date) -> [WeatherAlert] {
        alerts.filter { alert in
            if let start = alert.start, let end = alert.end, end < start { return false }
            for time in [alert.start, alert.end] {
                if let time, !times.contains(time.timeIntervalSince1970) { return false }
            }
            return alert.end.map { $0 > now } ?? true
        }
        .map(\.capped)
        .sorted(by: shownBefore)
        .prefix(mostAlerts).map { $0 }
    }

    /// Stored alerts (already ``normalised(_:now:)``) still true at `now`, in their order: what a render or the
    /// notifier reads, with no text cut twice.
    static func inForce(_ alerts: [WeatherAlert], at now: Date) -> [WeatherAlert] {
        alerts.filter { alert in alert.end.map { $0 > now } ?? true }
    }

    /// The showing order: more severe first, then the one ending sooner (an open end last), then by title.
    static func shownBefore(_ a: WeatherAlert, _ b: WeatherAlert) -> Bool {
        if a.severity != b.severity { return a.severity > b.severity }
        let aEnd = a.end ?? .distantFuture
        let bEnd = b.end ?? .distantFuture
        if aEnd != bEnd { return aEnd < bEnd }
        return (a.title, a.id) < (b.title, b.id)
    }

    /// The same alert with every text within its cap and blank texts removed.
    var capped: WeatherAlert {
        func line(_ text: String?) -> String? {
            guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            return TextCap.capped(
                text.split(whereSeparator: \.isNewline).joined(separator: " "), limit: Self.longestLine)
        }
        var copy = self
        copy.id = line(id) ?? ""
        copy.title = line(title) ?? "Weather alert"
        copy.regions = regions.compactMap(line).prefix(Self.mostRegions).map { $0 }
        copy.url = line(url)
        copy.description = description?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfEmpty.map {
            TextCap.capped($0, limit: Self.longestDescription)
        }
        copy.source = line(source)
        return copy
    }

    /// An id for an alert whose API gives none: its title and times, stable across refreshes.
    static func madeID(title: String, start: Date?, end: Date?) -> String {
        [title, start.map { ISOInstant.format($0) } ?? "", end.map { ISOInstant.format($0) } ?? ""].joined(
            separator: "|")
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}

extension WeatherVariables {
    /// The `alert*` keys (without the prefix) at the render's `now`: an alert past its end is gone without a refresh.
    /// Nil alerts (the API gives none, or was not asked) give no key at all; none in force give `alert_count` 0.
    static func alertVariables(_ alerts: [WeatherAlert]?, context: VariableContext) -> [String: String] {
        guard let alerts else { return [:] }
        let shown = WeatherAlert.inForce(alerts, at: context.now)
        var result = ["alert_count": String(shown.count)]
        guard let first = shown.first else { return result }
        result["alert_title"] = first.title
        result["alert_severity"] = first.severity.rawValue
        if let end = first.end {
            result["alert_until"] = until(end, context: context)
            result["alert_until_iso"] = ISOInstant.format(end)
        }
        if !first.regions.isEmpty { result["alert_regions"] = first.regions.joined(separator: ", ") }
        result["alert_url"] = first.url
        result["alerts"] = shown.map { line($0, context: context) }.joined(separator: "\n")
        return result
    }

    /// `Moderate: Gale until Fri 15:00 (Torungen - Oksøy)`: one alert as a line of `alerts`.
    static func line(_ alert: WeatherAlert, context: VariableContext) -> String {
        let catalog = context.catalog
        var text = catalog.text(
            "{severity}: {title}", ["severity": severityName(alert.severity, catalog), "title": alert.title])
        if let end = alert.end {
            text = catalog.text("{alert} until {time}", ["alert": text, "time": until(end, context: context)])
        }
        if !alert.regions.isEmpty { text += " (" + alert.regions.joined(separator: ", ") + ")" }
        return text
    }

    /// A severity as a line names it, in `catalog`'s language.
    static func severityName(_ severity: AlertSeverity, _ catalog: Catalog) -> String {
        switch severity {
        case .minor: catalog.text("Minor")
        case .moderate: catalog.text("Moderate")
        case .severe: catalog.text("Severe")
        case .extreme: catalog.text("Extreme")
        }
    }

    /// `15:00` when `end` falls on the render's local day, else `Fri 15:00` (a week or more ahead: `2026-12-24 15:00`).
    static func until(_ end: Date, context: VariableContext) -> String {
        let zone = context.timeZone
        let day = LocalDay.containing(end, in: zone)
        let today = LocalDay.containing(context.now, in: zone)
        let time = LocalText.time(end, in: zone)
        if day == today { return time }
        if day > today, day - today < 7 {
            return LocalText.weekdayShort(LocalDay.weekday(day), in: context.catalog) + " " + time
        }
        return LocalDay.iso(day) + " " + time
    }
}
