import Foundation
import WeftCore
import WeftPrimitives

/// The `[alerts]` occasions of a weather snapshot: each severe-weather alert told once, when a refresh first
/// brings it.
///
/// An alert's key and thread are the instance and the issuer's id (`alert:<instance>:<id>`), so the same alert in
/// later refreshes fires nothing new. It is due when the snapshot holding it was fetched (the minute after), and
/// expires with the alert: one that ended before the notifier saw it is not told.
enum AlertOccasions {
    /// `min_severity` when `[alerts]` does not set it: moderate (MET's yellow, an NWS advisory) and up.
    static let defaultMinimum = AlertSeverity.moderate

    /// Options: `min_severity` (`minor`, `moderate`, `severe` or `extreme`: the mildest alert told).
    static func occasions(_ weather: WeatherSnapshot, snapshot: Snapshot, query: OccasionQuery) throws -> [Occasion] {
        let all = AlertSeverity.allCases
        let rank = try query.severityRank(
            "min_severity", in: .alerts, default: all.firstIndex(of: defaultMinimum) ?? 0)
        let minimum = all[min(max(rank, 0), all.count - 1)]
        let now = query.context.now
        let seen = Date(timeIntervalSince1970: (snapshot.fetchedAt.timeIntervalSince1970 / 60).rounded(.up) * 60)
        guard seen < query.until, let alerts = weather.alerts else { return [] }
        return WeatherAlert.inForce(alerts, at: now).filter { $0.severity >= minimum }.map { alert in
            let thread = "alert:\(snapshot.instance):\(alert.id)"
            var body: [String] = []
            if let end = alert.end {
                body.append(
                    query.context.catalog.text(
                        "Until {time}", ["time": WeatherVariables.until(end, context: query.context)]))
            }
            if !alert.regions.isEmpty { body.append(alert.regions.joined(separator: ", ")) }
            body.append(weather.locationName)
            var fields = ["instance": snapshot.instance, "severity": alert.severity.rawValue]
            fields["end"] = alert.end.map { ISOInstant.format($0) }
            fields["start"] = alert.start.map { ISOInstant.format($0) }
            return Occasion(
                kind: .alerts, key: thread, at: seen, thread: thread,
                title: alert.severity.rawValue.capitalized + ": " + alert.title, body: body.joined(separator: " · "),
                urgency: urgency(alert.severity),
                actions: alert.url == nil
                    ? [] : [Occasion.Action(id: "open", label: query.context.catalog.text("Open"))], link: alert.url,
                expires: alert.end, fields: fields)
        }
    }

    /// Severe and extreme alerts stay until dismissed; minor ones are shown quietly.
    static func urgency(_ severity: AlertSeverity) -> Occasion.Urgency {
        switch severity {
        case .minor: .low
        case .moderate: .normal
        case .severe, .extreme: .critical
        }
    }
}
