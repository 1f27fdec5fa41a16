import Foundation
import WeftCore
import WeftHTTP

/// The settings every HTTP provider kind reads alike (`contact`, `base_url`, `timeout`), checked with one set of
/// rules and messages.
extension ProviderConfig {
    /// `contact`, which goes into the User-Agent; nil when unset, refused when blank.
    public func contact() throws(ConfigError) -> String? {
        let contact = try string("contact")
        if let contact, contact.trimmingCharacters(in: .whitespaces).isEmpty {
            throw invalid("contact", "must not be empty")
        }
        return contact
    }

    /// `base_url`, which replaces an API's scheme and host (a mirror, proxy or replay server), without trailing
    /// slashes; nil when unset.
    public func baseURL() throws(ConfigError) -> String? {
        guard var baseURL = try string("base_url") else { return nil }
        while baseURL.hasSuffix("/") { baseURL.removeLast() }
        guard baseURL.hasPrefix("http://") || baseURL.hasPrefix("https://") else {
            throw invalid("base_url", "\"\(Redactor.displayURL(baseURL))\" must start with http:// or https://")
        }
        if let refusal = CredentialTransport.refusal(url: baseURL) { throw invalid("base_url", refusal) }
        return baseURL
    }

    /// `timeout`, the limit for each whole transfer: 1 s to 5 min; nil when unset.
    public func transferTimeout() throws(ConfigError) -> Duration? {
        guard let timeout = try duration("timeout") else { return nil }
        guard timeout > .zero, timeout <= .seconds(300) else {
            throw invalid("timeout", "must be between 1 s and 5 min, e.g. timeout = \"20s\"")
        }
        return timeout
    }
}

extension ConfigKey {
    /// `contact`, read by ``ProviderConfig/contact()``.
    public static func contact(_ meaning: String = "An e-mail or URL sent in the User-Agent.") -> ConfigKey {
        ConfigKey("contact", .string, range: "not empty", meaning)
    }

    /// `base_url`, read by ``ProviderConfig/baseURL()``; `fallback` is the API's own.
    public static func baseURL(default fallback: String) -> ConfigKey {
        ConfigKey(
            "base_url", .string, default: fallback, range: "http:// or https://",
            "A mirror, proxy or replay server asked instead of the API's scheme and host.")
    }

    /// `timeout`, read by ``ProviderConfig/transferTimeout()``.
    public static func transferTimeout(default fallback: String) -> ConfigKey {
        ConfigKey("timeout", .duration, default: fallback, range: "1 s to 5 min", "The limit for each whole request.")
    }
}
