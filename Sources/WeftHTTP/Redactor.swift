import Foundation

/// Replaces secrets with `[redacted]` in whatever form they take in a URL, and shows every URL in a text as
/// `scheme://host[:port]/path`: every message, log line and stored error that names a URL goes through here.
///
/// A secret matches raw and in every percent-encoding of any of its characters, upper- or lower-case hex, and with
/// `+` for a space: the form an adapter put on the wire (`SECRET;q%3Fx`), the one a server echoes decoded or encoded
/// again, and the raw one all count, whichever characters each encoder chose to escape.
public struct Redactor: Sendable {
    /// What a secret is replaced with.
    static let placeholder = "[redacted]"

    /// Each secret's UTF-8 bytes, longest first, so a secret that contains another is replaced whole.
    private let needles: [[UInt8]]

    /// A redactor for `secrets`, in every encoded form.
    public init(secrets: [String]) {
        var set = Set<[UInt8]>()
        for secret in secrets where !secret.isEmpty { set.insert(Array(secret.utf8)) }
        needles = set.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
    }

    /// `text` with every secret replaced and every URL in its display form (no userinfo, query or fragment).
    ///
    /// Secrets go first: cutting a URL at a `?` inside an unencoded key would leave the key's first part behind.
    public func callAsFunction(_ text: String) -> String {
        URLRedaction.scrubbing(replacingSecrets(in: text))
    }

    /// `url` without credentials but with its non-secret query (userinfo and fragment dropped, secret
    /// parameters' values and this redactor's secrets replaced): a key to store, e.g. for HTTP validators.
    func storable(_ url: String) -> String {
        replacingSecrets(in: URLRedaction.storable(replacingSecrets(in: url)))
    }

    func replacingSecrets(in text: String) -> String {
        guard !needles.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        var position = 0
        var copied = 0
        while position < bytes.count {
            var matched = 0
            let byte = bytes[position]
            // Most bytes start no secret in any form: skip them without setting up a search.
            let mayStart = byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+")
            for needle in needles where mayStart || needle[0] == byte {
                if let end = Self.match(needle, in: bytes, at: position) {
                    matched = end - position
                    break
                }
            }
            if matched > 0 {
                out += bytes[copied..<position]
                out += Self.placeholder.utf8
                position += matched
                copied = position
            } else {
                position += 1
            }
        }
        guard copied > 0 else { return text }
        out += bytes[copied...]
        return String(decoding: out, as: UTF8.self)
    }

    /// Where a match of `needle` starting at `start` ends, each of its bytes read raw, as `%XX` or (a space) `+`.
    ///
    /// A `%25` in the text may be an escaped `%` or the secret's own `%` followed by "25": both readings are kept on
    /// a stack (no recursion: a secret may be long), so the search branches only there.
    static func match(_ needle: [UInt8], in text: [UInt8], at start: Int) -> Int? {
        var pending = [(j: 0, p: start)]
        while let (first, firstPosition) = pending.popLast() {
            var j = first
            var p = firstPosition
            while j < needle.count, p < text.count {
                let wanted = needle[j]
                let byte = text[p]
                let raw = byte == wanted || (wanted == UInt8(ascii: " ") && byte == UInt8(ascii: "+"))
                if byte == UInt8(ascii: "%"), p + 2 < text.count, let high = hexValue(text[p + 1]),
                    let low = hexValue(text[p + 2]), high << 4 | low == wanted
                {
                    if raw { pending.append((j + 1, p + 1)) }
                    j += 1
                    p += 3
                } else if raw {
                    j += 1
                    p += 1
                } else {
                    break
                }
            }
            if j == needle.count { return p }
        }
        return nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
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
