import Foundation
import WeftCore
import WeftPrimitives

// Each API's alerts, read into ``WeatherAlert``: one function per API, called from one line of its parser.

extension PirateWeatherAPI {
    /// The `alerts` array (Dark Sky format: `title`, `regions`, `severity`, `time`, `expires`, `description`, `uri`).
    /// The request no longer excludes alerts, so a response without the array has none.
    static func alerts(in root: JSONNode, now: Date) throws(WeatherError) -> [WeatherAlert] {
        guard let node = try root.optionalField("alerts") else { return [] }
        var alerts: [WeatherAlert] = []
        for item in try node.array() {
            let title = try item.optionalString("title") ?? "Weather alert"
            let start = try item.optionalField("time")?.unixTime()
            let end = try item.optionalField("expires")?.unixTime()
            var regions: [String] = []
            for region in try item.optionalField("regions")?.array() ?? [] { regions.append(try region.string()) }
            alerts.append(
                WeatherAlert(
                    id: try item.optionalString("uri") ?? WeatherAlert.madeID(title: title, start: start, end: end),
                    title: title, severity: AlertSeverity(reading: try item.optionalString("severity") ?? ""),
                    start: start, end: end, regions: regions, url: try item.optionalString("uri"),
                    description: try item.optionalString("description"), source: nil))
        }
        return WeatherAlert.normalised(alerts, now: now)
    }
}

extension WeatherKitAPI {
    /// The `weatherAlerts` data set's summaries (`description` is the alert's name; its full text is behind
    /// `detailsUrl`). Absent from the body: none when it was asked for (`country` set), else nil (not known).
    func alerts(in root: JSONNode, now: Date) throws(WeatherError) -> [WeatherAlert]? {
        guard let collection = try root.optionalField("weatherAlerts") else { return country == nil ? nil : [] }
        let collectionURL = try collection.optionalString("detailsUrl")
        var alerts: [WeatherAlert] = []
        for item in try collection.optionalField("alerts")?.array() ?? [] {
            let effective = try item.optionalField("effectiveTime")?.instant()
            let start = try item.optionalField("eventOnsetTime")?.instant() ?? effective
            let expire = try item.optionalField("expireTime")?.instant()
            let end = try item.optionalField("eventEndTime")?.instant() ?? expire
            let title = try item.optionalString("description") ?? "Weather alert"
            alerts.append(
                WeatherAlert(
                    id: try item.optionalString("id") ?? WeatherAlert.madeID(title: title, start: start, end: end),
                    title: title, severity: AlertSeverity(reading: try item.optionalString("severity") ?? ""),
                    start: start, end: end, regions: [try item.optionalString("areaName")].compactMap { $0 },
                    url: try item.optionalString("detailsUrl") ?? collectionURL, description: nil,
                    source: try item.optionalString("source")))
        }
        return WeatherAlert.normalised(alerts, now: now)
    }
}

extension METNorwayAPI {
    /// MetAlerts 2.0 `current.json` for the place: a GeoJSON FeatureCollection of CAP alerts. Test alerts and
    /// cancellations are left out.
    static func alerts(fromMetAlerts data: Data, now: Date) throws(WeatherError) -> [WeatherAlert] {
        let root = try JSONNode.parse(data, api: "MET Norway MetAlerts")
        var alerts: [WeatherAlert] = []
        for feature in try root.field("features").array() {
            let properties = try feature.field("properties")
            let status = try properties.optionalString("status")
            let type = try properties.optionalString("type")
            guard status != "Test", type != "Cancel" else { continue }
            let interval = try feature.optionalField("when")?.optionalField("interval")?.array() ?? []
            let start = try interval.first?.instant()
            let ending = try properties.optionalField("eventEndingTime")?.instant()
            let end = try (interval.count > 1 ? interval[1].instant() : nil) ?? ending
            // "2; yellow; Moderate": the severity is its third part when `severity` itself is missing.
            let level = try properties.optionalString("awareness_level")?.split(separator: ";").last.map(String.init)
            let severity = try properties.optionalString("severity") ?? level ?? ""
            var title = try properties.optionalString("eventAwarenessName")
            if title == nil { title = try properties.optionalString("title") }
            if title == nil { title = try properties.optionalString("event") }
            let text = [try properties.optionalString("description"), try properties.optionalString("instruction")]
                .compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
            alerts.append(
                WeatherAlert(
                    id: try properties.optionalString("id")
                        ?? WeatherAlert.madeID(title: title ?? "", start: start, end: end),
                    title: title ?? "Weather alert", severity: AlertSeverity(reading: severity), start: start, end: end,
                    regions: [try properties.optionalString("area")].compactMap { $0 },
                    url: try properties.optionalString("web"),
                    description: text.isEmpty ? nil : text.joined(separator: "\n"),
                    source: displayName))
        }
        return WeatherAlert.normalised(alerts, now: now)
    }

    /// The alerts of a refresh: the new body's, else (unchanged, or its request failed) the previous snapshot's still
    /// true at `now`.
    static func alerts(from body: WeatherBody, previous: WeatherSnapshot?, now: Date) -> [WeatherAlert]? {
        if case .fresh(let data) = body, let alerts = try? alerts(fromMetAlerts: data, now: now) { return alerts }
        return previous?.alerts.map { WeatherAlert.inForce($0, at: now) }
    }
}

extension WeatherKitAPI {
    /// The `country` key: two letters, as WeatherKit's `countryCode` takes them.
    static func country(_ config: ProviderConfig) throws(ConfigError) -> String? {
        guard let text = try config.string("country") else { return nil }
        let code = text.uppercased()
        guard code.count == 2, code.allSatisfy({ ("A"..."Z").contains($0) }) else {
            throw config.invalid("country", "\"\(text)\" is not a two-letter country code such as \"US\" or \"GB\"")
        }
        return code
    }
}
