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
            throw invalid("timezone", "\(error)")
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
