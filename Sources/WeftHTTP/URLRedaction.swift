import Foundation

/// What weft may show or keep of a URL: credentials never, in whatever form they hide in it.
///
/// Credentials are the userinfo (`user:password@`), the values of query parameters named like keys, tokens,
/// passwords or signatures (`SecretName.matches`), and long runs of letters and digits that look like a
/// capability token wherever they stand (the path of a private calendar feed is often the only secret). The
/// fragment is never sent and is dropped whole.
enum URLRedaction {
    /// `scheme://host[:port]/path`, token-like path runs replaced: what a message or log line shows.
    static func display(_ url: String) -> String? {
        guard let parts = URLParts(url) else { return nil }
        return parts.origin + redactingTokens(in: parts.path)
    }

    /// `scheme://host[:port]/path?query` with userinfo and fragment dropped and secret query values replaced:
    /// stable for one configured URL, so it keys stored validators, yet holds none of its credentials.
    static func storable(_ url: String) -> String {
        guard let parts = URLParts(url) else { return redactingTokens(in: url) }
        var result = parts.origin + redactingTokens(in: parts.path)
        if let query = parts.query { result += "?" + redactingQuery(query) }
        return result
    }

    /// The credentials in `url` as text may echo them (an error page that repeats the request, a log line):
    /// the userinfo and password, secret query values, and token-like runs, raw and percent-decoded.
    ///
    /// Values shorter than `shortestEcho` are left out: replacing every "ab" in a message would mangle it,
    /// and the URL's own parts are redacted structurally anyway.
    static func secrets(in url: String) -> [String] {
        guard let parts = URLParts(url) else { return [] }
        var found: [Substring] = []
        if let userinfo = parts.userinfo {
            found.append(userinfo)
            if let colon = userinfo.firstIndex(of: ":") { found.append(userinfo[userinfo.index(after: colon)...]) }
            // curl sends the userinfo as Basic credentials, which a server may echo back.
            let plain = userinfo.removingPercentEncoding ?? String(userinfo)
            found.append(Substring(Data(plain.utf8).base64EncodedString()))
        }
        found += tokenRuns(in: parts.path)
        if let query = parts.query {
            for item in query.split(whereSeparator: { $0 == "&" || $0 == ";" }) {
                let (name, value) = split(item)
                guard let value, !value.isEmpty else {
                    found += tokenRuns(in: item)
                    continue
                }
                if SecretName.matches(decoded(name)) { found.append(value) } else { found += tokenRuns(in: value) }
            }
        }
        var result: [String] = []
        for secret in found {
            let forms = [String(secret), decoded(secret), secret.removingPercentEncoding ?? String(secret)]
            for form in forms where form.count >= shortestEcho {
                if !result.contains(form) { result.append(form) }
            }
        }
        return result
    }

    /// Every `scheme://…` in free text (a libcurl message, a redirect target, an echoed body) in its display form.
    static func scrubbing(_ text: String) -> String {
        guard text.contains("://") else { return text }
        var result = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            var start = separator.lowerBound
            while start > rest.startIndex, rest[rest.index(before: start)].isSchemeCharacter {
                start = rest.index(before: start)
            }
            while start < separator.lowerBound, !rest[start].isASCIILetter { start = rest.index(after: start) }
            guard start < separator.lowerBound else {
                result += rest[..<separator.upperBound]
                rest = rest[separator.upperBound...]
                continue
            }
            var end = separator.upperBound
            while end < rest.endIndex, !rest[end].endsURLInText { end = rest.index(after: end) }
            end = trimmingClosingPunctuation(rest[start..<end])
            result += rest[..<start]
            let candidate = String(rest[start..<end])
            result += display(candidate) ?? Redactor.placeholder
            rest = rest[end...]
        }
        return result + String(rest)
    }

    /// The shortest credential that is also searched for in free text.
    static let shortestEcho = 4
    /// The shortest run of letters and digits taken for a token when nothing names it so.
    static let shortestToken = 20

    /// `name=value` pairs with secret values replaced, and bare token-like items too; separators kept.
    private static func redactingQuery(_ query: Substring) -> String {
        var result = ""
        var item = Substring()
        func flush() {
            let (name, value) = split(item)
            if let value, !value.isEmpty, SecretName.matches(decoded(name)) {
                result += String(name) + "=" + Redactor.placeholder
            } else {
                result += redactingTokens(in: item)
            }
        }
        var start = query.startIndex
        for index in query.indices where query[index] == "&" || query[index] == ";" {
            item = query[start..<index]
            flush()
            result.append(query[index])
            start = query.index(after: index)
        }
        item = query[start...]
        flush()
        return result
    }

    /// `text` with every token-like run of letters and digits replaced.
    static func redactingTokens(in text: Substring) -> String {
        let runs = tokenRuns(in: text)
        guard !runs.isEmpty else { return String(text) }
        var result = ""
        var position = text.startIndex
        for run in runs {
            result += String(text[position..<run.startIndex]) + Redactor.placeholder
            position = run.endIndex
        }
        return result + String(text[position...])
    }

    private static func redactingTokens(in text: String) -> String { redactingTokens(in: Substring(text)) }

    /// Runs of ASCII letters and digits at least `shortestToken` long that mix both, as random tokens do and
    /// words, dates and numbers do not.
    static func tokenRuns(in text: Substring) -> [Substring] {
        var runs: [Substring] = []
        var start: Substring.Index?
        var letters = false
        var digits = false
        func close(at end: Substring.Index) {
            if let begin = start, letters, digits, text.distance(from: begin, to: end) >= shortestToken {
                runs.append(text[begin..<end])
            }
            start = nil
            letters = false
            digits = false
        }
        for index in text.indices {
            let character = text[index]
            if character.isASCIILetter || character.isASCIIDigit {
                if start == nil { start = index }
                if character.isASCIILetter { letters = true } else { digits = true }
            } else {
                close(at: index)
            }
        }
        close(at: text.endIndex)
        return runs
    }

    private static func split(_ item: Substring) -> (name: Substring, value: Substring?) {
        guard let equals = item.firstIndex(of: "=") else { return (item, nil) }
        return (item[..<equals], item[item.index(after: equals)...])
    }

    private static func decoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// Drops trailing sentence punctuation (and an unbalanced ")") that text puts right after a URL.
    private static func trimmingClosingPunctuation(_ candidate: Substring) -> Substring.Index {
        var end = candidate.endIndex
        while end > candidate.startIndex {
            let last = candidate[candidate.index(before: end)]
            let open = candidate[..<end].filter { $0 == "(" }.count
            let close = candidate[..<end].filter { $0 == ")" }.count
            guard ".,;:!?'".contains(last) || (last == ")" && close > open) else { break }
            end = candidate.index(before: end)
        }
        return end
    }
}

/// Query parameter names whose values are credentials, compared case-insensitively after percent-decoding,
/// with `-`, `.` and spaces read as `_` (so `X-Amz-Signature` is `x_amz_signature`).
///
/// The families follow what log scrubbers of mature tools filter: exact short names (`key`, `sig`, `pwd`,
/// `code`…) and any name containing token, secret, passw(ord), signature, credential, auth, session, `_key`
/// (`api_key`, `access_key`, `private_key`…). A harmless parameter that matches (`author`) only loses its value
/// in stored keys; messages show no query at all.
enum SecretName {
    static let exact: Set<String> = [
        "key", "apikey", "appkey", "sig", "pw", "pwd", "pass", "code", "jwt", "sid", "otp", "hmac", "ticket",
    ]
    static let fragments = [
        "token", "secret", "passw", "passphrase", "signature", "credential", "auth", "session", "_key", "key_",
        "apikey", "privatekey", "accesskey",
    ]

    static func matches(_ name: String) -> Bool {
        let normalized = String(
            name.lowercased().map { $0 == "-" || $0 == "." || $0 == " " ? "_" : $0 }
        ).trimmingSpaces()
        return exact.contains(normalized) || fragments.contains { normalized.contains($0) }
    }
}

/// A URL split without URLComponents: a URL that curl would reject, an unencoded character or an IPv6 literal
/// must still split, because the parts are what hide credentials.
struct URLParts {
    /// The scheme as written.
    var scheme: Substring
    /// What stands before the last "@" of the authority.
    var userinfo: Substring?
    /// The host (an IPv6 literal with its brackets) and ":port" when the port is a number.
    var hostAndPort: String
    /// The host alone (an IPv6 literal with its brackets), nil when empty.
    var host: String?
    /// From the first "/" after the authority up to "?" or "#".
    var path: Substring
    /// Between "?" and "#", without either.
    var query: Substring?

    init?(_ text: String) {
        guard let separator = text.range(of: "://") else { return nil }
        let scheme = text[..<separator.lowerBound]
        guard let first = scheme.first, first.isASCIILetter, scheme.allSatisfy(\.isSchemeCharacter) else {
            return nil
        }
        self.scheme = scheme
        let rest = text[separator.upperBound...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            userinfo = authority[..<at]
            authority = authority[authority.index(after: at)...]
        }
        hostAndPort = Self.hostAndPort(authority)
        let host = Self.host(authority)
        self.host = host.isEmpty ? nil : String(host)
        let afterAuthority = rest[authorityEnd...]
        let pathEnd = afterAuthority.firstIndex { $0 == "?" || $0 == "#" } ?? afterAuthority.endIndex
        path = afterAuthority[..<pathEnd]
        let afterPath = afterAuthority[pathEnd...]
        if afterPath.first == "?" {
            let query = afterPath.dropFirst()
            self.query = query[..<(query.firstIndex(of: "#") ?? query.endIndex)]
        }
    }

    /// `scheme://host[:port]`.
    var origin: String { String(scheme) + "://" + hostAndPort }

    /// The port is kept only when it is a number: "user:pa" before a "/" in an unencoded password reads as a
    /// host and a port, and that port would be part of the password.
    private static func hostAndPort(_ authority: Substring) -> String {
        let host = host(authority)
        let port: Substring?
        if authority.first == "[", let close = authority.firstIndex(of: "]") {
            let after = authority[authority.index(after: close)...]
            port = after.isEmpty ? nil : after.first == ":" ? after.dropFirst() : after
        } else if let colon = authority.firstIndex(of: ":") {
            port = authority[authority.index(after: colon)...]
        } else {
            port = nil
        }
        guard let port else { return String(host) }
        if !port.isEmpty, port.allSatisfy(\.isASCIIDigit) { return String(host) + ":" + String(port) }
        return String(host) + ":" + Redactor.placeholder
    }

    /// The authority without its port.
    private static func host(_ authority: Substring) -> Substring {
        if authority.first == "[", let close = authority.firstIndex(of: "]") { return authority[...close] }
        return authority[..<(authority.firstIndex(of: ":") ?? authority.endIndex)]
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { isASCII && isLetter }
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
    fileprivate var isSchemeCharacter: Bool {
        isASCIILetter || isASCIIDigit || self == "+" || self == "-" || self == "."
    }
    /// Where a URL written in running text stops.
    fileprivate var endsURLInText: Bool {
        isWhitespace || "\"'<>`".contains(self) || unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
