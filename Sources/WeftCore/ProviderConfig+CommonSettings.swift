import Foundation
import WeftPrimitives

/// The settings several provider kinds share, read here once so every kind checks them with the same rules and
/// the same messages: `prefix`, `timezone` and `interval`.
extension ProviderConfig {
    /// The variable prefix: `prefix` when set, else `fallback`.
    ///
    /// It must start with `__` (the resolver asks providers only for `__` keys, so any other prefix could be listed
    /// by `weft vars` yet never answer `weft get`), be lower-case (keys are lower-cased before lookup) and hold
    /// no white space.
    public func prefix(default fallback: String) throws(ConfigError) -> String {
        guard let prefix = try string("prefix") else { return fallback }
        let example = "e.g. \"\(fallback)\""
        guard prefix.hasPrefix("__"), prefix.count > 2 else {
            throw invalid("prefix", "\"\(prefix)\" must start with \"__\" and name something after it, \(example)")
        }
        guard prefix == prefix.lowercased(), !prefix.contains(where: \.isWhitespace) else {
            throw invalid("prefix", "\"\(prefix)\" must be lower-case and without spaces, \(example)")
        }
        return prefix
    }

    /// The `timezone` setting (an IANA name such as `Europe/Berlin`), or nil when the file sets none.
    public func timeZone() throws(ConfigError) -> TimeZone? {
        guard let name = try string("timezone") else { return nil }
        do {
            return try TimeZoneName.zone(name)
        } catch {
            throw invalid("timezone", "\(ErrorText.words(error))")
        }
    }

    /// The `interval` setting: how long a refresh stays fresh, `fallback` when unset, never below `minimum`.
    public func interval(default fallback: Duration, minimum: Duration) throws(ConfigError) -> Duration {
        let interval = try duration("interval") ?? fallback
        guard interval >= minimum else {
            throw invalid("interval", "must be at least \(minimum.components.seconds) s")
        }
        return interval
    }
}

/// A place on Earth as a provider file gives it (`latitude`, `longitude`), for the kinds that ask an API about one.
public struct Coordinates: Sendable, Equatable, Codable {
    /// Degrees north, −90…90.
    public var latitude: Double
    /// Degrees east, −180…180.
    public var longitude: Double

    /// Creates coordinates.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// A coordinate as a query parameter: at most 4 decimals and no trailing zeros (MET Norway refuses 5 or more
    /// with 403; about 11 m is finer than any model's grid).
    public static func queryText(_ value: Double) -> String {
        let text = NumberText.trimmed(value, maxDecimals: 4)
        return text == "-0" ? "0" : text
    }
}

extension ProviderConfig {
    /// The required `latitude` and `longitude`, each in its range.
    public func coordinates() throws(ConfigError) -> Coordinates {
        guard let latitude = try double("latitude") else {
            throw .missingKey(file: file, key: "latitude", expected: "degrees north, e.g. latitude = 52.52")
        }
        guard (-90...90).contains(latitude) else { throw invalid("latitude", "must be between -90 and 90") }
        guard let longitude = try double("longitude") else {
            throw .missingKey(file: file, key: "longitude", expected: "degrees east, e.g. longitude = 13.405")
        }
        guard (-180...180).contains(longitude) else { throw invalid("longitude", "must be between -180 and 180") }
        return Coordinates(latitude: latitude, longitude: longitude)
    }
}
