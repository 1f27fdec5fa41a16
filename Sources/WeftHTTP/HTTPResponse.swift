import Foundation

/// A completed response: whatever status the server answered (`HTTPClient.get` returns only 2xx and 304).
public struct HTTPResponse: Sendable {
    /// The final status code after redirects.
    public var status: Int
    /// The status line's reason phrase as the server sent it; empty for HTTP/2, which has none.
    public var reason: String
    /// Response headers of the final hop; names lower-cased, repeated headers joined with ", ".
    public var headers: [String: String]
    /// The decoded body (gzip/deflate undone); empty for 304.
    public var body: Data
    /// The effective URL after redirects; not redacted, so log it through the error types or redact it first.
    public var url: String
    /// When the response arrived, from the client's clock; relative header values are anchored here.
    public var receivedAt: Date
    /// Whether it came from a redirect target rather than the requested URL: its body is another server's page
    /// (perhaps one the requested server wanted weft to fetch for it), so no error message quotes it.
    public var redirected: Bool

    /// Creates a response; the client builds these, tests and replay servers may too.
    public init(
        status: Int, headers: [String: String], body: Data, url: String, receivedAt: Date, reason: String = "",
        redirected: Bool = false
    ) {
        self.redirected = redirected
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
        self.url = url
        self.receivedAt = receivedAt
    }

    /// The value of a header, looked up case-insensitively.
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// True for 304 Not Modified: keep the stored snapshot.
    public var isNotModified: Bool { status == 304 }

    /// The ETag validator, verbatim, to send back as If-None-Match.
    public var etag: String? { header("etag") }

    /// The Last-Modified validator, verbatim, to send back as If-Modified-Since.
    public var lastModified: String? { header("last-modified") }

    /// The server's Date header.
    public var date: Date? { header("date").flatMap(HTTPDate.parse) }

    /// The Expires header; an unparseable value (such as "0") means already expired, so `.distantPast`.
    public var expires: Date? {
        guard let value = header("expires") else { return nil }
        return HTTPDate.parse(value) ?? .distantPast
    }

    /// Cache-Control max-age in seconds (at most `largestDeltaSeconds`).
    public var maxAge: TimeInterval? {
        header("cache-control").flatMap(Self.maxAge(cacheControl:))
    }

    /// The longest a response counts as fresh, whatever its headers say: a day, so a calendar or forecast is
    /// read again at least daily and a typo such as `max-age=999999999` cannot park a provider for years.
    static let longestFreshness: TimeInterval = 86_400

    /// The longest wait a Retry-After is honoured for: a day. A server's "come back next year" (or a broken
    /// header) must not put a provider out of reach; after a day weft asks again and gets a fresh answer.
    static let longestRetryAfter: TimeInterval = 86_400

    /// What a delta-seconds value beyond any sensible one is read as (RFC 9111 §1.2.2: 2³¹).
    static let largestDeltaSeconds: TimeInterval = 2_147_483_648

    /// Retry-After as a point in time, anchored at `receivedAt`: delay-seconds count from there, and an
    /// HTTP-date is measured against the response's own Date (so a skewed server clock does not shift it).
    /// The wait is clamped to 0…`longestRetryAfter`; nil when absent or unreadable (e.g. "inf").
    ///
    /// A 429 without Retry-After is read by its `RateLimit-Reset` (seconds), as rate limiters following the IETF
    /// RateLimit fields send it (Pirate Weather's does), so one range-checked rule covers both.
    public var retryAfter: Date? {
        let field = header("retry-after") ?? (status == 429 ? header("ratelimit-reset") : nil)
        guard let value = field?.trimmingSpaces(), !value.isEmpty else { return nil }
        return Self.retryAfter(value, serverDate: date, receivedAt: receivedAt)
    }

    /// Until when the response is fresh, anchored at `receivedAt`: max-age less Age wins; otherwise Expires
    /// measured against the response's own Date, less Age. The lifetime is clamped to 0…`longestFreshness`.
    public var freshUntil: Date? {
        let age = header("age").flatMap { Self.deltaSeconds(Substring($0)) } ?? 0
        let lifetime: TimeInterval
        if let maxAge {
            lifetime = maxAge - age
        } else if let expires {
            // Comparing Expires with the server's own Date cancels out clock skew between us and it.
            lifetime = expires.timeIntervalSince(date ?? receivedAt) - age
        } else {
            return nil
        }
        return receivedAt.addingTimeInterval(Self.clamped(lifetime, to: Self.longestFreshness))
    }

    /// A Retry-After value (delay-seconds or an HTTP-date) as a point in time after `receivedAt`.
    static func retryAfter(_ value: String, serverDate: Date?, receivedAt: Date) -> Date? {
        let wait: TimeInterval
        if let seconds = deltaSeconds(Substring(value)) {
            wait = seconds
        } else if let date = HTTPDate.parse(value) {
            wait = date.timeIntervalSince(serverDate ?? receivedAt)
        } else {
            return nil
        }
        return receivedAt.addingTimeInterval(clamped(wait, to: longestRetryAfter))
    }

    /// RFC 9110 delta-seconds: digits only; a number too large for any clock reads as `largestDeltaSeconds`.
    static func deltaSeconds(_ text: Substring) -> TimeInterval? {
        let digits = text.trimmingCharacters(in: .whitespaces)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        guard let value = Int(digits) else { return largestDeltaSeconds }
        return min(TimeInterval(value), largestDeltaSeconds)
    }

    /// `interval` within 0…`limit`; NaN (from dates far apart) counts as 0.
    static func clamped(_ interval: TimeInterval, to limit: TimeInterval) -> TimeInterval {
        guard interval.isFinite else { return interval > 0 ? limit : 0 }
        return min(max(interval, 0), limit)
    }

    /// The body as UTF-8 text, invalid sequences replaced.
    public var text: String { String(decoding: body, as: UTF8.self) }

    static func maxAge(cacheControl: String) -> TimeInterval? {
        for directive in cacheControl.split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces() }
            guard parts.count == 2, parts[0].lowercased() == "max-age" else { continue }
            var value = Substring(parts[1])
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = value.dropFirst().dropLast()
            }
            if let seconds = deltaSeconds(value) { return seconds }
        }
        return nil
    }
}
