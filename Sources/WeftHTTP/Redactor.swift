import Foundation

/// Replaces secrets, raw or percent-encoded, with `[redacted]`, and shows every URL in a text as
/// `scheme://host[:port]/path`: every message, log line and stored error that names a URL goes through here.
public struct Redactor: Sendable {
    /// What a secret is replaced with.
    static let placeholder = "[redacted]"

    /// Longest first, so a secret that contains another is replaced whole.
    private let needles: [String]

    /// A redactor for `secrets` and their percent-encoded forms.
    public init(secrets: [String]) {
        var allowedSets: [CharacterSet] = [.urlPathAllowed, .urlQueryAllowed]
        var unreserved = CharacterSet.alphanumerics
        unreserved.insert(charactersIn: "-._~")
        allowedSets.append(unreserved)
        var set = Set<String>()
        for secret in secrets where !secret.isEmpty {
            set.insert(secret)
            // A key with "+" or "/" shows up percent-encoded in a URL.
            for allowed in allowedSets {
                if let encoded = secret.addingPercentEncoding(withAllowedCharacters: allowed) {
                    set.insert(encoded)
                    set.insert(encoded.replacingPercentHexWithLowercase())
                }
            }
        }
        needles = set.sorted { $0.count != $1.count ? $0.count > $1.count : $0 < $1 }
    }

    /// `text` with every URL in its display form (no userinfo, query or fragment) and every secret replaced.
    public func callAsFunction(_ text: String) -> String {
        replacingSecrets(in: URLRedaction.scrubbing(text))
    }

    /// `url` without credentials but with its non-secret query (userinfo and fragment dropped, secret
    /// parameters' values and this redactor's secrets replaced): a key to store, e.g. for HTTP validators.
    func storable(_ url: String) -> String {
        replacingSecrets(in: URLRedaction.storable(url))
    }

    private func replacingSecrets(in text: String) -> String {
        var result = text
        for needle in needles where result.contains(needle) {
            result = result.replacingOccurrences(of: needle, with: Self.placeholder)
        }
        return result
    }

    /// `url` as messages show it: `scheme://host[:port]/path`, token-like path segments replaced; text that is
    /// not a `scheme://` URL comes back with its URLs and token-like runs redacted.
    public static func displayURL(_ url: String) -> String {
        URLRedaction.display(url) ?? URLRedaction.redactingTokens(in: Substring(URLRedaction.scrubbing(url)))
    }

    /// The credentials hidden in `url` (userinfo, secret query values, token-like runs), to redact wherever a
    /// server or library echoes them.
    public static func credentials(inURL url: String) -> [String] {
        URLRedaction.secrets(in: url)
    }
}

extension Redactor {
    /// Header names whose values are credentials even when passed as ordinary headers.
    static let credentialHeaderNames: Set<String> = ["authorization", "proxy-authorization", "cookie"]

    /// The credentials among `headers`: whole values and, for "Bearer abc", the bare token a server may echo.
    public static func credentials(in headers: [String: String]) -> [String] {
        var result: [String] = []
        for (name, value) in headers where credentialHeaderNames.contains(name.lowercased()) {
            result.append(value)
            if let space = value.firstIndex(of: " ") {
                result.append(String(value[value.index(after: space)...]).trimmingSpaces())
            }
        }
        return result
    }
}

extension String {
    /// "%2F" → "%2f": servers and redirects may use either case of hex digits.
    fileprivate func replacingPercentHexWithLowercase() -> String {
        var out = ""
        var remainingHex = 0
        for ch in self {
            if ch == "%" {
                remainingHex = 2
                out.append(ch)
            } else if remainingHex > 0 {
                remainingHex -= 1
                out.append(contentsOf: ch.lowercased())
            } else {
                out.append(ch)
            }
        }
        return out
    }
}
