import Foundation
import WeftPrimitives

/// Reads an Open-Meteo `/v1/air-quality` body (`timeformat=unixtime`): the `current` block and the `hourly`
/// parallel arrays. Every number is checked where it enters; an error names the field (`hourly.pm10[12]`).
struct AirQualityResponse {
    /// The measures weft asks for, as the API names them, with the range a real value lies in.
    static let measures: [(name: String, range: ClosedRange<Double>)] =
        [
            ("european_aqi", 0...500), ("us_aqi", 0...500), ("pm2_5", 0...10_000), ("pm10", 0...10_000),
            ("ozone", 0...2_000), ("nitrogen_dioxide", 0...2_000),
        ] + pollenKinds.map { ("\($0)_pollen", 0...100_000) }

    /// The pollen kinds Open-Meteo models (over Europe only).
    static let pollenKinds = ["alder", "birch", "grass", "mugwort", "olive", "ragweed"]

    /// The `current` and `hourly` lists of a request.
    static var variableList: String { measures.map(\.name).joined(separator: ",") }

    /// The current block and hours of `body`.
    static func parse(_ body: Data) throws(AirQualityProblem) -> (current: AirSample?, hours: [AirSample]) {
        let root = try object(body)
        if root["error"] as? Bool == true {
            throw .apiError((root["reason"] as? String) ?? "no reason given")
        }
        let currentNode = try optionalObject(root, "current", path: "current")
        let hourlyNode = try optionalObject(root, "hourly", path: "hourly")
        guard currentNode != nil || hourlyNode != nil else { throw .missingField("current or hourly") }
        let current = try currentNode.map { node throws(AirQualityProblem) in try currentSample(node) }
        let hours = try hourlyNode.map { node throws(AirQualityProblem) in try hourlySamples(node) } ?? []
        return (current, hours)
    }

    private static func object(_ body: Data) throws(AirQualityProblem) -> [String: Any] {
        let start = String(decoding: body.prefix(64), as: UTF8.self).drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        guard start.first == "{" else {
            throw .notJSON(start.first == "<" ? "an HTML page" : start.isEmpty ? "an empty body" : "plain text")
        }
        if NestingLimit.excess(in: body) != nil { throw .notJSON("JSON nested too deeply") }
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else {
            throw .notJSON("broken or truncated JSON")
        }
        return object
    }

    private static func optionalObject(_ parent: [String: Any], _ key: String, path: String)
        throws(AirQualityProblem) -> [String: Any]?
    {
        guard let value = parent[key], !(value is NSNull) else { return nil }
        guard let object = value as? [String: Any] else { throw .wrongType(path, "an object") }
        return object
    }

    private static func currentSample(_ node: [String: Any]) throws(AirQualityProblem) -> AirSample {
        let time = try unixTime(node["time"], path: "current.time")
        let step = try number(node["interval"], path: "current.interval", range: 60...86_400) ?? 3600
        var values: [String: Double] = [:]
        for measure in measures {
            values[measure.name] = try number(node[measure.name], path: "current.\(measure.name)", range: measure.range)
        }
        return sample(time: time, step: step, values)
    }

    private static func hourlySamples(_ node: [String: Any]) throws(AirQualityProblem) -> [AirSample] {
        guard let timeValues = node["time"] else { throw .missingField("hourly.time") }
        guard let times = timeValues as? [Any] else { throw .wrongType("hourly.time", "an array") }
        var dates: [Date] = []
        for (index, value) in times.enumerated() { dates.append(try unixTime(value, path: "hourly.time[\(index)]")) }
        var columns: [String: [Any]] = [:]
        for measure in measures {
            guard let column = node[measure.name], !(column is NSNull) else { continue }
            guard let items = column as? [Any] else { throw .wrongType("hourly.\(measure.name)", "an array") }
            guard items.count == dates.count else {
                throw .wrongType("hourly.\(measure.name)", "an array of \(dates.count) values, one per time")
            }
            columns[measure.name] = items
        }
        var samples: [AirSample] = []
        for (row, date) in dates.enumerated() {
            var values: [String: Double] = [:]
            for measure in measures {
                guard let column = columns[measure.name] else { continue }
                values[measure.name] = try number(
                    column[row], path: "hourly.\(measure.name)[\(row)]", range: measure.range)
            }
            samples.append(sample(time: date, step: 3600, values))
        }
        return samples
    }

    private static func sample(time: Date, step: TimeInterval, _ values: [String: Double]) -> AirSample {
        var pollen: [String: Double] = [:]
        for kind in pollenKinds { pollen[kind] = values["\(kind)_pollen"] }
        return AirSample(
            time: time, step: step, europeanAQI: values["european_aqi"], usAQI: values["us_aqi"],
            pm25: values["pm2_5"], pm10: values["pm10"], ozone: values["ozone"], no2: values["nitrogen_dioxide"],
            pollen: pollen)
    }

    /// A number in `range`, nil for null or missing.
    private static func number(_ value: Any?, path: String, range: ClosedRange<Double>) throws(AirQualityProblem)
        -> Double?
    {
        guard let value, !(value is NSNull) else { return nil }
        guard !(value is String), let number = value as? NSNumber else {
            throw .wrongType(path, "a number")
        }
        let double = number.doubleValue
        guard double.isFinite, range.contains(double) else {
            throw .outOfRange(
                path, value: NumberText.plain(double),
                range: "\(NumberText.plain(range.lowerBound))–\(NumberText.plain(range.upperBound))")
        }
        return double
    }

    private static func unixTime(_ value: Any?, path: String) throws(AirQualityProblem) -> Date {
        guard let value, !(value is NSNull) else { throw .missingField(path) }
        if value is String { throw .wrongType(path, "a Unix time (request timeformat=unixtime)") }
        let range = 0...Double(Instant.latestSeconds)
        guard let seconds = try number(value, path: path, range: range) else { throw .missingField(path) }
        return Date(timeIntervalSince1970: seconds)
    }
}

/// What is wrong with a response body, by field; the shared refresh (`HTTPSnapshotRefresh`) adds the URL.
enum AirQualityProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not a JSON object (`what` says what it is).
    case notJSON(String)
    /// Open-Meteo's own error document.
    case apiError(String)
    /// A field that must be there is not.
    case missingField(String)
    /// A field of the wrong JSON type.
    case wrongType(String, String)
    /// A number outside the range a real value lies in.
    case outOfRange(String, value: String, range: String)

    var description: String {
        switch self {
        case .notJSON(let what): "the answer is \(what), not a JSON object"
        case .apiError(let reason): "Open-Meteo reported an error: \(reason)"
        case .missingField(let field): "the answer has no \"\(field)\"; the API's format may have changed"
        case .wrongType(let field, let expected): "\"\(field)\" should be \(expected)"
        case .outOfRange(let field, let value, let range): "\"\(field)\" is \(value), outside \(range)"
        }
    }
}
