import Foundation

/// A completed response: 2xx, or 304 when the stored validators still match.
public struct HTTPResponse: Sendable {
    /// The final status code after redirects.
    public var status: Int
    /// Response headers of the final hop; names lower-cased, repeated headers joined with ", ".
    public var headers: [String: String]
    /// The decoded body (gzip/deflate undone); empty for 304.
    public var body: Data
    /// The effective URL after redirects; not redacted, so log it through the error types or redact it first.
    public var url: String
    /// When the response arrived, from the client's clock; relative header values are anchored here.
    public var receivedAt: Date

    /// Creates a response; the client builds these, tests and replay servers may too.
    public init(status: Int, headers: [String: String], body: Data, url: String, receivedAt: Date) {
        self.status = status
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

    /// Cache-Control max-age in seconds.
    public var maxAge: TimeInterval? {
        header("cache-control").flatMap(Self.maxAge(cacheControl:))
    }

    /// Retry-After as a point in time: delay-seconds count from `receivedAt`.
    public var retryAfter: Date? {
        guard let value = header("retry-after")?.trimmingSpaces(), !value.isEmpty else { return nil }
        if let seconds = Int(value), seconds >= 0 {
            return receivedAt.addingTimeInterval(TimeInterval(seconds))
        }
        return HTTPDate.parse(value)
    }

    /// Until when the response is fresh: max-age, else Expires measured against the server's Date, minus Age.
    public var freshUntil: Date? {
        let age = header("age").flatMap { Int($0.trimmingSpaces()) }.map { TimeInterval(max(0, $0)) } ?? 0
        if let maxAge {
            return receivedAt.addingTimeInterval(maxAge - age)
        }
        guard let expires else { return nil }
        // Comparing Expires with the server's own Date cancels out clock skew between us and it.
        let lifetime = expires.timeIntervalSince(date ?? receivedAt)
        return receivedAt.addingTimeInterval(max(0, lifetime) - age)
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
            if let seconds = Int(value), seconds >= 0 { return TimeInterval(seconds) }
        }
        return nil
    }
}
