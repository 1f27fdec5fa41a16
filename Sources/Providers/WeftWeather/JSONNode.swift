import Foundation
import WeftPrimitives

/// A value in a parsed response body that knows its dotted path, so a wrong shape is reported by field name.
struct JSONNode {
    let value: Any
    let path: String
    let api: String

    /// Parses a response body, telling HTML, plain text, truncated and otherwise broken JSON apart.
    static func parse(_ data: Data, api: String) throws(WeatherError) -> JSONNode {
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        let trimmed = text.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        guard let first = trimmed.first else {
            throw .notJSON(api: api, what: "an empty body", excerpt: "")
        }
        if first == "<" {
            throw .notJSON(api: api, what: "an HTML page", excerpt: excerpt(trimmed))
        }
        guard first == "{" || first == "[" else {
            throw .notJSON(api: api, what: "plain text", excerpt: excerpt(trimmed))
        }
        if NestingLimit.excess(in: data) != nil { throw .malformedJSON(api: api, reason: NestingLimit.reason) }
        do {
            let value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return JSONNode(value: value, path: "", api: api)
        } catch {
            if NestingLimit.endsOpen(data) { throw .truncatedJSON(api: api, bytes: data.count) }
            throw .malformedJSON(api: api, reason: (error as NSError).localizedDescription)
        }
    }

    private static func excerpt(_ text: Substring) -> String {
        let collapsed = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return collapsed.count > 80 ? String(collapsed.prefix(80)) + "…" : collapsed
    }

    private func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// Whether this is JSON null.
    var isNull: Bool { value is NSNull }

    /// The object's keys, or nil when this is not an object.
    var keys: [String]? { (value as? [String: Any]).map { Array($0.keys) } }

    /// A member that must be present and not null.
    func field(_ key: String) throws(WeatherError) -> JSONNode {
        guard let child = try optionalField(key) else { throw .missingField(api: api, path: childPath(key)) }
        return child
    }

    /// A member that may be missing or null.
    func optionalField(_ key: String) throws(WeatherError) -> JSONNode? {
        guard let object = value as? [String: Any] else {
            throw .wrongType(api: api, path: path.isEmpty ? "(top level)" : path, expected: "an object")
        }
        guard let child = object[key], !(child is NSNull) else { return nil }
        return JSONNode(value: child, path: childPath(key), api: api)
    }

    /// The elements of an array.
    func array() throws(WeatherError) -> [JSONNode] {
        guard let items = value as? [Any] else { throw .wrongType(api: api, path: path, expected: "an array") }
        return items.enumerated().map { JSONNode(value: $1, path: "\(path)[\($0)]", api: api) }
    }

    /// A number.
    func double() throws(WeatherError) -> Double {
        if !(value is String), let number = value as? NSNumber {
            let double = number.doubleValue
            guard double.isFinite else { throw .invalidValue(api: api, path: path, message: "is not finite") }
            return double
        }
        throw .wrongType(api: api, path: path, expected: "a number")
    }

    /// A Unix time in seconds; one outside 1970…9999 is refused (no real forecast is there, and date maths on it
    /// would overflow).
    func unixTime() throws(WeatherError) -> Date {
        let seconds = try double()
        guard (0...Double(Instant.latestSeconds)).contains(seconds) else {
            throw .invalidValue(api: api, path: path, message: "is not a Unix time between 1970 and 9999")
        }
        return Date(timeIntervalSince1970: seconds)
    }

    /// A string.
    func string() throws(WeatherError) -> String {
        guard let string = value as? String else { throw .wrongType(api: api, path: path, expected: "a string") }
        return string
    }

    /// A boolean.
    func bool() throws(WeatherError) -> Bool {
        if let bool = value as? Bool { return bool }
        if let number = value as? NSNumber { return number.intValue != 0 }
        throw .wrongType(api: api, path: path, expected: "true or false")
    }

    /// An ISO 8601 UTC instant.
    func instant() throws(WeatherError) -> Date {
        let text = try string()
        guard let date = ISOInstant.parse(text) else {
            throw .invalidValue(api: api, path: path, message: "\"\(text)\" is not an ISO 8601 time")
        }
        return date
    }

    /// An optional member as a number.
    func optionalDouble(_ key: String) throws(WeatherError) -> Double? { try optionalField(key)?.double() }

    /// An optional member as a string.
    func optionalString(_ key: String) throws(WeatherError) -> String? { try optionalField(key)?.string() }

    /// A required member as a number.
    func double(_ key: String) throws(WeatherError) -> Double { try field(key).double() }

    /// A required member as a Unix time.
    func unixTime(_ key: String) throws(WeatherError) -> Date { try field(key).unixTime() }

    /// A required member as a string.
    func string(_ key: String) throws(WeatherError) -> String { try field(key).string() }

    /// A required member as an instant.
    func instant(_ key: String) throws(WeatherError) -> Date { try field(key).instant() }
}
